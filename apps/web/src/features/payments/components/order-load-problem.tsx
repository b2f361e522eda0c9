import type { ReactNode } from 'react';

/** The order page when there is no order to show: not found, or the server could not be reached. */
export function OrderLoadProblem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 role="alert" className="text-2xl font-bold">
        {title}
      </h1>
      {children}
    </div>
  );
}
