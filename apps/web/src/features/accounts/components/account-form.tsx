import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { submitClearing } from '../../../components/form/submit-clearing';

interface AccountFormProps {
  /** The form's submit (react-hook-form's `handleSubmit(submit)`). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The last attempt's failure, shown above the fields until the next attempt. */
  failure: string | undefined;
  clearFailure: () => void;
  className: string;
  /** Extra classes of the failure line (its place in a grid). */
  alertClassName?: string;
  children: ReactNode;
}

/** The sign-in, registration and password forms: a new attempt clears the last failure before it runs. */
export function AccountForm({ onSubmit, failure, clearFailure, className, alertClassName, children }: AccountFormProps) {
  return (
    <form onSubmit={submitClearing(clearFailure, onSubmit)} noValidate className={className}>
      {failure && (
        <p role="alert" className={`rounded-lg bg-red-50 p-3 text-sm text-red-800${alertClassName ? ` ${alertClassName}` : ''}`}>
          {failure}
        </p>
      )}
      {children}
    </form>
  );
}

const submitClass = 'rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60';

/**
 * The end of the sign-in and registration forms: the submit button, then the way to the other
 * form ("Belum punya akun? Daftar"). In the registration's two-column grid both span the row.
 */
export function AccountFormEnd({ busy, label, question, other, layout }: {
  busy: boolean;
  label: string;
  question: string;
  other: { to: string; label: string };
  layout: 'stack' | 'grid';
}) {
  const span = layout === 'grid' ? ' sm:col-span-2' : '';
  return (
    <>
      <button type="submit" disabled={busy} className={layout === 'stack' ? `w-full ${submitClass}` : `${submitClass}${span}`}>
        {busy ? 'Memproses...' : label}
      </button>
      <p className={`text-center text-sm text-stone-600${span}`}>
        {question}{' '}
        <Link to={other.to} className="font-semibold text-green-800 hover:underline">
          {other.label}
        </Link>
      </p>
    </>
  );
}
