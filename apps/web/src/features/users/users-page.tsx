/**
 * Users (back-office spec §2 Users, §5, §8): list, add, edit, delete with the modal form. The
 * password is asked on create only; a separate "Ganti kata sandi" action resets it. The server
 * refuses deleting or demoting yourself and removing the last active admin.
 */
import { useState, type FormEvent } from 'react';
import { passwordResetSchema, userCreateSchema, userMessages, userUpdateSchema, type AdminUser } from '@pasar/core/users';
import { useSession } from '../../lib/session';
import { Modal } from '../../components/modal';
import { CardSkeleton } from '../../components/skeleton';
import { AdminPageHeader, buttonStyles, CheckboxField, confirmAction, EmptyState, ErrorBanner, SelectField, serverFieldErrors, SuccessBanner, TextField } from '../../components/admin/admin-ui';
import { errorMessage } from '../../lib/api-client';
import { useDeleteUser, useResetPassword, useRoles, useSaveUser, useUsers } from './api/users-api';

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

const firstErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0])] ??= issue.message;
  return out;
};

function UserFormModal({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: (message: string) => void }) {
  const roles = useRoles();
  const save = useSaveUser();
  const [form, setForm] = useState<FormState>({
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    phone_number: user?.phone_number ?? '',
    role_id: user ? String(user.role_id) : '',
    is_active: user?.is_active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const { password, ...rest } = form;
    const parsed = user ? userUpdateSchema.safeParse({ ...rest, version: user.version }) : userCreateSchema.safeParse({ ...rest, password });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const result = user ? await save.mutateAsync({ id: user.id, body: parsed.data as never }) : await save.mutateAsync({ body: parsed.data as never });
      onSaved(result.message ?? userMessages.created);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      // The spec: the server's error field, else the local message, else 'Failed to save user'.
      setBanner(errorMessage(error, userMessages.saveFailed));
    }
  };

  return (
    <Modal title={user ? 'Edit User' : 'Add User'} onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ErrorBanner message={banner} />
        </div>
        <TextField id="user-username" label="Username" value={form.username} error={errors.username} onChange={(e) => set('username', e.target.value)} autoComplete="off" />
        <TextField id="user-email" label="Email" type="email" value={form.email} error={errors.email} onChange={(e) => set('email', e.target.value)} autoComplete="off" />
        {!user && <TextField id="user-password" label="Password" type="password" value={form.password} error={errors.password} onChange={(e) => set('password', e.target.value)} autoComplete="new-password" />}
        <TextField id="user-first-name" label="First name" value={form.first_name} error={errors.first_name} onChange={(e) => set('first_name', e.target.value)} />
        <TextField id="user-last-name" label="Last name" value={form.last_name} error={errors.last_name} onChange={(e) => set('last_name', e.target.value)} />
        <TextField id="user-phone" label="Phone" type="tel" value={form.phone_number} error={errors.phone_number} onChange={(e) => set('phone_number', e.target.value)} />
        <SelectField id="user-role" label="Role" value={form.role_id} error={errors.role_id} onChange={(e) => set('role_id', e.target.value)}>
          <option value="">{roles.isPending ? 'Memuat peran…' : 'Pilih peran'}</option>
          {roles.data?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.display_name}
            </option>
          ))}
        </SelectField>
        {user && <CheckboxField id="user-active" label="Aktif" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} />}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Batal
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : 'Simpan'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function PasswordModal({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: (message: string) => void }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = passwordResetSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const result = await reset.mutateAsync({ id: user.id, password });
      onSaved(result.message ?? userMessages.passwordReset);
    } catch (err) {
      setError(errorMessage(err, userMessages.saveFailed));
    }
  };
  return (
    <Modal title={`Ganti kata sandi @${user.username}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-stone-600">Semua sesi pengguna ini akan diakhiri; ia masuk lagi dengan kata sandi baru.</p>
        <TextField id="reset-password" label="Kata sandi baru" type="password" value={password} error={error} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Batal
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={reset.isPending}>
            Simpan kata sandi
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function UsersPage() {
  const users = useUsers();
  const remove = useDeleteUser();
  const session = useSession();
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const del = async (u: AdminUser) => {
    if (!confirmAction(userMessages.deleteConfirm)) return;
    setBanner(null);
    setNotice(null);
    try {
      const result = await remove.mutateAsync(u.id);
      setNotice(result.message ?? userMessages.deleted);
    } catch (error) {
      setBanner(errorMessage(error, userMessages.deleteFailed));
    }
  };
  const saved = (message: string) => {
    setEditing(undefined);
    setResetting(null);
    setNotice(message);
  };

  return (
    <div>
      <AdminPageHeader
        title="Pengguna"
        description="Akun admin, operator dan pelanggan."
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => setEditing(null)}>
            Add User
          </button>
        }
      />
      <ErrorBanner message={banner ?? (users.isError ? userMessages.loadFailed : null)} onClose={banner ? () => setBanner(null) : undefined} />
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      {users.isPending && <CardSkeleton />}
      {users.data && users.data.length === 0 && <EmptyState title="Belum ada pengguna." />}
      {users.data && users.data.length > 0 && (
        <ul aria-label="Daftar pengguna" className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm">
          {users.data.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-bold">
                  {u.first_name} {u.last_name}
                  {!u.is_active && <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">Nonaktif</span>}
                  {session?.user.id === u.id && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Anda</span>}
                </p>
                <p className="text-sm text-stone-600">
                  @{u.username} · {u.email} · {u.role.display_name}
                  {u.phone_number && ` · ${u.phone_number}`}
                </p>
              </div>
              <div className="flex gap-2">
                <button type="button" className={buttonStyles.small} onClick={() => setEditing(u)} aria-label={`Edit ${u.username}`}>
                  Edit
                </button>
                <button type="button" className={buttonStyles.small} onClick={() => setResetting(u)} aria-label={`Ganti kata sandi ${u.username}`}>
                  Ganti kata sandi
                </button>
                <button type="button" className={buttonStyles.danger} onClick={() => void del(u)} disabled={remove.isPending || session?.user.id === u.id} aria-label={`Hapus ${u.username}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing !== undefined && <UserFormModal user={editing} onClose={() => setEditing(undefined)} onSaved={saved} />}
      {resetting && <PasswordModal user={resetting} onClose={() => setResetting(null)} onSaved={saved} />}
    </div>
  );
}
