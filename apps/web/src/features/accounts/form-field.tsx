import type { InputHTMLAttributes } from 'react';

/** A labelled input with its error message tied to it for screen readers. */
export function FormField({ label, error, id, ...input }: { label: string; error?: string | undefined; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 focus:outline-none focus:ring-2 focus:ring-green-700/30 ${error ? 'border-red-600' : 'border-stone-300 focus:border-green-700'}`}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
