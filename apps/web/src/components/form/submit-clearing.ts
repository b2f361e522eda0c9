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

/**
 * The onSubmit of a form kept in plain state rather than react-hook-form (a reason box, a period,
 * a rate): the browser's own submit is held back and `run` does the work (a save runs unawaited).
 */
export function submitWith(run: () => void | Promise<unknown>) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };
}
