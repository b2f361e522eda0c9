/**
 * Knowledge entries (back-office spec §2, §5, §8): a table newest first, an inline form, delete
 * with confirmation. The related product is optional; 'Tidak ada' sends product_id 0 (unlink).
 * The file is either a typed address or an uploaded .txt, .md or .pdf (issue 7), whose text the
 * shopping assistant reads; the table says when it could not read any.
 */
import { useState, type FormEvent } from 'react';
import { KNOWLEDGE_FILE_ACCEPT, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_FILE_PREFIX, KNOWLEDGE_FILE_TYPES, knowledgeInputSchema, knowledgeMessages, type KnowledgeEntry } from '@pasar/core/knowledge';
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

/** The server checks the content too; this only saves a useless upload. */
function uploadProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!KNOWLEDGE_FILE_TYPES.some((ext) => name.endsWith(ext))) return knowledgeMessages.fileType;
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return knowledgeMessages.fileTooLarge;
  return null;
}

const fileLabel = (file: string) => (file.startsWith(KNOWLEDGE_FILE_PREFIX) ? `Berkas ${file.slice(file.lastIndexOf('.')).toUpperCase()}` : file);

export default function KnowledgePage() {
  const list = useKnowledge();
  const productOptions = useProductOptions();
  const save = useSaveKnowledge();
  const remove = useDeleteKnowledge();
  const [form, setForm] = useState<FormState>(empty);
  const [upload, setUpload] = useState<File | null>(null);
  // A new key empties the file input after a save or a cancel.
  const [uploadKey, setUploadKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const edit = (k: KnowledgeEntry) => {
    setForm({ id: k.id, version: k.version, title: k.title, file: k.file, description: k.description, product_id: String(k.product_id ?? 0) });
    resetUpload();
    setErrors({});
    setBanner(null);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  function resetUpload() {
    setUpload(null);
    setUploadKey((k) => k + 1);
  }

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
    const problem = upload ? uploadProblem(upload) : null;
    if (problem) {
      setErrors({ upload: problem });
      return;
    }
    setErrors({});
    try {
      const body = { title: parsed.data.title, file: parsed.data.file, description: parsed.data.description, product_id: parsed.data.product_id ?? 0 };
      const result = await save.mutateAsync({ ...(form.id ? { id: form.id, version: form.version } : {}), body, upload });
      setForm(empty);
      resetUpload();
      setNotice(result.message ?? null);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      // The server names the upload 'file'; the picker shows it.
      if (upload && fieldErrors.file) {
        fieldErrors.upload = fieldErrors.file;
        delete fieldErrors.file;
      }
      setErrors(fieldErrors);
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
          <label htmlFor="knowledge-upload" className="block text-sm font-semibold">
            Unggah berkas (.txt, .md atau .pdf, maks. {KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB)
          </label>
          {form.file && (
            <p className="mt-1 text-sm text-stone-600">
              Berkas saat ini:{' '}
              <a href={form.file} target="_blank" rel="noreferrer" className="text-green-800 underline">
                {fileLabel(form.file)}
              </a>
              {upload && ' (akan diganti)'}
            </p>
          )}
          <input
            key={uploadKey}
            id="knowledge-upload"
            type="file"
            accept={KNOWLEDGE_FILE_ACCEPT}
            aria-invalid={errors.upload ? true : undefined}
            aria-describedby={errors.upload ? 'knowledge-upload-error' : 'knowledge-upload-hint'}
            className="mt-1 block w-full text-sm"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const problem = chosen ? uploadProblem(chosen) : null;
              setUpload(chosen);
              setErrors(({ upload: _dropped, ...rest }) => (problem ? { ...rest, upload: problem } : rest));
            }}
          />
          {errors.upload ? (
            <p id="knowledge-upload-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.upload}
            </p>
          ) : (
            <p id="knowledge-upload-hint" className="mt-1 text-xs text-stone-500">
              Isi berkas dibaca asisten belanja untuk menjawab pembeli. PDF hasil pindaian (gambar) tidak dapat dibaca.
            </p>
          )}
        </div>
        <div className="md:col-span-2">
          <TextField
            id="knowledge-file"
            label="Berkas (URL atau path, opsional)"
            hint={upload ? 'Berkas yang diunggah menggantikan alamat ini.' : 'Atau tulis alamat berkas bila tidak mengunggah.'}
            value={form.file}
            error={errors.file}
            disabled={upload !== null}
            onChange={(e) => setForm({ ...form, file: e.target.value })}
          />
        </div>
        <div className="md:col-span-2">
          <TextAreaField id="knowledge-description" label="Deskripsi" rows={4} value={form.description} error={errors.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        </div>
        <div className="flex gap-2 md:col-span-2">
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : form.id ? 'Simpan perubahan' : 'Tambah entri'}
          </button>
          {form.id && (
            <button type="button" className={buttonStyles.secondary} onClick={() => { setForm(empty); resetUpload(); setErrors({}); }}>
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
          resetUpload();
          setErrors({});
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
