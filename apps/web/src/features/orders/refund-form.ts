/**
 * The refund fields of the cancel and remove-line dialogs (issue 28 part 4): what the admin typed,
 * checked by core's one schema, as the body to send or the message per field.
 */
import { refundInputSchema, type RefundInput, type RefundMethod } from '@pasar/core/refunds';

export interface RefundFormState {
  /** As typed: digits only counted ("150.000" is 150000); empty means "all that is refundable". */
  amount: string;
  method: RefundMethod;
  reference: string;
  reason: string;
}

export const emptyRefundForm = (method: RefundMethod = 'transfer'): RefundFormState => ({ amount: '', method, reference: '', reason: '' });

/** Whole rupiah from what was typed, dots and spaces as thousands separators; undefined when empty. */
export function typedRupiah(text: string): number | undefined {
  const digits = text.replace(/[.\s]/g, '');
  if (digits === '') return undefined;
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

export function refundBody(state: RefundFormState): { ok: true; refund: RefundInput } | { ok: false; errors: Partial<Record<keyof RefundFormState, string>> } {
  const amount = typedRupiah(state.amount);
  const parsed = refundInputSchema.safeParse({
    ...(amount !== undefined ? { amount } : {}),
    method: state.method,
    reference: state.reference,
    reason: state.reason,
  });
  if (parsed.success) return { ok: true, refund: parsed.data };
  const errors: Partial<Record<keyof RefundFormState, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof RefundFormState | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The server's field errors (`refund.amount`, `refund.reference`...) onto the form's fields. */
export function refundErrorsFromServer(fields: Record<string, string> | undefined): Partial<Record<keyof RefundFormState, string>> {
  const errors: Partial<Record<keyof RefundFormState, string>> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const name = key.startsWith('refund.') ? key.slice('refund.'.length) : null;
    if (name === 'amount' || name === 'method' || name === 'reference' || name === 'reason') errors[name] = message;
  }
  return errors;
}
