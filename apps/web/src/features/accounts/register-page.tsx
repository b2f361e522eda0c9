/** Registration (docs/requirements/storefront.md §2 Registration, §5, §8). */
import { useLocation, useSearchParams } from 'react-router';
import { accountMessages as m, registerFormSchema } from '@pasar/core/accounts';
import { textMaxLengths } from '@pasar/core/validation';
import { Field, useZodForm } from '../../components/form';
import { authPathWith, returnPathOf } from '../../lib/return-path';
import { register } from './api/accounts-api';
import { AccountForm, AccountFormEnd } from './components/account-form';
import { useSessionSubmit } from './components/use-session-submit';

/** The server's limits, on the inputs (issue 31); the confirmation is the password again. */
const max = textMaxLengths(registerFormSchema);
const maxOf = (name: keyof typeof max) => max[name] ?? max.password;

const empty = { first_name: '', last_name: '', username: '', email: '', phone_number: '', password: '', password_confirmation: '', terms: false };

export default function RegisterPage() {
  const [params] = useSearchParams();
  // Issue 31: "Daftar" from a sign-in that would have returned somewhere returns there too.
  const back = returnPathOf(params, useLocation().state);
  // Every refused field shows at once, the terms and a mismatched confirmation included.
  const form = useZodForm(registerFormSchema, { defaultValues: empty });
  const { errors, isSubmitting: busy } = form.formState;
  const field = (name: Exclude<keyof typeof empty, 'terms'>) => ({ error: errors[name]?.message, maxLength: maxOf(name), ...form.register(name) });
  const send = ({ password_confirmation: _c, terms: _t, ...payload }: typeof registerFormSchema._zod.output) => register(payload);
  const { submit, failure, clearFailure } = useSessionSubmit(form.setError, send, m.registrationFailed, () => back ?? '/');

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Bergabung</h1>
      <p className="mt-1 text-stone-600">Buat akun untuk checkout lebih cepat dan melacak pesanan.</p>
      <AccountForm onSubmit={form.handleSubmit(submit)} failure={failure} clearFailure={clearFailure} className="mt-6 grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2" alertClassName="sm:col-span-2">
        <Field id="first_name" label="Nama depan" autoComplete="given-name" {...field('first_name')} />
        <Field id="last_name" label="Nama belakang" autoComplete="family-name" {...field('last_name')} />
        <Field id="reg-username" label="Username" autoComplete="username" {...field('username')} />
        <Field id="email" label="Email" type="email" autoComplete="email" {...field('email')} />
        <div className="sm:col-span-2">
          <Field id="phone_number" label="Nomor telepon (opsional)" type="tel" autoComplete="tel" {...field('phone_number')} />
        </div>
        <Field id="reg-password" label="Kata sandi" type="password" autoComplete="new-password" {...field('password')} />
        <Field id="password_confirmation" label="Konfirmasi kata sandi" type="password" autoComplete="new-password" {...field('password_confirmation')} />
        <Field id="terms" type="checkbox" className="sm:col-span-2" label="Saya menyetujui syarat dan ketentuan serta kebijakan privasi Pasar UMKM." error={errors.terms?.message} {...form.register('terms')} />
        <AccountFormEnd busy={busy} label="Daftar" question="Sudah punya akun?" other={{ to: authPathWith('/login', back), label: 'Masuk' }} layout="grid" />
      </AccountForm>
    </div>
  );
}
