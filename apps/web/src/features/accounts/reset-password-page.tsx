/**
 * The reset link's page (issue 28): a new password, twice. The token travels from the link's query
 * to the request body only; a dead link (unknown, used, expired) says so and offers a new one.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordMessages as pm, resetPasswordSchema } from '@pasar/core/accounts';
import { textMaxLengths } from '@pasar/core/validation';
import { failureMessage, Field, setServerErrors, useZodForm } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { sessionStore } from '../../lib/session';
import { resetPassword } from './api/accounts-api';
import { AccountForm } from './components/account-form';

type Values = { password: string; password_confirmation: string };
type Outcome = { kind: 'done'; text: string } | { kind: 'dead'; text: string };

const linkClass = 'font-semibold text-green-800 underline';


/** The server's limits, on the inputs (issue 31). */
const max = textMaxLengths(resetPasswordSchema);
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // A link cut short or padded by a mail program is dead before any typing: the schema's token rule, asked up front.
  const [outcome, setOutcome] = useState<Outcome | undefined>(resetPasswordSchema.shape.token.safeParse(token).success ? undefined : { kind: 'dead', text: pm.resetLinkInvalid });
  const [failure, setFailure] = useState<string>();
  const form = useZodForm(resetPasswordSchema, { defaultValues: { password: '', password_confirmation: '' } as Values, toInput: (values: Values) => ({ ...values, token }) });
  const { errors, isSubmitting: busy } = form.formState;

  const submit = async (input: { token: string; password: string; password_confirmation: string }) => {
    try {
      const { message } = await resetPassword(input);
      // Every session of the account has just ended on the server, this browser's too.
      sessionStore.clear();
      setOutcome({ kind: 'done', text: message ?? pm.resetDone });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.token) {
        setOutcome({ kind: 'dead', text: error.fields.token });
        return;
      }
      setServerErrors(error, form.setError);
      setFailure(failureMessage(error, pm.changeFailed, 'replace'));
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-extrabold">Atur kata sandi baru</h1>
      <div className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {outcome?.kind === 'done' && (
          <>
            <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-semibold text-green-900">
              {outcome.text}
            </p>
            <Link to="/login" className="block w-full rounded-xl bg-green-800 px-5 py-3 text-center font-bold text-white hover:bg-green-900">
              Masuk
            </Link>
          </>
        )}
        {outcome?.kind === 'dead' && (
          <>
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {outcome.text}
            </p>
            <Link to="/lupa-password" className={linkClass}>
              Minta tautan baru
            </Link>
          </>
        )}
        {!outcome && (
          <AccountForm onSubmit={form.handleSubmit(submit)} failure={failure} clearFailure={() => setFailure(undefined)} className="space-y-4">
            <Field id="password" label="Kata sandi baru" type="password" autoComplete="new-password" hint="Minimal 6 karakter." maxLength={max.password} error={errors.password?.message} {...form.register('password')} />
            <Field id="password_confirmation" label="Konfirmasi kata sandi baru" type="password" autoComplete="new-password" maxLength={max.password} error={errors.password_confirmation?.message} {...form.register('password_confirmation')} />
            <button type="submit" disabled={busy} className="w-full rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60">
              {busy ? 'Menyimpan...' : 'Simpan kata sandi'}
            </button>
          </AccountForm>
        )}
      </div>
    </div>
  );
}
