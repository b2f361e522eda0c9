/** The knowledge entries' table: title, description, product, file (and whether the assistant could read it), date, actions. */
import { KNOWLEDGE_FILE_PREFIX, type KnowledgeEntry, type KnowledgeSort } from '@pasar/core/knowledge';
import { formatDateTime } from '@pasar/core/time';
import { AdminTable } from '../../components/admin/admin-ui';
import { RowActions } from '../../components/admin/row-actions';
import { SortableHeader, type ListSort } from '../../components/admin/sorting';

/** An uploaded file by its type ("Berkas .PDF"), a typed address as it is. */
export const fileLabel = (file: string) => (file.startsWith(KNOWLEDGE_FILE_PREFIX) ? `Berkas ${file.slice(file.lastIndexOf('.')).toUpperCase()}` : file);

export function KnowledgeTable({ entries, sort, editingId, deleting, onEdit, onDelete }: {
  entries: readonly KnowledgeEntry[];
  sort: ListSort<KnowledgeSort>;
  editingId: number | null;
  deleting: boolean;
  onEdit: (entry: KnowledgeEntry) => void;
  onDelete: (entry: KnowledgeEntry) => void;
}) {
  return (
    <AdminTable label="Daftar entri pengetahuan">
      <thead className="bg-stone-50 text-left text-stone-600">
        <tr>
          <SortableHeader field="title" label="Judul" sort={sort} />
          <th className="px-4 py-2">Deskripsi</th>
          <SortableHeader field="product" label="Produk terkait" sort={sort} />
          <th className="px-4 py-2">Berkas</th>
          <SortableHeader field="created_at" label="Dibuat" sort={sort} />
          <th className="px-4 py-2 text-right">Aksi</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {entries.map((k) => (
          <tr key={k.id} className={editingId === k.id ? 'bg-green-50' : ''}>
            <td className="px-4 py-2 font-semibold">{k.title}</td>
            <td className="max-w-md px-4 py-2 text-stone-600">
              <span className="line-clamp-2">{k.description || '—'}</span>
            </td>
            <td className="px-4 py-2">{k.product?.name ?? '—'}</td>
            <td className="max-w-[12rem] px-4 py-2 text-stone-600">
              {k.file ? (
                <>
                  <a href={k.file} className="block truncate text-green-800 underline" target="_blank" rel="noreferrer">
                    {fileLabel(k.file)}
                  </a>
                  {k.file_text_chars === 0 && <span className="text-xs text-amber-700">Teks tidak terbaca asisten</span>}
                </>
              ) : (
                '—'
              )}
            </td>
            <td className="px-4 py-2 text-stone-600">{formatDateTime(k.created_at)}</td>
            <td className="px-4 py-2">
              <RowActions name={k.title} onEdit={() => onEdit(k)} onDelete={() => onDelete(k)} deleteDisabled={deleting} className="flex justify-end gap-2" />
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
