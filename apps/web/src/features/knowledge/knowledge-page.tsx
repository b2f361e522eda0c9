/**
 * Knowledge entries (docs/requirements/back-office.md §2, §5, §8): a table newest first, an inline form, delete
 * with confirmation. The related product is optional; 'Tidak ada' sends product_id 0 (unlink).
 * The file is either a typed address or an uploaded .txt, .md or .pdf (issue 7), whose text the
 * shopping assistant reads; the table says when it could not read any.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_KNOWLEDGE_SORT, KNOWLEDGE_FILE_ACCEPT, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_FILE_PREFIX, KNOWLEDGE_FILE_TYPES, KNOWLEDGE_SORTS, knowledgeInputSchema, knowledgeMessages, type KnowledgeEntry, type KnowledgeInput } from '@pasar/core/knowledge';
import { formatDateTime } from '@pasar/core/time';
import { AdminPageHeader, AdminTable, buttonStyles, confirmAction, EmptyState, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { SortableHeader, ListSearchField, useListSearch, useListSort } from '../../components/admin/sorting';
import { discardChangesMessage } from '../../components/confirm';
import { draftRestoredMessage, failureMessage, Field, setServerErrors, useEditConflict, useFormDraft, useUnsavedChanges, useZodForm } from '../../components/form';
import { api } from '../../lib/api-client';
import { useDeleteKnowledge, useKnowledge, useProductOptions, useSaveKnowledge } from './api/knowledge-api';
import { UnansweredQuestions } from './unanswered-questions';

interface FormState {
  title: string;
  file: string;
  description: string;
  product_id: string;
  /** The picked .txt, .md or .pdf; sent beside the checked fields, never read by the schema. */
  upload: File | null;
}

const empty: FormState = { title: '', file: '', description: '', product_id: '0', upload: null };

/** The server checks the content too; this only saves a useless upload. */
function uploadProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!KNOWLEDGE_FILE_TYPES.some((ext) => name.endsWith(ext))) return knowledgeMessages.fileType;
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return knowledgeMessages.fileTooLarge;
  return null;
}

const toForm = (k: KnowledgeEntry): FormState => ({ title: k.title, file: k.file, description: k.description, product_id: String(k.product_id ?? 0), upload: null });

const fileLabel = (file: string) => (file.startsWith(KNOWLEDGE_FILE_PREFIX) ? `Berkas ${file.slice(file.lastIndexOf('.')).toUpperCase()}` : file);

export default function KnowledgePage() {
  const sort = useListSort(KNOWLEDGE_SORTS, DEFAULT_KNOWLEDGE_SORT);
  const search = useListSearch();
  const list = useKnowledge({ q: search.q, sort: sort.sort, dir: sort.dir });
  const productOptions = useProductOptions();
  const save = useSaveKnowledge();
  const remove = useDeleteKnowledge();
  // The entry being edited (its id and version travel with the save), or null for a new one.
  const [editing, setEditing] = useState<KnowledgeEntry | null>(null);
  const form = useZodForm(knowledgeInputSchema, { defaultValues: empty });
  // Issue 31 item 18: a session that ran out mid-edit keeps the typing; it comes back here after signing in.
  const draft = useFormDraft(form, 'knowledge', editing?.id ?? null);
  const [draftPending, setDraftPending] = useState(draft !== null);
  // Issue 31 item 16: a save that lost a race offers the latest version or one's own.
  const conflict = useEditConflict<FormState>({
    version: editing?.version,
    recordId: editing?.id,
    loadLatest: async () => {
      const latest = (await api<KnowledgeEntry[]>('/knowledge/')).find((k) => k.id === editing?.id);
      return latest ? { values: toForm(latest), version: latest.version } : null;
    },
    labels: { title: 'Judul', product_id: 'Produk terkait', file: 'Berkas', description: 'Deskripsi' },
    show: { product_id: (v) => (String(v) === '0' ? 'Tidak ada' : (productOptions.data?.find((p) => String(p.id) === String(v))?.name ?? String(v))) },
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const [file, upload] = form.watch(['file', 'upload']);
  // A new key empties the file input after a save or a cancel.
  const [uploadKey, setUploadKey] = useState(0);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The draft goes back on its entry once the list has it (a new entry's draft at once).
  const draftEntry = draft?.recordId ? list.data?.find((k) => k.id === draft.recordId) : undefined;
  useEffect(() => {
    if (!draft || !draftPending || (draft.recordId !== null && !draftEntry)) return;
    setDraftPending(false);
    setEditing(draftEntry ?? null);
    form.reset(draftEntry ? toForm(draftEntry) : empty);
    form.reset({ ...draft.values, upload: null }, { keepDefaultValues: true });
    setNotice(draftRestoredMessage);
  }, [draft, draftPending, draftEntry, form]);

  const start = (entry: KnowledgeEntry | null, values: FormState = empty) => {
    conflict.dismiss();
    setEditing(entry);
    form.reset(values);
    setUploadKey((k) => k + 1);
  };

  /**
   * Issue 31 item 15: "Ubah" on another entry, "Batal" or a question taken from the unanswered list
   * replaces the form; half-typed work is dropped only after the same question a dialog asks.
   */
  const mayReplace = () => !form.formState.isDirty || confirmAction(discardChangesMessage);

  const edit = (k: KnowledgeEntry) => {
    if (!mayReplace()) return;
    start(k, toForm(k));
    setBanner(null);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submit = async (input: KnowledgeInput) => {
    const picked = form.getValues('upload');
    const problem = picked ? uploadProblem(picked) : null;
    if (problem) {
      form.setError('upload', { type: 'validate', message: problem });
      return;
    }
    try {
      const body = { title: input.title, file: input.file, description: input.description, product_id: input.product_id ?? 0 };
      conflict.dismiss();
      const result = await save.mutateAsync({ ...(editing ? { id: editing.id, version: conflict.version() } : {}), body, upload: picked });
      start(null);
      setNotice(result.message ?? null);
    } catch (error) {
      if (conflict.caught(error, form)) return;
      // The server names the upload 'file'; the picker shows it.
      setServerErrors(error, form.setError, picked ? { file: 'upload' } : {});
      // The form adds 'Silakan coba lagi.' (spec §8).
      setBanner(`${failureMessage(error, knowledgeMessages.saveFailed)} ${knowledgeMessages.tryAgain}`);
    }
  };

  const del = async (k: KnowledgeEntry) => {
    if (!confirmAction(knowledgeMessages.deleteConfirm(k.title))) return;
    setBanner(null);
    setNotice(null);
    try {
      const result = await remove.mutateAsync(k.id);
      if (editing?.id === k.id) start(null);
      setNotice(result.message ?? null);
    } catch (error) {
      setBanner(failureMessage(error, knowledgeMessages.deleteFailed));
    }
  };

  return (
    <div>
      <AdminPageHeader title="Pengetahuan" description="Informasi yang dipakai asisten belanja untuk menjawab pembeli: bahan, cara menyimpan, pengiriman, dan lainnya." />
      <ErrorBanner message={banner} onClose={() => setBanner(null)} />
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />

      <form
        onSubmit={(e) => {
          setBanner(null);
          setNotice(null);
          void form.handleSubmit(submit)(e);
        }}
        noValidate
        aria-label={editing ? 'Ubah entri pengetahuan' : 'Tambah entri pengetahuan'} className="mb-6 grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-2">
        {conflict.panel && <div className="md:col-span-2">{conflict.panel}</div>}
        <Field id="knowledge-title" label="Judul" maxLength={200} error={errors.title?.message} {...form.register('title')} />
        {/* Controlled: the products arrive after the form, and the linked one must show once they do. */}
        <Field as="select" id="knowledge-product" label="Produk terkait" value={form.watch('product_id')} error={errors.product_id?.message} {...form.register('product_id')}>
          <option value="0">Tidak ada</option>
          {productOptions.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.is_active ? '' : ' (nonaktif)'}
            </option>
          ))}
        </Field>
        <div className="md:col-span-2">
          {file && (
            <p className="text-sm text-stone-600">
              Berkas saat ini:{' '}
              <a href={file} target="_blank" rel="noreferrer" className="text-green-800 underline">
                {fileLabel(file)}
              </a>
              {upload && ' (akan diganti)'}
            </p>
          )}
          <Field
            key={uploadKey}
            id="knowledge-upload"
            label={`Unggah berkas (.txt, .md atau .pdf, maks. ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB)`}
            type="file"
            accept={KNOWLEDGE_FILE_ACCEPT}
            error={errors.upload?.message}
            hint="Isi berkas dibaca asisten belanja untuk menjawab pembeli. PDF hasil pindaian (gambar) tidak dapat dibaca."
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? uploadProblem(chosen) : null;
              form.setValue('upload', chosen);
              if (problem) form.setError('upload', { type: 'validate', message: problem });
              else form.clearErrors('upload');
            }}
          />
        </div>
        <div className="md:col-span-2">
          <Field
            id="knowledge-file"
            label="Berkas (URL atau path, opsional)"
            hint={upload ? 'Berkas yang diunggah menggantikan alamat ini.' : 'Atau tulis alamat berkas bila tidak mengunggah.'}
            disabled={upload !== null}
            error={errors.file?.message}
            {...form.register('file')}
          />
        </div>
        <div className="md:col-span-2">
          <Field as="textarea" id="knowledge-description" label="Deskripsi" rows={4} error={errors.description?.message} {...form.register('description')} />
        </div>
        <div className="flex gap-2 md:col-span-2">
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : editing ? 'Simpan perubahan' : 'Tambah entri'}
          </button>
          {editing && (
            <button type="button" className={buttonStyles.secondary} onClick={() => mayReplace() && start(null)}>
              Batal
            </button>
          )}
        </div>
      </form>

      {list.isError && <ErrorBanner message={knowledgeMessages.loadFailed} />}
      {list.isPending && <p role="status">Memuat entri pengetahuan…</p>}
      <ListSearchField label="Cari entri" placeholder="Judul, deskripsi, berkas, atau produk" search={search} className="mb-3 max-w-md" />
      {list.data &&
        list.data.length === 0 &&
        (search.q ? <EmptyState title={`Tidak ada entri yang cocok dengan "${search.q}".`}>Coba kata kunci lain.</EmptyState> : <EmptyState title="Belum ada entri pengetahuan." />)}
      {list.data && list.data.length > 0 && (
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
            {list.data.map((k) => (
              <tr key={k.id} className={editing?.id === k.id ? 'bg-green-50' : ''}>
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
                  <div className="flex justify-end gap-2">
                    <button type="button" className={buttonStyles.small} onClick={() => edit(k)} aria-label={`Ubah ${k.title}`}>
                      Ubah
                    </button>
                    <button type="button" className={buttonStyles.danger} onClick={() => void del(k)} aria-label={`Hapus ${k.title}`} disabled={remove.isPending}>
                      Hapus
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <UnansweredQuestions
        onUse={(question) => {
          if (!mayReplace()) return;
          start(null, { ...empty, title: question });
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
