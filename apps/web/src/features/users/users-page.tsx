/**
 * Users (docs/requirements/back-office.md §2 Users, §5, §8): list, add, edit, delete with the modal form. The
 * password is asked on create only; a separate "Ganti kata sandi" action resets it. The server
 * refuses deleting or demoting yourself and removing the last active admin. Every registered
 * customer is in the list, so it is searched, filtered by role, sorted and paged on the server
 * (issue 17).
 */
import { useState } from 'react';
import { PARTNER_ROLE } from '@pasar/core/partners';
import {
  DEFAULT_USER_PAGE_SIZE,
  DEFAULT_USER_SORT,
  passwordResetSchema,
  USER_PAGE_SIZES,
  USER_SORTS,
  userCreateSchema,
  userMessages,
  userUpdateSchema,
  type AdminUser,
  type UserPage,
  type UserSort,
} from '@pasar/core/users';
import { useSession } from '../../lib/session';
import { Modal } from '../../components/modal';
import { CardSkeleton } from '../../components/skeleton';
import { AddButton, AdminPageHeader, buttonStyles, FormActions, EmptyState } from '../../components/admin/admin-ui';
import { failureMessage, Field, FormNotices, setServerErrors, showValue, useEditConflict, useFormDraft, useReopenDraft, useRestoredDraft, useZodForm } from '../../components/form';
import { api } from '../../lib/api-client';
import { alphabetical, ListSearchField, SortSelect, useListSort, type SortOption } from '../../components/admin/sorting';
import { FilterSelect } from '../../components/admin/filter-select';
import { readPaging, useUrlFilters, useUrlPaging } from '../../components/admin/url-filters';
import { Pagination } from '../../components/admin/pagination';
import { deleteRow, ListBanners, RowActions } from '../../components/admin/row-actions';
import { useDeleteUser, useResetPassword, useRoles, useSaveUser, useUsers, type UserFilters } from './api/users-api';
import { submitClearing } from '../../components/form/submit-clearing';

interface FormState {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  role_id: string;
  is_active: boolean;
}

/** The name a kept draft of the user dialog goes by (use-form-draft.ts). */
const USER_DRAFT = 'user';

const toUserForm = (user: AdminUser | null): FormState => ({
  username: user?.username ?? '',
  email: user?.email ?? '',
  password: '',
  first_name: user?.first_name ?? '',
  last_name: user?.last_name ?? '',
  phone_number: user?.phone_number ?? '',
  role_id: user ? String(user.role_id) : '',
  is_active: user?.is_active ?? true,
});

function UserFormModal({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: (message: string) => void }) {
  const roles = useRoles();
  const save = useSaveUser();
  // Issue 31 item 16: a save that lost a race offers the latest version or one's own. The list is
  // searched by the username, then the e-mail, the form was opened with (either may have changed).
  const conflict = useEditConflict<FormState>({
    version: user?.version,
    loadLatest: async () => {
      if (!user) return null;
      for (const q of [user.username, user.email]) {
        const latest = (await api<UserPage>(`/users/?${new URLSearchParams({ q }).toString()}`)).items.find((u) => u.id === user.id);
        if (latest) return { values: toUserForm(latest), version: latest.version };
      }
      return null;
    },
    labels: { username: 'Username', email: 'Email', first_name: 'First name', last_name: 'Last name', phone_number: 'Phone', role_id: 'Role', is_active: 'Aktif' },
    show: { role_id: (v) => roles.data?.find((r) => String(r.id) === String(v))?.display_name ?? showValue(v) },
  });
  // Create sends the password; edit sends the version instead and has no password field at all.
  const form = useZodForm<FormState, unknown>(user ? userUpdateSchema : userCreateSchema, {
    defaultValues: toUserForm(user),
    toInput: ({ password, ...rest }) => (user ? { ...rest, version: conflict.version() } : { ...rest, password }),
  });
  const { errors } = form.formState;
  const [banner, setBanner] = useState<string | null>(null);
  // Issue 31 item 18: a session that runs out keeps the typing; the page reopens this dialog with it.
  // A new user's password is never written to storage: it comes back empty.
  const kept = { formState: form.formState, getValues: (() => ({ ...form.getValues(), password: '' })) as typeof form.getValues };
  const draft = useFormDraft(kept, USER_DRAFT, user?.id ?? null);
  const restored = useRestoredDraft(form, draft, user?.id ?? null);
  const field = (name: Exclude<keyof FormState, 'is_active'>) => ({ error: errors[name]?.message, ...form.register(name) });

  const submit = async (body: unknown) => {
    try {
      conflict.dismiss();
      const result = user ? await save.mutateAsync({ id: user.id, body: body as never }) : await save.mutateAsync({ body: body as never });
      onSaved(result.message ?? userMessages.created);
    } catch (error) {
      if (conflict.caught(error, form)) return;
      setServerErrors(error, form.setError);
      // The spec: the server's error field, else the local message, else 'Failed to save user'.
      setBanner(failureMessage(error, userMessages.saveFailed, 'replace'));
    }
  };

  return (
    <Modal title={user ? 'Edit User' : 'Add User'} onClose={onClose} wide guardEdits>
      <form
        onSubmit={submitClearing(() => setBanner(null), form.handleSubmit(submit))}
        noValidate
        className="grid gap-3 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <FormNotices banner={banner} restored={restored} conflict={conflict.panel} restoredClassName="mb-2" />
        </div>
        <Field id="user-username" label="Username" autoComplete="off" {...field('username')} />
        <Field id="user-email" label="Email" type="email" autoComplete="off" {...field('email')} />
        {!user && <Field id="user-password" label="Password" type="password" autoComplete="new-password" {...field('password')} />}
        <Field id="user-first-name" label="First name" {...field('first_name')} />
        <Field id="user-last-name" label="Last name" {...field('last_name')} />
        <Field id="user-phone" label="Phone" type="tel" {...field('phone_number')} />
        {/* Controlled: the roles arrive after the form, and the user's role must show once they do. */}
        <Field as="select" id="user-role" label="Role" value={form.watch('role_id')} {...field('role_id')}>
          <option value="">{roles.isPending ? 'Memuat peran…' : 'Pilih peran'}</option>
          {/* The partner role comes with an approved application (the server refuses it here), so it is
              offered only to an account that already has it. */}
          {roles.data
            ?.filter((r) => r.name !== PARTNER_ROLE || user?.role_id === r.id)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.display_name}
              </option>
            ))}
        </Field>
        {user && <Field id="user-active" type="checkbox" label="Aktif" {...form.register('is_active')} />}
        <FormActions label="Simpan" pending={save.isPending} onCancel={onClose} className="sm:col-span-2" />
      </form>
    </Modal>
  );
}

function PasswordModal({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: (message: string) => void }) {
  const reset = useResetPassword();
  const form = useZodForm(passwordResetSchema, { defaultValues: { password: '' } });
  const submit = async ({ password }: { password: string }) => {
    try {
      const result = await reset.mutateAsync({ id: user.id, password });
      onSaved(result.message ?? userMessages.passwordReset);
    } catch (err) {
      form.setError('password', { type: 'server', message: failureMessage(err, userMessages.saveFailed, 'replace') });
    }
  };
  return (
    <Modal title={`Ganti kata sandi @${user.username}`} onClose={onClose} guardEdits>
      <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className="space-y-3">
        <p className="text-sm text-stone-600">Semua sesi pengguna ini akan diakhiri; ia masuk lagi dengan kata sandi baru.</p>
        <Field id="reset-password" label="Kata sandi baru" type="password" autoComplete="new-password" error={form.formState.errors.password?.message} {...form.register('password')} />
        <FormActions label="Simpan kata sandi" pending={reset.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

const sortOptions: readonly SortOption<UserSort>[] = [
  ...alphabetical('username', 'Username'),
  ...alphabetical('name', 'Nama'),
  ...alphabetical('email', 'E-mail'),
  ...alphabetical('role', 'Peran'),
  { field: 'created_at', dir: 'desc', label: 'Terbaru terdaftar' },
  { field: 'created_at', dir: 'asc', label: 'Terlama terdaftar' },
];

/** Search, role, page and size live in the address, like the order (useListSort), so a reload keeps the view. */
function readFilters(params: URLSearchParams): Omit<UserFilters, 'sort' | 'dir'> {
  return {
    q: params.get('q') ?? '',
    role_id: params.get('role_id') ?? '',
    ...readPaging(params, USER_PAGE_SIZES, DEFAULT_USER_PAGE_SIZE),
  };
}

export default function UsersPage() {
  const { params, update, search, setSearch } = useUrlFilters<'q' | 'role_id' | 'page' | 'page_size'>();
  const sort = useListSort(USER_SORTS, DEFAULT_USER_SORT);
  const filters = { ...readFilters(params), sort: sort.sort, dir: sort.dir };
  const users = useUsers(filters);
  const roles = useRoles();
  const remove = useDeleteUser();
  const session = useSession();
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  // Signing in returns to the same page of the list, its query kept.
  useReopenDraft(USER_DRAFT, users.data?.items, setEditing);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const page = users.data;
  const pager = useUrlPaging(users, update, { value: filters.page_size, options: USER_PAGE_SIZES }, 'pengguna');

  const del = (u: AdminUser) => deleteRow({ setBanner, setNotice }, userMessages.deleteConfirm, () => remove.mutateAsync(u.id), { deleted: userMessages.deleted, failed: userMessages.deleteFailed, style: 'replace' });
  const saved = (message: string) => {
    setEditing(undefined);
    setResetting(null);
    setNotice(message);
  };
  const filtered = filters.q.trim() !== '' || filters.role_id !== '';

  return (
    <div>
      <AdminPageHeader
        title="Pengguna"
        description="Akun admin, operator dan pelanggan."
        actions={<AddButton onClick={() => setEditing(null)}>Add User</AddButton>}
      />
      <ListBanners banner={banner} notice={notice} loadFailed={users.isError ? userMessages.loadFailed : null} page={{ setBanner, setNotice }} />

      <section aria-label="Filter pengguna" className="mb-4 grid gap-2 rounded-2xl border border-stone-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
        <ListSearchField label="Cari" placeholder="Nama, username, e-mail, atau telepon" search={{ text: search, setText: setSearch }} className="sm:col-span-2" />
        <FilterSelect label="Peran" value={filters.role_id} onChange={(v) => update({ role_id: v })}>
          <option value="">Semua peran</option>
          {roles.data?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.display_name}
            </option>
          ))}
        </FilterSelect>
        <div className="flex items-end">
          <SortSelect id="users-sort" options={sortOptions} sort={sort} />
        </div>
      </section>

      {users.isPending && <CardSkeleton />}
      {page && page.items.length === 0 && <EmptyState title={filtered ? 'Tidak ada pengguna yang cocok dengan pencarian ini.' : 'Belum ada pengguna.'} />}
      {page && page.items.length > 0 && (
        <ul aria-label="Daftar pengguna" className={`divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm ${users.isFetching ? 'opacity-70' : ''}`}>
          {page.items.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-bold">
                  {u.first_name} {u.last_name}
                  {!u.is_active && <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">Nonaktif</span>}
                  {session?.user.id === u.id && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Anda</span>}
                </p>
                <p className="break-words text-sm text-stone-600">
                  @{u.username} · {u.email} · {u.role.display_name}
                  {u.phone_number && ` · ${u.phone_number}`}
                </p>
              </div>
              <RowActions name={u.username} editText="Edit" onEdit={() => setEditing(u)} onDelete={() => void del(u)} deleteDisabled={remove.isPending || session?.user.id === u.id} className="flex flex-wrap gap-2">
                <button type="button" className={buttonStyles.small} onClick={() => setResetting(u)} aria-label={`Ganti kata sandi ${u.username}`}>
                  Ganti kata sandi
                </button>
              </RowActions>
            </li>
          ))}
        </ul>
      )}

      {pager && <Pagination label="Halaman pengguna" {...pager} />}
      {editing !== undefined && <UserFormModal user={editing} onClose={() => setEditing(undefined)} onSaved={saved} />}
      {resetting && <PasswordModal user={resetting} onClose={() => setResetting(null)} onSaved={saved} />}
    </div>
  );
}
