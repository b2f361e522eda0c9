import type { ReactNode } from 'react';
import type { Area } from '@pasar/core/locations';
import { Field, NamedOptions } from '../../../components/form';

/** A required field's label: the mark is for the eye, the control's `required` tells assistive tech. */
export const requiredLabel = (text: string): ReactNode => (
  <>
    {text} <span aria-hidden="true" className="text-red-700">*</span>
  </>
);

/** One level of the province → city → district cascade, chosen by id and name (spec §2). */
export function AreaSelect({ id, label, areas, value, disabled, error, onChange }: { id: string; label: string; areas: Area[] | undefined; value: number | null; disabled?: boolean; error?: string | undefined; onChange: (area: Area | null) => void }) {
  return (
    <Field as="select" id={id} label={requiredLabel(label)} required disabled={disabled} error={error} value={value ?? ''} onChange={(e) => onChange(areas?.find((a) => a.id === Number(e.target.value)) ?? null)}>
      <option value="">Pilih {label.toLowerCase()}</option>
      <NamedOptions items={areas} />
    </Field>
  );
}
