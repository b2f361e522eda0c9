import { describe, expect, it } from 'vitest';
import { refundMessages } from '@pasar/core/refunds';
import { emptyRefundForm, refundBody, refundErrorsFromServer, typedRupiah } from './refund-form';

describe('the refund fields', () => {
  it('reads rupiah as typed, dots as thousands; empty is "all that is refundable"', () => {
    expect(typedRupiah('150.000')).toBe(150_000);
    expect(typedRupiah(' ')).toBeUndefined();
    expect(typedRupiah('12,5')).toBeNaN();
  });

  it('sends a cash refund without a reference and without an amount', () => {
    expect(refundBody({ ...emptyRefundForm('cash'), reason: 'Stok habis' })).toEqual({ ok: true, refund: { method: 'cash', reason: 'Stok habis' } });
  });

  it('asks for a reference on a transfer, and a reason, per field', () => {
    const result = refundBody({ ...emptyRefundForm('transfer'), amount: '0' });
    expect(result).toEqual({ ok: false, errors: { amount: refundMessages.amountInvalid, reason: refundMessages.reasonRequired, reference: refundMessages.referenceRequired } });
  });

  it('puts the server’s refund.* errors on the fields', () => {
    expect(refundErrorsFromServer({ 'refund.amount': 'terlalu besar', other: 'x' })).toEqual({ amount: 'terlalu besar' });
  });
});
