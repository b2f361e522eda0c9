/** Categories (docs/requirements/back-office.md §2, §5, §8): list, inline create/edit form, delete with confirmation. */
import { useRef, useState } from 'react';
import { CATEGORY_SORTS, DEFAULT_CATEGORY_SORT, categoryInputSchema, categoryMessages, type AdminCategory, type CategoryInput } from '@pasar/core/categories';
import { formatDateTime } from '@pasar/core/time';
import { AdminPageHeader, AdminTable, buttonStyles, confirmAction, EmptyState, ErrorBanner } from '../../components/admin/admin-ui';
import { deleteRow, ListBanners, RowActions } from '../../components/admin/row-actions';
import { SortableHeader, ListSearchField, useListSearch, useListSort } from '../../components/admin/sorting';
import { discardChangesMessage } from '../../components/confirm';
import { draftRestoredMessage, failureMessage, Field, setServerErrors, useEditConflict, useFormDraft, useRestoreInlineDraft, useUnsavedChanges, useZodForm } from '../../components/form';
import { api } from '../../lib/api-client';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from './api/categories-api';
import { submitClearing } from '../../components/form/submit-clearing';

interface FormState {
  name: string;
  description: string;
  is_active: boolean;
}

const empty: FormState = { name: '', description: '', is_active: true };

const toForm = (c: AdminCategory): FormState => ({ name: c.name, description: c.description, is_active: c.is_active });

export default function CategoriesPage() {
  const sort = useListSort(CATEGORY_SORTS, DEFAULT_CATEGORY_SORT);
  const search = useListSearch();
  const list = useAdminCategories({ q: search.q, sort: sort.sort, dir: sort.dir });
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  // The category being edited (its id and version travel with the save), or null for a new one.
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const form = useZodForm(categoryInputSchema, { defaultValues: empty });
  // Issue 31 item 18: a session that ran out mid-edit keeps the typing; it comes back here after signing in.
  const draft = useFormDraft(form, 'category', editing?.id ?? null);
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  // Issue 31 item 16: a save that lost a race offers the latest version or one's own.
  const conflict = useEditConflict<FormState>({
    version: editing?.version,
    recordId: editing?.id,
    loadLatest: async () => {
      const latest = (await api<AdminCategory[]>('/categories/')).find((c) => c.id === editing?.id);
      return latest ? { values: toForm(latest), version: latest.version } : null;
    },
    labels: { name: 'Nama kategori', description: 'Deskripsi', is_active: 'Aktif' },
  });
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The draft goes back on its category once the list has it (a new category's draft at once).
  useRestoreInlineDraft(draft, list.data, (category, values) => {
    setEditing(category);
    form.reset(category ? toForm(category) : empty);
    form.reset(values, { keepDefaultValues: true });
    setNotice(draftRestoredMessage);
  });

  const startNew = () => {
    conflict.dismiss();
    setEditing(null);
    form.reset(empty);
  };

  const formRef = useRef<HTMLFormElement>(null);
  const edit = (c: AdminCategory) => {
    // Filling the form over someone's half-typed category would lose it without a word.
    if (form.formState.isDirty && !confirmAction(discardChangesMessage)) return;
    conflict.dismiss();
    setEditing(c);
    form.reset(toForm(c));
    setBanner(null);
    // On a phone the form is far above the row's "Ubah" (issue 17): bring it into view, ready to type,
    // its first label below the sticky header (the form's scroll-mt-20, issue 31).
    // After the reset has rendered, so the focus is not lost to the re-render.
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: 'start' });
      form.setFocus('name');
    });
  };

  const submit = async (input: CategoryInput) => {
    try {
      conflict.dismiss();
      const result = await save.mutateAsync({ ...(editing ? { id: editing.id, version: conflict.version() } : {}), body: input });
      startNew();
      setNotice(result.message ?? null);
    } catch (error) {
      if (conflict.caught(error, form)) return;
      setServerErrors(error, form.setError);
      setBanner(failureMessage(error, categoryMessages.saveFailed));
    }
  };

  const del = async (c: AdminCategory) => {
    if ((await deleteRow({ setBanner, setNotice }, categoryMessages.deleteConfirm(c.name), () => remove.mutateAsync(c.id), { deleted: null, failed: categoryMessages.deleteFailed })) && editing?.id === c.id) startNew();
  };

  return (
    <div>
      <AdminPageHeader title="Kategori" description="Rak katalog toko. Kategori nonaktif disembunyikan dari pengunjung." />
      <ListBanners banner={banner} notice={notice} page={{ setBanner, setNotice }} />

      <form
        ref={formRef}
        onSubmit={submitClearing(() => { setBanner(null); setNotice(null); }, form.handleSubmit(submit))}
        noValidate
        aria-label={editing ? 'Ubah kategori' : 'Tambah kategori'} className="mb-6 grid scroll-mt-20 gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_2fr_auto] md:items-start">
        {conflict.panel && <div className="md:col-span-3">{conflict.panel}</div>}
        <Field id="category-name" label="Nama kategori" maxLength={100} error={errors.name?.message} {...form.register('name')} />
        <Field as="textarea" id="category-description" label="Deskripsi" rows={1} error={errors.description?.message} {...form.register('description')} />
        <div className="flex flex-col gap-2 md:pt-6">
          <Field id="category-active" type="checkbox" label="Aktif" {...form.register('is_active')} />
          <div className="flex gap-2">
            <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
              {save.isPending ? 'Menyimpan…' : editing ? 'Simpan perubahan' : 'Tambah kategori'}
            </button>
            {editing && (
              <button type="button" className={buttonStyles.secondary} onClick={startNew}>
                Batal
              </button>
            )}
          </div>
        </div>
      </form>

      {list.isError && <ErrorBanner message={categoryMessages.loadFailed} />}
      {list.isPending && <p role="status">Memuat kategori…</p>}
      <ListSearchField label="Cari kategori" placeholder="Nama atau deskripsi" search={search} className="mb-3 max-w-md" />
      {list.data && list.data.length === 0 && (search.q ? <EmptyState title={`Tidak ada kategori yang cocok dengan "${search.q}".`}>Coba kata kunci lain.</EmptyState> : <EmptyState title="Belum ada kategori." />)}
      {list.data && list.data.length > 0 && (
        <AdminTable label="Daftar kategori">
          <thead className="bg-stone-50 text-left text-stone-600">
            <tr>
              <SortableHeader field="name" label="Nama" sort={sort} />
              <th className="px-4 py-2">Deskripsi</th>
              <SortableHeader field="product_count" label="Produk" sort={sort} />
              <SortableHeader field="is_active" label="Status" sort={sort} />
              <SortableHeader field="created_at" label="Dibuat" sort={sort} />
              <th className="px-4 py-2 text-right">Aksi</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {list.data.map((c) => (
              <tr key={c.id} className={editing?.id === c.id ? 'bg-green-50' : ''}>
                <td className="px-4 py-2 font-semibold">{c.name}</td>
                <td className="max-w-xs px-4 py-2 text-stone-600">{c.description || '—'}</td>
                <td className="px-4 py-2">{c.product_count}</td>
                <td className="px-4 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.is_active ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}>{c.is_active ? 'Aktif' : 'Nonaktif'}</span>
                </td>
                <td className="px-4 py-2 text-stone-600">{formatDateTime(c.created_at, { style: 'date' })}</td>
                <td className="px-4 py-2">
                  <RowActions name={c.name} onEdit={() => edit(c)} onDelete={() => void del(c)} deleteDisabled={remove.isPending} className="flex justify-end gap-2" />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </div>
  );
}
