import type { ReactNode } from 'react';

/** A labelled select in a back-office list's filter bar, beside its ListSearchField; `children` are the options. */
export function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal">
        {children}
      </select>
    </label>
  );
}
