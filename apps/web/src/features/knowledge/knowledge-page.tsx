/**
 * Knowledge entries (back-office spec §2, §5, §8): a table newest first, an inline form, delete
 * with confirmation. The related product is optional; 'Tidak ada' sends product_id 0 (unlink).
 */
import { useState, type FormEvent } from 'react';
import { knowledgeInputSchema, knowledgeMessages, type KnowledgeEntry } from '@pasar/core/knowledge';
import {
  AdminPageHeader,
  AdminTable,
  buttonStyles,
  confirmAction,
  EmptyState,
  ErrorBanner,
  failureMessage,
  SelectField,
  serverFieldErrors,
  SuccessBanner,
  TextAreaField,
  TextField,
} from '../../components/admin/admin-ui';
import { useDeleteKnowledge, useKnowledge, useProductOptions, useSaveKnowledge } from './api/knowledge-api';
import { UnansweredQuestions } from './unanswered-questions';

interface FormState {
  id?: number;
  version?: number;
  title: string;
  file: string;
  description: string;
  product_id: string;
}

const empty: FormState = { title: '', file: '', description: '', product_id: '0' };

export default function KnowledgePage() {
  const list = useKnowledge();
  const productOptions = useProductOptions();
  const save = useSaveKnowledge();
  const remove = useDeleteKnowledge();
  const [form, setForm] = useState<FormState>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const edit = (k: KnowledgeEntry) => {
    setForm({ id: k.id, version: k.version, title: k.title, file: k.file, description: k.description, product_id: String(k.product_id ?? 0) });
    setErrors({});
    setBanner(null);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    setNotice(null);
    const parsed = knowledgeInputSchema.safeParse(form);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    try {
      const body = { title: parsed.data.title, file: parsed.data.file, description: parsed.data.description, product_id: parsed.data.product_id ?? 0 };
      const result = await save.mutateAsync({ ...(form.id ? { id: form.id, version: form.version } : {}), body });
      setForm(empty);
      setNotice(result.message ?? null);
    } catch (error) {
      setErrors(serverFieldErrors(error));
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
      if (form.id === k.id) setForm(empty);
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

      <form onSubmit={submit} noValidate aria-label={form.id ? 'Ubah entri pengetahuan' : 'Tambah entri pengetahuan'} className="mb-6 grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-2">
        <TextField id="knowledge-title" label="Judul" value={form.title} error={errors.title} onChange={(e) => setForm({ ...form, title: e.target.value })} maxLength={200} />
        <SelectField id="knowledge-product" label="Produk terkait" value={form.product_id} error={errors.product_id} onChange={(e) => setForm({ ...form, product_id: e.target.value })}>
          <option value="0">Tidak ada</option>
          {productOptions.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.is_active ? '' : ' (nonaktif)'}
            </option>
          ))}
        </SelectField>
        <div className="md:col-span-2">
          <TextField id="knowledge-file" label="Berkas (URL atau path, opsional)" value={form.file} error={errors.file} onChange={(e) => setForm({ ...form, file: e.target.value })} />
        </div>
        <div className="md:col-span-2">
          <TextAreaField id="knowledge-description" label="Deskripsi" rows={4} value={form.description} error={errors.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        </div>
        <div className="flex gap-2 md:col-span-2">
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : form.id ? 'Simpan perubahan' : 'Tambah entri'}
          </button>
          {form.id && (
            <button type="button" className={buttonStyles.secondary} onClick={() => { setForm(empty); setErrors({}); }}>
              Batal
            </button>
          )}
        </div>
      </form>

      {list.isError && <ErrorBanner message={knowledgeMessages.loadFailed} />}
      {list.isPending && <p role="status">Memuat entri pengetahuan…</p>}
      {list.data && list.data.length === 0 && <EmptyState title="Belum ada entri pengetahuan." />}
      {list.data && list.data.length > 0 && (
        <AdminTable label="Daftar entri pengetahuan">
          <thead className="bg-stone-50 text-left text-stone-600">
            <tr>
              <th className="px-4 py-2">Judul</th>
              <th className="px-4 py-2">Deskripsi</th>
              <th className="px-4 py-2">Produk terkait</th>
              <th className="px-4 py-2">Berkas</th>
              <th className="px-4 py-2">Dibuat</th>
              <th className="px-4 py-2 text-right">Aksi</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {list.data.map((k) => (
              <tr key={k.id} className={form.id === k.id ? 'bg-green-50' : ''}>
                <td className="px-4 py-2 font-semibold">{k.title}</td>
                <td className="max-w-md px-4 py-2 text-stone-600">
                  <span className="line-clamp-2">{k.description || '—'}</span>
                </td>
                <td className="px-4 py-2">{k.product?.name ?? '—'}</td>
                <td className="max-w-[12rem] truncate px-4 py-2 text-stone-600">{k.file ? <a href={k.file} className="text-green-800 underline" target="_blank" rel="noreferrer">{k.file}</a> : '—'}</td>
                <td className="px-4 py-2 text-stone-600">{new Date(k.created_at).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short' })}</td>
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
          setForm({ ...empty, title: question });
          setErrors({});
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
