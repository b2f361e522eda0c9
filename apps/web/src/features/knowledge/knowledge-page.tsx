/**
 * Knowledge entries (docs/requirements/back-office.md §2, §5, §8): a table newest first, an inline form, delete
 * with confirmation. The related product is optional; 'Tidak ada' sends product_id 0 (unlink).
 * The file is either a typed address or an uploaded .txt, .md or .pdf (issue 7), whose text the
 * shopping assistant reads; the table says when it could not read any.
 */
import { useState } from 'react';
import { DEFAULT_KNOWLEDGE_SORT, KNOWLEDGE_SORTS, knowledgeInputSchema, knowledgeMessages, type KnowledgeEntry, type KnowledgeInput } from '@pasar/core/knowledge';
import { deleteRow, ListBanners } from '../../components/admin/row-actions';
import { AdminPageHeader, buttonStyles, confirmAction, EmptyState, ErrorBanner } from '../../components/admin/admin-ui';
import { ListSearchField, useListSearch, useListSort } from '../../components/admin/sorting';
import { discardChangesMessage } from '../../components/confirm';
import { draftRestoredMessage, failureMessage, Field, setServerErrors, useEditConflict, useFormDraft, useRestoreInlineDraft, useUnsavedChanges, useZodForm } from '../../components/form';
import { api } from '../../lib/api-client';
import { useDeleteKnowledge, useKnowledge, useProductOptions, useSaveKnowledge } from './api/knowledge-api';
import { KnowledgeFileFields, uploadProblem, type KnowledgeFormState as FormState } from './knowledge-file-fields';
import { KnowledgeTable } from './knowledge-table';
import { UnansweredQuestions } from './unanswered-questions';
import { submitClearing } from '../../components/form/submit-clearing';

const empty: FormState = { title: '', file: '', description: '', product_id: '0', upload: null };

const toForm = (k: KnowledgeEntry): FormState => ({ title: k.title, file: k.file, description: k.description, product_id: String(k.product_id ?? 0), upload: null });

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
  // A new key empties the file input after a save or a cancel.
  const [uploadKey, setUploadKey] = useState(0);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The draft goes back on its entry once the list has it (a new entry's draft at once).
  useRestoreInlineDraft(draft, list.data, (entry, values) => {
    setEditing(entry);
    form.reset(entry ? toForm(entry) : empty);
    form.reset({ ...values, upload: null }, { keepDefaultValues: true });
    setNotice(draftRestoredMessage);
  });

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
    if ((await deleteRow({ setBanner, setNotice }, knowledgeMessages.deleteConfirm(k.title), () => remove.mutateAsync(k.id), { deleted: null, failed: knowledgeMessages.deleteFailed })) && editing?.id === k.id) start(null);
  };

  return (
    <div>
      <AdminPageHeader title="Pengetahuan" description="Informasi yang dipakai asisten belanja untuk menjawab pembeli: bahan, cara menyimpan, pengiriman, dan lainnya." />
      <ListBanners banner={banner} notice={notice} page={{ setBanner, setNotice }} />

      <form
        onSubmit={submitClearing(() => { setBanner(null); setNotice(null); }, form.handleSubmit(submit))}
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
        <KnowledgeFileFields form={form} uploadKey={uploadKey} />
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
        <KnowledgeTable entries={list.data} sort={sort} editingId={editing?.id ?? null} deleting={remove.isPending} onEdit={edit} onDelete={(k) => void del(k)} />
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
