/** Profile (storefront spec §2 Profile, §4 Profile, §8). */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountMessages as m, fieldErrors, profileUpdateSchema } from '@pasar/core/accounts';
import { ApiError } from '../../lib/api-client';
import { sessionStore, useSession, type SessionUser } from '../../lib/session';
import { getProfile, updateProfile } from './api/accounts-api';
import { FormField } from './form-field';

const formOf = (u: SessionUser) => ({ first_name: u.first_name, last_name: u.last_name, email: u.email, phone_number: u.phone_number ?? '' });

export default function ProfilePage() {
  const session = useSession();
  const user = session?.user;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => (user ? formOf(user) : { first_name: '', last_name: '', email: '', phone_number: '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  // Refresh the stored user from the server once; the page works from storage meanwhile.
  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((fresh) => sessionStore.updateUser(fresh))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  useEffect(() => {
    if (user && !editing) setValues(formOf(user));
  }, [user, editing]);

  if (!user) {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-16 text-center text-stone-600">
        Memuat profil...
      </p>
    );
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = profileUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { data } = await updateProfile(parsed.data);
      sessionStore.updateUser(data);
      setEditing(false);
      setMessage({ ok: true, text: m.profileUpdated });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setMessage({ ok: false, text: error instanceof ApiError && error.status === 409 ? error.message : m.profileUpdateFailed });
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setValues(formOf(user));
    setErrors({});
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
          <div>
            <dt className="text-xs font-semibold uppercase text-stone-600">Username</dt>
            <dd className="font-semibold">{user.username}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-stone-600">Peran</dt>
            <dd className="font-semibold">{user.role.display_name}</dd>
          </div>
        </dl>
        {editing ? (
          <form onSubmit={(e) => void save(e)} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
            <FormField id="first_name" label="Nama depan" value={values.first_name} error={errors.first_name} onChange={(e) => setValues({ ...values, first_name: e.target.value })} />
            <FormField id="last_name" label="Nama belakang" value={values.last_name} error={errors.last_name} onChange={(e) => setValues({ ...values, last_name: e.target.value })} />
            <FormField id="email" label="Email" type="email" value={values.email} error={errors.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
            <FormField id="phone_number" label="Nomor telepon" type="tel" value={values.phone_number} error={errors.phone_number} onChange={(e) => setValues({ ...values, phone_number: e.target.value })} />
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
              {[
                ['Nama depan', user.first_name],
                ['Nama belakang', user.last_name],
                ['Email', user.email],
                ['Nomor telepon', user.phone_number || '-'],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold uppercase text-stone-600">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <button type="button" onClick={() => { setMessage(undefined); setEditing(true); }} className="mt-6 rounded-xl bg-green-800 px-5 py-2.5 font-bold text-white">
              Ubah profil
            </button>
          </>
        )}
      </div>
    </div>
  );
}
