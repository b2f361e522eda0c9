import type { FormEvent } from 'react';

/**
 * A form's onSubmit that first clears what the last attempt said (its banner, its notice), then runs
 * react-hook-form's validated submit (`form.handleSubmit(submit)`).
 */
export function submitClearing(clear: () => void, submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    clear();
    void submit(event);
  };
}
