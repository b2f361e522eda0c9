/**
 * "Ubah kata sandi" on the profile (issue 28): the current password, then the new one twice. The
 * server keeps this device signed in and signs every other one out.
 */
import { useState } from 'react';
import { changePasswordSchema, passwordMessages as pm, type ChangePasswordInput } from '@pasar/core/accounts';
import { textMaxLengths } from '@pasar/core/validation';
import { failureMessage, Field, setServerErrors, useZodForm } from '../../../components/form';
import { changePassword } from '../api/accounts-api';

const empty = { current_password: '', password: '', password_confirmation: '' };


/** The server's limits, on the inputs (issue 31). */
const max = textMaxLengths(changePasswordSchema);
export function ChangePasswordForm() {
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const form = useZodForm(changePasswordSchema, { defaultValues: empty });
  const { errors, isSubmitting: busy } = form.formState;

  const save = async (input: ChangePasswordInput) => {
    setMessage(undefined);
    try {
      const { message: done } = await changePassword(input);
      form.reset(empty);
      setMessage({ ok: true, text: done ?? pm.changed });
    } catch (error) {
      // A wrong current password comes back on its field; the line above the form says what failed.
      setServerErrors(error, form.setError);
      setMessage({ ok: false, text: failureMessage(error, pm.changeFailed, 'replace') });
    }
  };

  return (
    <section aria-labelledby="change-password-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <h2 id="change-password-title" className="text-xl font-bold">
        Ubah kata sandi
      </h2>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-4 rounded-lg p-3 text-sm font-semibold ${message.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}>
          {message.text}
        </p>
      )}
      <form onSubmit={(e) => void form.handleSubmit(save)(e)} noValidate className="mt-4 grid gap-4">
        <Field id="current_password" label="Kata sandi saat ini" type="password" autoComplete="current-password" maxLength={max.current_password} error={errors.current_password?.message} {...form.register('current_password')} />
        <Field id="new_password" label="Kata sandi baru" type="password" autoComplete="new-password" hint="Minimal 6 karakter." maxLength={max.password} error={errors.password?.message} {...form.register('password')} />
        <Field id="new_password_confirmation" label="Konfirmasi kata sandi baru" type="password" autoComplete="new-password" maxLength={max.password} error={errors.password_confirmation?.message} {...form.register('password_confirmation')} />
        <div>
          <button type="submit" disabled={busy} className="rounded-xl bg-green-800 px-5 py-2.5 font-bold text-white disabled:opacity-60">
            {busy ? 'Menyimpan...' : 'Ubah kata sandi'}
          </button>
        </div>
      </form>
    </section>
  );
}
