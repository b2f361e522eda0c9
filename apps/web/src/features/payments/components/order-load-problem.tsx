import type { ReactNode } from 'react';

/**
 * The order page when there is no order to show: not found, or the server could not be reached.
 * The title is the page's heading, not an alert (issue 31): an alert heading is read twice and
 * lands outside the page's outline; it is read as the heading focus goes to after navigation.
 */
export function OrderLoadProblem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">
        {title}
      </h1>
      {children}
    </div>
  );
}
