/**
 * "Lupa kata sandi" (issue 28): asks for a reset link by e-mail. The server answers the same for
 * every address, so the page shows its answer and never says whether an account exists.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema, passwordMessages as pm, type ForgotPasswordInput } from '@pasar/core/accounts';
import { textMaxLengths } from '@pasar/core/validation';
import { failureMessage, Field, setServerErrors, useZodForm } from '../../components/form';
import { requestPasswordReset } from './api/accounts-api';
import { AccountForm } from './components/account-form';


/** The server's limits, on the inputs (issue 31). */
const max = textMaxLengths(forgotPasswordSchema);
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting: busy } = form.formState;

  const submit = async (input: ForgotPasswordInput) => {
    try {
      const { message } = await requestPasswordReset(input);
      setSent(message ?? pm.resetRequested);
    } catch (error) {
      setServerErrors(error, form.setError);
      setFailure(failureMessage(error, pm.requestFailed, 'replace'));
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-extrabold">Lupa kata sandi</h1>
      <p className="mt-1 text-stone-600">Masukkan email akun Anda. Kami akan mengirim tautan untuk mengatur kata sandi baru.</p>
      <div className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {sent ? (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-semibold text-green-900">
            {sent}
          </p>
        ) : (
          <AccountForm onSubmit={form.handleSubmit(submit)} failure={failure} clearFailure={() => setFailure(undefined)} className="space-y-4">
            <Field id="email" label="Email" type="email" autoComplete="email" inputMode="email" maxLength={max.email} error={errors.email?.message} {...form.register('email')} />
            <button type="submit" disabled={busy} className="w-full rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60">
              {busy ? 'Memproses...' : 'Kirim tautan'}
            </button>
          </AccountForm>
        )}
        <p className="text-center text-sm text-stone-600">
          Ingat kata sandi Anda?{' '}
          <Link to="/login" className="font-semibold text-green-800 hover:underline">
            Masuk
          </Link>
        </p>
      </div>
    </div>
  );
}
