/** Registration (storefront spec §2 Registration, §5, §8). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountMessages as m, fieldErrors, registerFormSchema } from '@pasar/core/accounts';
import { ApiError } from '../../lib/api-client';
import { sessionStore } from '../../lib/session';
import { register } from './api/accounts-api';
import { FormField } from './form-field';

const empty = { first_name: '', last_name: '', username: '', email: '', phone_number: '', password: '', password_confirmation: '', terms: false };

export default function RegisterPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const parsed = registerFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { password_confirmation: _c, terms: _t, ...payload } = parsed.data;
      const { data } = await register(payload);
      sessionStore.signIn(data.user, data.token);
      navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(error instanceof ApiError && error.status < 500 && error.message ? error.message : m.registrationFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Bergabung</h1>
      <p className="mt-1 text-stone-600">Buat akun untuk checkout lebih cepat dan melacak pesanan.</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
            {failure}
          </p>
        )}
        <FormField id="first_name" label="Nama depan" autoComplete="given-name" value={values.first_name} error={errors.first_name} onChange={set('first_name')} />
        <FormField id="last_name" label="Nama belakang" autoComplete="family-name" value={values.last_name} error={errors.last_name} onChange={set('last_name')} />
        <FormField id="reg-username" label="Username" autoComplete="username" value={values.username} error={errors.username} onChange={set('username')} />
        <FormField id="email" label="Email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={set('email')} />
        <div className="sm:col-span-2">
          <FormField id="phone_number" label="Nomor telepon (opsional)" type="tel" autoComplete="tel" value={values.phone_number} error={errors.phone_number} onChange={set('phone_number')} />
        </div>
        <FormField id="reg-password" label="Kata sandi" type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={set('password')} />
        <FormField id="password_confirmation" label="Konfirmasi kata sandi" type="password" autoComplete="new-password" value={values.password_confirmation} error={errors.password_confirmation} onChange={set('password_confirmation')} />
        <div className="sm:col-span-2">
          <label className="inline-flex items-start gap-2 text-sm">
            <input type="checkbox" checked={values.terms} onChange={(e) => setValues({ ...values, terms: e.target.checked })} aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? 'terms-error' : undefined} className="mt-0.5 h-4 w-4 accent-green-800" />
            Saya menyetujui syarat dan ketentuan serta kebijakan privasi Pasar UMKM.
          </label>
          {errors.terms && (
            <p id="terms-error" className="mt-1 text-sm text-red-700">
              {errors.terms}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className="rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60 sm:col-span-2">
          {busy ? 'Memproses...' : 'Daftar'}
        </button>
        <p className="text-center text-sm text-stone-600 sm:col-span-2">
          Sudah punya akun?{' '}
          <Link to="/login" className="font-semibold text-green-800 hover:underline">
            Masuk
          </Link>
        </p>
      </form>
    </div>
  );
}
