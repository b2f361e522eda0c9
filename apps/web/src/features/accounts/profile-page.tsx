/** Profile (docs/requirements/storefront.md §2 Profile, §4 Profile, §8). */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { accountMessages as m, profileUpdateSchema, type ProfileUpdateInput } from '@pasar/core/accounts';
import { textMaxLengths } from '@pasar/core/validation';
import { failureMessage, Field, setServerErrors, useZodForm } from '../../components/form';
import { sessionStore, useSession, type SessionUser } from '../../lib/session';
import { getProfile, updateProfile } from './api/accounts-api';
import { ChangePasswordForm } from './components/change-password-form';

/** The server's limits, on the inputs (issue 31). */
const max = textMaxLengths(profileUpdateSchema);

const formOf = (u: SessionUser) => ({ first_name: u.first_name, last_name: u.last_name, email: u.email, phone_number: u.phone_number ?? '' });

/** One fact of the profile; the account's own (username, role) are set in bold. */
function Fact({ label, bold = false, children }: { label: string; bold?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-stone-600">{label}</dt>
      <dd className={bold ? 'font-semibold' : undefined}>{children}</dd>
    </div>
  );
}

export default function ProfilePage() {
  const session = useSession();
  const user = session?.user;
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const form = useZodForm(profileUpdateSchema, { defaultValues: user ? formOf(user) : { first_name: '', last_name: '', email: '', phone_number: '' } });
  const { errors, isSubmitting: busy } = form.formState;
  const { reset } = form;

  // Refresh the stored user from the server once; the page works from storage meanwhile.
  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((fresh) => sessionStore.updateUser(fresh))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  useEffect(() => {
    if (user && !editing) reset(formOf(user));
  }, [user, editing, reset]);

  if (!user) {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-16 text-center text-stone-600">
        Memuat profil...
      </p>
    );
  }

  const save = async (input: ProfileUpdateInput) => {
    try {
      const { data } = await updateProfile(input);
      sessionStore.updateUser(data);
      setEditing(false);
      setMessage({ ok: true, text: m.profileUpdated });
    } catch (error) {
      setServerErrors(error, form.setError);
      // Storefront spec §8: 'Failed to update profile', with the server's reason when it has one (an e-mail taken).
      setMessage({ ok: false, text: failureMessage(error, m.profileUpdateFailed, 'replace') });
    }
  };

  const cancel = () => {
    reset(formOf(user));
    setEditing(false);
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">Profil Saya</h1>
        <Link to="/pesanan" className="font-semibold text-green-800 hover:underline">
          Pesanan Saya →
        </Link>
      </div>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-4 rounded-lg p-3 text-sm font-semibold ${message.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}>
          {message.text}
        </p>
      )}
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact label="Username" bold>
            {user.username}
          </Fact>
          <Fact label="Peran" bold>
            {user.role.display_name}
          </Fact>
        </dl>
        {editing ? (
          <form onSubmit={(e) => void form.handleSubmit(save)(e)} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
            <Field id="first_name" label="Nama depan" maxLength={max.first_name} error={errors.first_name?.message} {...form.register('first_name')} />
            <Field id="last_name" label="Nama belakang" maxLength={max.last_name} error={errors.last_name?.message} {...form.register('last_name')} />
            <Field id="email" label="Email" type="email" maxLength={max.email} error={errors.email?.message} {...form.register('email')} />
            <Field id="phone_number" label="Nomor telepon" type="tel" maxLength={max.phone_number} error={errors.phone_number?.message} {...form.register('phone_number')} />
            <div className="flex gap-3 sm:col-span-2">
              <button type="submit" disabled={busy} className="rounded-xl bg-green-800 px-5 py-2.5 font-bold text-white disabled:opacity-60">
                {busy ? 'Menyimpan...' : 'Simpan'}
              </button>
              <button type="button" onClick={cancel} className="rounded-xl px-5 py-2.5 font-semibold ring-1 ring-stone-300">
                Batal
              </button>
            </div>
          </form>
        ) : (
          <>
            <dl className="mt-6 grid gap-3 sm:grid-cols-2">
              <Fact label="Nama depan">{user.first_name}</Fact>
              <Fact label="Nama belakang">{user.last_name}</Fact>
              <Fact label="Email">{user.email}</Fact>
              <Fact label="Nomor telepon">{user.phone_number || '-'}</Fact>
            </dl>
            <button type="button" onClick={() => { setMessage(undefined); setEditing(true); }} className="mt-6 rounded-xl bg-green-800 px-5 py-2.5 font-bold text-white">
              Ubah profil
            </button>
          </>
        )}
      </div>
      <ChangePasswordForm />
    </div>
  );
}
