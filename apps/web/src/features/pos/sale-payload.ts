/**
 * The POS sale as pure functions (docs/requirements/back-office.md §4, §5, §9): the payment fields and their
 * switching rules, and the POST /orders/pos body from the cart and the form.
 */
import { posSaleLines, type PosCartLine, type PosPaymentMethod, type PosSaleInput } from '@pasar/core/pos';

export interface PosCustomer {
  name: string;
  phone: string;
  email: string;
}
export const emptyCustomer: PosCustomer = { name: '', phone: '', email: '' };

export interface PosPayment {
  method: PosPaymentMethod;
  /** The cash input as typed (a number field), '' when empty. */
  cash: string;
  reference: string;
}
export const initialPayment: PosPayment = { method: 'cash', cash: '', reference: '' };

/** Spec §4: leaving cash clears the cash received; going to cash clears the payment reference. */
export function switchMethod(payment: PosPayment, method: PosPaymentMethod): PosPayment {
  return { method, cash: method === 'cash' ? payment.cash : '', reference: method === 'cash' ? '' : payment.reference };
}

/** Whole rupiah received, never negative; null while the field is empty. */
export function cashReceived(cash: string): number | null {
  return cash === '' ? null : Math.max(0, Math.round(Number(cash)));
}

export function buildSalePayload(input: { customer: PosCustomer; notes: string; payment: PosPayment; lines: readonly PosCartLine[] }): PosSaleInput {
  const { customer, payment } = input;
  return {
    customer_name: customer.name || null,
    customer_phone: customer.phone || null,
    customer_email: customer.email || null,
    notes: input.notes || null,
    payment_method: payment.method,
    payment_reference: payment.method === 'cash' ? null : payment.reference || null,
    cash_received: payment.method === 'cash' ? cashReceived(payment.cash) : null,
    // The prices and total on screen: what the customer was told, counted or asked by QRIS.
    ...posSaleLines(input.lines),
  };
}
