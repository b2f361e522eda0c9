import type { InputHTMLAttributes } from 'react';
import type { Area } from '@pasar/core/locations';

export function AreaSelect({ id, label, areas, value, disabled, onChange }: { id: string; label: string; areas: Area[] | undefined; value: number | null; disabled?: boolean; onChange: (area: Area | null) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label} <span aria-hidden="true" className="text-red-700">*</span>
      </label>
      <select
        id={id}
        required
        disabled={disabled}
        value={value ?? ''}
        onChange={(e) => onChange(areas?.find((a) => a.id === Number(e.target.value)) ?? null)}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 disabled:bg-stone-100"
      >
        <option value="">Pilih {label.toLowerCase()}</option>
        {areas?.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Field({ id, label, required = true, ...props }: { id: string; label: string; required?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label} {required && <span aria-hidden="true" className="text-red-700">*</span>}
      </label>
      <input id={id} required={required} className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5" {...props} />
    </div>
  );
}
