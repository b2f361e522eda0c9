import { describe, expect, it } from 'vitest';
import { awaitsPayment, countsAsRevenue, payableOf, revenueHour, revenueOf } from './index';

describe('revenue rules', () => {
  it('counts paid orders, cancelled ones too, and nothing unpaid, expired, failed or refunded', () => {
    expect(countsAsRevenue({ payment_status: 'paid' })).toBe(true);
    for (const payment_status of ['unpaid', 'expired', 'failed', 'refunded']) expect(countsAsRevenue({ payment_status }), payment_status).toBe(false);
  });

  it('owes only on unpaid orders that are not cancelled', () => {
    expect(awaitsPayment({ status: 'pending', payment_status: 'unpaid' })).toBe(true);
    expect(awaitsPayment({ status: 'confirmed', payment_status: 'unpaid' })).toBe(true);
    expect(awaitsPayment({ status: 'cancelled', payment_status: 'unpaid' })).toBe(false);
    expect(awaitsPayment({ status: 'pending', payment_status: 'paid' })).toBe(false);
  });

  it("counts money at the UTC hour of the latest payment received, else the order's", () => {
    const created = new Date('2026-11-01T10:45:00Z');
    expect(revenueHour(created, [])).toEqual(new Date('2026-11-01T10:00:00Z'));
    expect(revenueHour(created, [null])).toEqual(new Date('2026-11-01T10:00:00Z'));
    expect(revenueHour(created, [new Date('2026-11-03T08:59:59Z'), null, new Date('2026-11-02T23:10:00Z')])).toEqual(new Date('2026-11-03T08:00:00Z'));
  });

  it('sums revenue as money received less refunds, and what is owed without cancelled orders', () => {
    const figures = new Map([
      ['pending', { paid: 50_000, refunded: 0, unpaid: 20_000 }],
      ['cancelled', { paid: 90_000, refunded: 90_000, unpaid: 7_000 }],
      ['delivered', { paid: 11_000, refunded: 1_000, unpaid: 0 }],
    ]);
    expect(revenueOf(figures.values())).toBe(60_000);
    expect(revenueOf([undefined])).toBe(0);
    expect(payableOf(figures)).toBe(20_000);
  });
});
