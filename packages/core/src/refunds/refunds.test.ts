import { describe, expect, it } from 'vitest';
import { cancelOrderSchema, drawerQuerySchema, expectedDrawerCash, lineRefundAmount, netRevenue, refundAmountFor, refundInputSchema, refundMessages, refundableAmount, reversalError, sameStoreDay } from './index';

const rupiah = (n: number) => `Rp ${n}`;

describe('refunds', () => {
  it('refundable: paid total less earlier refunds, nothing for unpaid orders', () => {
    expect(refundableAmount({ payment_status: 'paid', total_amount: 100_000 }, 0)).toBe(100_000);
    expect(refundableAmount({ payment_status: 'paid', total_amount: 100_000 }, 30_000)).toBe(70_000);
    expect(refundableAmount({ payment_status: 'paid', total_amount: 100_000 }, 120_000)).toBe(0);
    expect(refundableAmount({ payment_status: 'unpaid', total_amount: 100_000 }, 0)).toBe(0);
  });

  it('the amount defaults to all that is refundable and may not exceed it (first failure wins)', () => {
    expect(refundAmountFor(undefined, 70_000, rupiah)).toEqual({ amount: 70_000 });
    expect(refundAmountFor(20_000, 70_000, rupiah)).toEqual({ amount: 20_000 });
    expect(refundAmountFor(70_001, 70_000, rupiah)).toEqual({ error: refundMessages.amountTooLarge('Rp 70000') });
    expect(refundAmountFor(1, 0, rupiah)).toEqual({ error: refundMessages.nothingRefundable });
  });

  it('a line is worth its unit price times the quantity removed, at most its quantity', () => {
    expect(lineRefundAmount({ price: 15_000, quantity: 3 }, 2)).toBe(30_000);
    expect(lineRefundAmount({ price: 15_000, quantity: 3 }, 5)).toBe(45_000);
  });

  it('net revenue: paid totals (cancelled paid orders too) less refunds, worked by hand', () => {
    // 100,000 paid then cancelled with a full refund; 50,000 paid with 10,000 refunded; 70,000 unpaid.
    const orders = [
      { payment_status: 'paid', total_amount: 100_000 },
      { payment_status: 'paid', total_amount: 50_000 },
      { payment_status: 'unpaid', total_amount: 70_000 },
    ];
    expect(netRevenue(orders, [{ amount: 100_000 }, { amount: 10_000 }])).toBe(40_000);
    expect(netRevenue(orders, [])).toBe(150_000);
  });

  it('the drawer loses cash refunds only', () => {
    expect(expectedDrawerCash(200_000, [{ amount: 30_000, method: 'cash' }, { amount: 50_000, method: 'transfer' }, { amount: 5_000, method: 'gateway' }])).toBe(170_000);
  });

  it('a refund needs a method, a reason, and a reference unless it is cash', () => {
    expect(refundInputSchema.safeParse({ method: 'cash', reason: 'Barang kosong' }).success).toBe(true);
    const noRef = refundInputSchema.safeParse({ method: 'transfer', reason: 'Barang kosong' });
    expect(noRef.success).toBe(false);
    expect(noRef.error?.issues[0]).toMatchObject({ path: ['reference'], message: refundMessages.referenceRequired });
    expect(refundInputSchema.safeParse({ method: 'gateway', reference: 'RF-1', reason: 'x' }).success).toBe(true);
    expect(refundInputSchema.safeParse({ method: 'cash', reason: '  ' }).error?.issues[0]?.message).toBe(refundMessages.reasonRequired);
    expect(refundInputSchema.safeParse({ method: 'cash', reason: 'x', amount: 0 }).error?.issues[0]?.message).toBe(refundMessages.amountInvalid);
    expect(cancelOrderSchema.parse({}).refund).toBeUndefined();
  });

  it('the same day is the store zone’s calendar day', () => {
    // 23:30 WIB on the 23rd is 16:30 UTC; 00:10 WIB on the 24th is 17:10 UTC the same UTC day.
    const confirmed = new Date('2026-11-23T16:30:00Z');
    expect(sameStoreDay(confirmed, new Date('2026-11-23T16:59:00Z'), 'Asia/Jakarta')).toBe(true);
    expect(sameStoreDay(confirmed, new Date('2026-11-23T17:10:00Z'), 'Asia/Jakarta')).toBe(false);
    // In WIT (+9) both are already the 24th.
    expect(sameStoreDay(confirmed, new Date('2026-11-23T17:10:00Z'), 'Asia/Jayapura')).toBe(true);
  });

  it('reversal: manual and paid, not cancelled or shipped, no refunds, the same day (first failure wins)', () => {
    const base = { provider: 'manual', paymentStatus: 'paid', orderStatus: 'confirmed', confirmedAt: new Date('2026-11-23T03:00:00Z'), refunded: 0, now: new Date('2026-11-23T10:00:00Z'), timeZone: 'Asia/Jakarta' };
    expect(reversalError(base)).toBeNull();
    expect(reversalError({ ...base, provider: 'sandbox' })).toBe(refundMessages.notReversible);
    expect(reversalError({ ...base, confirmedAt: null })).toBe(refundMessages.notReversible);
    expect(reversalError({ ...base, paymentStatus: 'unpaid', refunded: 5 })).toBe(refundMessages.notReversible);
    expect(reversalError({ ...base, orderStatus: 'cancelled', refunded: 5 })).toBe(refundMessages.reverseCancelled);
    expect(reversalError({ ...base, orderStatus: 'shipped', refunded: 5 })).toBe(refundMessages.reverseShipped);
    expect(reversalError({ ...base, orderStatus: 'delivered' })).toBe(refundMessages.reverseShipped);
    expect(reversalError({ ...base, refunded: 5, now: new Date('2026-11-24T10:00:00Z') })).toBe(refundMessages.reverseHasRefunds);
    expect(reversalError({ ...base, now: new Date('2026-11-23T17:00:00Z') })).toBe(refundMessages.reverseTooLate);
  });

  it('the drawer takes a date that exists', () => {
    expect(drawerQuerySchema.parse({ date: '2026-11-26' })).toEqual({ date: '2026-11-26' });
    expect(drawerQuerySchema.parse({})).toEqual({});
    for (const date of ['2026-13-45', '2026-02-30', '26-11-2026']) expect(drawerQuerySchema.safeParse({ date }).error?.issues[0]?.message).toBe(refundMessages.dateInvalid);
  });
});
