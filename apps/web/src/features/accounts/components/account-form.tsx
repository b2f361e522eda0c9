import type { FormEvent, ReactNode } from 'react';
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
