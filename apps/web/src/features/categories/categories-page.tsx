/** Categories (back-office spec §2, §5, §8): list, inline create/edit form, delete with confirmation. */
import { useState, type FormEvent } from 'react';
import { categoryInputSchema, categoryMessages, type AdminCategory } from '@pasar/core/categories';
import {
  AdminPageHeader,
  AdminTable,
  buttonStyles,
  CheckboxField,
  confirmAction,
  EmptyState,
  ErrorBanner,
  failureMessage,
  serverFieldErrors,
  SuccessBanner,
  TextAreaField,
  TextField,
} from '../../components/admin/admin-ui';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from './api/categories-api';

interface FormState {
  id?: number;
  version?: number;
  name: string;
  description: string;
  is_active: boolean;
}

const empty: FormState = { name: '', description: '', is_active: true };

export default function CategoriesPage() {
  const list = useAdminCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [form, setForm] = useState<FormState>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const edit = (c: AdminCategory) => {
    setForm({ id: c.id, version: c.version, name: c.name, description: c.description, is_active: c.is_active });
    setErrors({});
    setBanner(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    setNotice(null);
    const parsed = categoryInputSchema.safeParse(form);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    try {
      const result = await save.mutateAsync({ ...(form.id ? { id: form.id, version: form.version } : {}), input: parsed.data });
      setForm(empty);
      setNotice(result.message ?? null);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setBanner(failureMessage(error, categoryMessages.saveFailed));
    }
  };

  const del = async (c: AdminCategory) => {
    if (!confirmAction(categoryMessages.deleteConfirm(c.name))) return;
    setBanner(null);
    setNotice(null);
    try {
      const result = await remove.mutateAsync(c.id);
      if (form.id === c.id) setForm(empty);
      setNotice(result.message ?? null);
    } catch (error) {
      setBanner(failureMessage(error, categoryMessages.deleteFailed));
    }
  };

  return (
    <div>
      <AdminPageHeader title="Kategori" description="Rak katalog toko. Kategori nonaktif disembunyikan dari pengunjung." />
      <ErrorBanner message={banner} onClose={() => setBanner(null)} />
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />

      <form onSubmit={submit} noValidate aria-label={form.id ? 'Ubah kategori' : 'Tambah kategori'} className="mb-6 grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_2fr_auto] md:items-start">
        <TextField id="category-name" label="Nama kategori" value={form.name} error={errors.name} onChange={(e) => setForm({ ...form, name: e.target.value })} maxLength={100} />
        <TextAreaField id="category-description" label="Deskripsi" rows={1} value={form.description} error={errors.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        <div className="flex flex-col gap-2 md:pt-6">
          <CheckboxField id="category-active" label="Aktif" checked={form.is_active} onChange={(e) => setForm({ ...form, is_active: e.target.checked })} />
          <div className="flex gap-2">
            <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
              {save.isPending ? 'Menyimpan…' : form.id ? 'Simpan perubahan' : 'Tambah kategori'}
            </button>
            {form.id && (
              <button type="button" className={buttonStyles.secondary} onClick={() => { setForm(empty); setErrors({}); }}>
                Batal
              </button>
            )}
          </div>
        </div>
      </form>

      {list.isError && <ErrorBanner message={categoryMessages.loadFailed} />}
      {list.isPending && <p role="status">Memuat kategori…</p>}
      {list.data && list.data.length === 0 && <EmptyState title="Belum ada kategori." />}
      {list.data && list.data.length > 0 && (
        <AdminTable label="Daftar kategori">
          <thead className="bg-stone-50 text-left text-stone-600">
            <tr>
              <th className="px-4 py-2">Nama</th>
              <th className="px-4 py-2">Deskripsi</th>
              <th className="px-4 py-2">Produk</th>
              <th className="px-4 py-2">Status</th>
              <th className="px-4 py-2">Dibuat</th>
              <th className="px-4 py-2 text-right">Aksi</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {list.data.map((c) => (
              <tr key={c.id} className={form.id === c.id ? 'bg-green-50' : ''}>
                <td className="px-4 py-2 font-semibold">{c.name}</td>
                <td className="max-w-xs px-4 py-2 text-stone-600">{c.description || '—'}</td>
                <td className="px-4 py-2">{c.product_count}</td>
                <td className="px-4 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.is_active ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}>{c.is_active ? 'Aktif' : 'Nonaktif'}</span>
                </td>
                <td className="px-4 py-2 text-stone-600">{new Date(c.created_at).toLocaleDateString('id-ID')}</td>
                <td className="px-4 py-2">
                  <div className="flex justify-end gap-2">
                    <button type="button" className={buttonStyles.small} onClick={() => edit(c)} aria-label={`Ubah ${c.name}`}>
                      Ubah
                    </button>
                    <button type="button" className={buttonStyles.danger} onClick={() => void del(c)} aria-label={`Hapus ${c.name}`} disabled={remove.isPending}>
                      Hapus
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </div>
  );
}
