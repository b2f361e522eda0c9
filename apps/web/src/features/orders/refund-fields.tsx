/** The refund's fields, shared by the cancel and remove-line dialogs (issue 28 part 4). */
import { formatRupiah } from '@pasar/core/money';
import { REFUND_METHODS, refundMethodLabels, type RefundMethod } from '@pasar/core/refunds';
import { Field, LabelledOptions } from '../../components/form';
import type { RefundFormState } from './refund-form';

export function RefundFields({
  idPrefix,
  state,
  errors,
  onChange,
  defaultAmount,
}: {
  idPrefix: string;
  state: RefundFormState;
  errors: Partial<Record<keyof RefundFormState, string>>;
  onChange: (next: RefundFormState) => void;
  /** What is refunded when the amount is left empty. */
  defaultAmount: number;
}) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-3">
      <legend className="px-1 text-sm font-bold">Pengembalian dana</legend>
      <Field
        id={`${idPrefix}-amount`}
        label="Jumlah dikembalikan"
        inputMode="numeric"
        value={state.amount}
        placeholder={String(defaultAmount)}
        error={errors.amount}
        hint={`Kosongkan untuk mengembalikan ${formatRupiah(defaultAmount)}.`}
        onChange={(e) => onChange({ ...state, amount: e.target.value })}
      />
      <Field as="select" id={`${idPrefix}-method`} label="Metode" value={state.method} error={errors.method} onChange={(e) => onChange({ ...state, method: e.target.value as RefundMethod })}>
        <LabelledOptions values={REFUND_METHODS} labels={refundMethodLabels} />
      </Field>
      <Field
        id={`${idPrefix}-reference`}
        label={state.method === 'cash' ? 'Referensi (opsional)' : 'Nomor referensi'}
        value={state.reference}
        maxLength={200}
        error={errors.reference}
        onChange={(e) => onChange({ ...state, reference: e.target.value })}
      />
      <Field as="textarea" id={`${idPrefix}-reason`} label="Alasan pengembalian" value={state.reason} maxLength={500} error={errors.reason} onChange={(e) => onChange({ ...state, reason: e.target.value })} />
    </fieldset>
  );
}
