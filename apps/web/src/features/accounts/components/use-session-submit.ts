import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { AuthResult } from '@pasar/core/accounts';
import { failureMessage, setServerErrors } from '../../../components/form';
import { sessionStore } from '../../../lib/session';

/**
 * The submit of the sign-in and registration forms: the answer's session starts and the page goes on
 * to `destination(user)`; a refusal marks the fields the server named and says why above the form
 * (storefront spec §8: the server's words, else `failed`).
 */
export function useSessionSubmit<TValues extends FieldValues, TInput>(
  setError: UseFormSetError<TValues>,
  send: (input: TInput) => Promise<{ data: AuthResult }>,
  failed: string,
  destination: (user: AuthResult['user']) => string,
) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const submit = async (input: TInput) => {
    try {
      const { data } = await send(input);
      sessionStore.signIn(data.user, data.token);
      void navigate(destination(data.user), { replace: true });
    } catch (error) {
      setServerErrors(error, setError);
      setFailure(failureMessage(error, failed, 'replace'));
    }
  };
  return { submit, failure, clearFailure: () => setFailure(undefined) };
}
