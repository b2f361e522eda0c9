/** Sign-in (docs/requirements/storefront.md §2 Sign-in, §5, §8). */
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { accountMessages as m, canAccess, loginSchema } from '@pasar/core/accounts';
import { textMaxLengths } from '@pasar/core/validation';
import { Field, useZodForm } from '../../components/form';
import { authPathWith, returnPathOf } from '../../lib/return-path';
import { login } from './api/accounts-api';
import { AccountForm, AccountFormEnd } from './components/account-form';
import { useSessionSubmit } from './components/use-session-submit';

/** The server's limits, on the inputs (issue 31). */
const max = textMaxLengths(loginSchema);

export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  // Issue 28: a session that ran out at checkout comes back to the checkout; issue 31: so does the
  // checkout's "Masuk", and an order page that asked for a sign-in.
  const back = returnPathOf(params, location.state);
  const [remember, setRemember] = useState(false);
  const form = useZodForm(loginSchema, { defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting: busy } = form.formState;
  const { submit, failure, clearFailure } = useSessionSubmit(form.setError, login, m.loginFailed, (user) =>
    back ?? (canAccess(user.role, ['admin']) ? '/admin/dashboard' : canAccess(user.role, ['mitra']) ? '/mitra' : '/'),
  );

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-extrabold">Masuk</h1>
      <p className="mt-1 text-stone-600">Masuk untuk melacak pesanan dan checkout lebih cepat.</p>
      <AccountForm onSubmit={form.handleSubmit(submit)} failure={failure} clearFailure={clearFailure} className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <Field id="username" label="Username atau email" autoComplete="username" maxLength={max.username} error={errors.username?.message} {...form.register('username')} />
        <Field id="password" label="Kata sandi" type="password" autoComplete="current-password" maxLength={max.password} error={errors.password?.message} {...form.register('password')} />
        <div className="flex items-center justify-between text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="h-4 w-4 accent-green-800" />
            Ingat saya
          </label>
          {/* Issue 28: the spec's forgot-password link now leads to a reset by e-mail. */}
          <Link to="/lupa-password" className="font-semibold text-green-800 hover:underline">
            Lupa kata sandi?
          </Link>
        </div>
        <AccountFormEnd busy={busy} label="Masuk" question="Belum punya akun?" other={{ to: authPathWith('/register', back), label: 'Daftar' }} layout="stack" />
      </AccountForm>
    </div>
  );
}
