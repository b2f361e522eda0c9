/**
 * Settlement against hand-worked examples (issue 29 part 4, decision 057). Each case writes its
 * sums out so a person can check them with a pencil.
 */
import { describe, expect, it } from 'vitest';
import { allocateRefund, commissionOn, computeSettlement, partnerPeriod, partnerPeriodQuerySchema, payoutInputSchema, payoutPeriodError, periodQuerySchema, partnerCommissionSchema, salesBy, settlementMessages, type GoodsEntry } from './index';

const tz = 'Asia/Jakarta';
const at = (iso: string) => new Date(iso);
let sid = 0;
const goods = (amount: number, deliveredAt: string, shipping = 0, orderId = 1): GoodsEntry => ({ shipment_id: ++sid, order_id: orderId, goods: amount, shipping, delivered_at: at(deliveredAt) });

describe('commissionOn: base × percent / 100, whole rupiah, half away from zero', () => {
  it('works the hand examples', () => {
    expect(commissionOn(150_500, 5)).toBe(7_525); // 150,500 × 5% = 7,525 exactly
    expect(commissionOn(12_340, 2.5)).toBe(309); // 308.5 → 309 (half up)
    expect(commissionOn(12_339, 2.5)).toBe(308); // 308.475 → 308
    expect(commissionOn(-12_340, 2.5)).toBe(-309); // refunded goods give back exactly what was taken
    expect(commissionOn(1_000_050, 7.1)).toBe(71_004); // 71,003.55 → 71,004
    expect(commissionOn(99_999, 0)).toBe(0);
    expect(commissionOn(99_999, 100)).toBe(99_999);
  });
  it('keeps to integers where floats slip: 5,500 × 0.7% = 38.5 → 39 (5500*0.7/100 is 38.4999… in floating point)', () => {
    expect(commissionOn(5_500, 0.7)).toBe(39);
    expect(commissionOn(5, 10)).toBe(1); // 0.5 → 1
    expect(commissionOn(4, 10)).toBe(0); // 0.4 → 0
  });
});

describe('computeSettlement', () => {
  it('one November, 5%: goods by the store date of delivery, shipping only on what the partner sent', () => {
    const s = computeSettlement({
      period: { start: '2026-11-01', end: '2026-11-30' },
      timeZone: tz,
      commission_percent: 5,
      goods: [
        goods(120_000, '2026-11-03T03:00:00Z'), // sent by the office: no shipping
        goods(45_500, '2026-11-30T16:30:00Z', 18_000), // 23:30 WIB on the 30th: in; sent by the partner
        goods(10_000, '2026-11-30T17:00:00Z', 9_000), // 00:00 WIB on 1 December: out
        goods(7_000, '2026-10-31T16:59:00Z'), // 23:59 WIB on 31 October: out
      ],
      refunds: [{ amount: 15_000, at: at('2026-11-10T05:00:00Z') }],
      last_payout: null,
    });
    // goods 120,000 + 45,500 = 165,500; refunds 15,000; commission 5% × 150,500 = 7,525; shipping 18,000.
    // carried: October's 7,000 was never paid: 7,000 − 5% × 7,000 (350) = 6,650.
    // owed = 165,500 − 15,000 − 7,525 + 18,000 + 6,650 = 167,625.
    expect(s).toEqual({ period_start: '2026-11-01', period_end: '2026-11-30', commission_percent: 5, goods: 165_500, refunds: 15_000, commission: 7_525, shipping: 18_000, carried_in: 6_650, owed: 167_625 });
  });

  it('a refund after a paid period lands in the next one and lowers it; a negative balance carries', () => {
    const allGoods = [goods(200_000, '2026-10-15T05:00:00Z'), goods(30_000, '2026-11-20T05:00:00Z'), goods(100_000, '2026-12-02T05:00:00Z')];
    // The refund of 50,000 on October's goods, recorded on 5 November (after October was paid).
    const allRefunds = [{ amount: 50_000, at: at('2026-11-05T05:00:00Z') }];
    const base = { timeZone: tz, commission_percent: 10, goods: allGoods, refunds: allRefunds };

    // October: 200,000 − 10% (20,000) = 180,000, paid in full.
    const october = computeSettlement({ ...base, period: { start: '2026-10-01', end: '2026-10-31' }, last_payout: null });
    expect(october).toMatchObject({ goods: 200_000, refunds: 0, commission: 20_000, carried_in: 0, owed: 180_000 });

    // November after October's payout: 30,000 − 50,000 = −20,000; commission 10% of −20,000 = −2,000
    // (the commission taken on the goods that came back, given back); owed −20,000 + 2,000 = −18,000.
    const november = computeSettlement({ ...base, period: { start: '2026-11-01', end: '2026-11-30' }, last_payout: { period_end: '2026-10-31', closed_at: new Date('2026-11-03T03:00:00Z'), owed: 180_000, amount: 180_000 } });
    expect(november).toMatchObject({ goods: 30_000, refunds: 50_000, commission: -2_000, carried_in: 0, owed: -18_000 });

    // November closed with 0 paid: −18,000 carries. December: 100,000 − 10,000 − 18,000 = 72,000.
    const december = computeSettlement({ ...base, period: { start: '2026-12-01', end: '2026-12-31' }, last_payout: { period_end: '2026-11-30', closed_at: new Date('2026-12-03T03:00:00Z'), owed: -18_000, amount: 0 } });
    expect(december).toMatchObject({ goods: 100_000, refunds: 0, commission: 10_000, carried_in: -18_000, owed: 72_000 });

    // The closed October is never counted again, even when its entries are passed in and the range reaches back.
    const overlapping = computeSettlement({ ...base, period: { start: '2026-10-01', end: '2026-11-30' }, last_payout: { period_end: '2026-10-31', closed_at: new Date('2026-11-03T03:00:00Z'), owed: 180_000, amount: 180_000 } });
    expect(overlapping).toMatchObject({ goods: 30_000, refunds: 50_000, owed: -18_000 });
  });

  it('carries a partial payout and the unclosed days between the last payout and the period', () => {
    const s = computeSettlement({
      period: { start: '2026-12-01', end: '2026-12-31' },
      timeZone: tz,
      commission_percent: 10,
      goods: [goods(40_000, '2026-11-10T05:00:00Z', 12_000), goods(10_000, '2026-12-10T05:00:00Z')],
      refunds: [],
      // October owed 160,975 and 150,000 was paid: 10,975 left.
      last_payout: { period_end: '2026-10-31', closed_at: new Date('2026-11-03T03:00:00Z'), owed: 160_975, amount: 150_000 },
    });
    // November was never closed: 40,000 − 4,000 + 12,000 = 48,000. carried = 10,975 + 48,000 = 58,975.
    // December: 10,000 − 1,000 = 9,000. owed = 9,000 + 58,975 = 67,975.
    expect(s).toMatchObject({ goods: 10_000, commission: 1_000, shipping: 0, carried_in: 58_975, owed: 67_975 });
  });

  it('a period with nothing is all zeros and owes what was carried', () => {
    expect(computeSettlement({ period: { start: '2026-11-01', end: '2026-11-30' }, timeZone: tz, commission_percent: 5, goods: [], refunds: [], last_payout: { period_end: '2026-10-31', closed_at: new Date('2026-11-03T03:00:00Z'), owed: 5_000, amount: 1_000 } })).toMatchObject({
      goods: 0,
      refunds: 0,
      commission: 0,
      shipping: 0,
      carried_in: 4_000,
      owed: 4_000,
    });
  });

  it('a period closed today carries what that day brings after the payout into the next period', () => {
    // Paid on 1 December 10:00 WIB (03:00Z) for 1 November to 1 December: 50,000 delivered at 09:00 WIB
    // is in the payout; 20,000 delivered at 15:00 WIB and a 5,000 refund at 16:00 WIB come after it.
    const closedAt = at('2026-12-01T03:00:00Z');
    const last = { period_end: '2026-12-01', closed_at: closedAt, owed: 47_500, amount: 47_500 };
    const day = [goods(50_000, '2026-12-01T02:00:00Z'), goods(20_000, '2026-12-01T08:00:00Z'), goods(10_000, '2026-12-02T03:00:00Z')];
    const refunds = [{ amount: 5_000, at: at('2026-12-01T09:00:00Z') }];
    const next = computeSettlement({ period: { start: '2026-12-02', end: '2026-12-31' }, timeZone: tz, commission_percent: 5, goods: day, refunds, last_payout: last });
    // Goods 20,000 + 10,000 = 30,000; refunds 5,000; 5% of 25,000 = 1,250; owed 23,750.
    expect(next).toMatchObject({ goods: 30_000, refunds: 5_000, commission: 1_250, carried_in: 0, owed: 23_750 });
    // Asked from a later start, all of it is carried in as one unclosed stretch: the same 23,750.
    const later = computeSettlement({ period: { start: '2026-12-03', end: '2026-12-31' }, timeZone: tz, commission_percent: 5, goods: day, refunds, last_payout: last });
    expect(later).toMatchObject({ goods: 0, carried_in: 23_750, owed: 23_750 });
  });

  it('uses the store time zone (WIT is two hours ahead of WIB)', () => {
    const entry = [goods(10_000, '2026-11-30T15:30:00Z')]; // 22:30 WIB on the 30th, 00:30 WIT on 1 December
    const nov = { start: '2026-11-01', end: '2026-11-30' };
    expect(computeSettlement({ period: nov, timeZone: 'Asia/Jakarta', commission_percent: 0, goods: entry, refunds: [], last_payout: null }).goods).toBe(10_000);
    expect(computeSettlement({ period: nov, timeZone: 'Asia/Jayapura', commission_percent: 0, goods: entry, refunds: [], last_payout: null }).goods).toBe(0);
  });
});

describe('allocateRefund: largest remainder over delivered goods, capped, the rest with the office', () => {
  it('gives every partner its goods when the refund covers them; the rest stays with the office', () => {
    // Goods 30,000 + 15,000 = 45,000; refund 50,000 (with shipping): 5,000 stays with the office.
    expect(allocateRefund(50_000, [{ business_id: 1, goods: 30_000 }, { business_id: 2, goods: 15_000 }])).toEqual([
      { business_id: 1, amount: 30_000 },
      { business_id: 2, amount: 15_000 },
    ]);
  });
  it('splits a smaller refund in proportion, whole rupiah by largest remainder', () => {
    // 7 over goods 2, 3, 5 (of 10): 1.4, 2.1, 3.5 → floors 1, 2, 3 (6); the one left goes to the largest remainder, 0.5.
    expect(allocateRefund(7, [{ business_id: 1, goods: 2 }, { business_id: 2, goods: 3 }, { business_id: 3, goods: 5 }])).toEqual([
      { business_id: 1, amount: 1 },
      { business_id: 2, amount: 2 },
      { business_id: 3, amount: 4 },
    ]);
    // 10 over three equal goods: 3⅓ each → 3, 3, 3 and the one left to the lowest id on a tie.
    expect(allocateRefund(10, [{ business_id: 9, goods: 1_000 }, { business_id: 4, goods: 1_000 }, { business_id: 7, goods: 1_000 }])).toEqual([
      { business_id: 9, amount: 3 },
      { business_id: 4, amount: 4 },
      { business_id: 7, amount: 3 },
    ]);
    // 60,000 over 70,000 and 30,000: exactly 42,000 and 18,000.
    expect(allocateRefund(60_000, [{ business_id: 1, goods: 70_000 }, { business_id: 2, goods: 30_000 }])).toEqual([
      { business_id: 1, amount: 42_000 },
      { business_id: 2, amount: 18_000 },
    ]);
  });
  it('leaves out partners with nothing delivered, and answers nothing when no goods were delivered', () => {
    expect(allocateRefund(5_000, [{ business_id: 1, goods: 0 }, { business_id: 2, goods: 8_000 }])).toEqual([{ business_id: 2, amount: 5_000 }]);
    expect(allocateRefund(5_000, [])).toEqual([]);
    expect(allocateRefund(0, [{ business_id: 2, goods: 8_000 }])).toEqual([]);
  });
  it('always sums to min(refund, goods) and never passes a partner’s goods', () => {
    const partners = [{ business_id: 1, goods: 333_333 }, { business_id: 2, goods: 1 }, { business_id: 3, goods: 999_999_999 }];
    for (const amount of [1, 2, 3, 17, 333_334, 1_000_333_333, 1_500_000_000]) {
      const split = allocateRefund(amount, partners);
      expect(split.reduce((s, p) => s + p.amount, 0)).toBe(Math.min(amount, 1_000_333_333));
      for (const p of split) expect(p.amount).toBeLessThanOrEqual(partners.find((q) => q.business_id === p.business_id)!.goods);
    }
  });
});

describe('salesBy', () => {
  it('groups by store day and month, newest first, commission on each group’s own base', () => {
    const input = {
      from: '2026-10-01',
      to: '2026-11-30',
      timeZone: tz,
      commission_percent: 10,
      goods: [goods(10_005, '2026-11-02T01:00:00Z'), goods(20_000, '2026-11-01T20:00:00Z', 5_000), goods(8_000, '2026-10-31T18:00:00Z'), goods(1_000, '2026-12-01T01:00:00Z')],
      refunds: [{ amount: 3_000, at: at('2026-11-02T02:00:00Z') }],
    };
    // 2 Nov (WIB): 10,005 + 20,000 (03:00 WIB) = 30,005, refund 3,000 → base 27,005 → 2,700.5 → 2,701; net 27,005 − 2,701 + 5,000 = 29,304.
    // 1 Nov (WIB): 8,000 (01:00 WIB) → 800; net 7,200.
    expect(salesBy('day', input)).toEqual([
      { key: '2026-11-02', goods: 30_005, refunds: 3_000, commission: 2_701, shipping: 5_000, net: 29_304 },
      { key: '2026-11-01', goods: 8_000, refunds: 0, commission: 800, shipping: 0, net: 7_200 },
    ]);
    // November: 38,005 − 3,000 = 35,005 → 3,500.5 → 3,501; net 35,005 − 3,501 + 5,000 = 36,504.
    expect(salesBy('month', input)).toEqual([{ key: '2026-11', goods: 38_005, refunds: 3_000, commission: 3_501, shipping: 5_000, net: 36_504 }]);
  });
});

describe('payoutPeriodError: first failure wins', () => {
  it('refuses a period not yet over, one reaching into a closed one, and a reversed one', () => {
    expect(payoutPeriodError({ start: '2026-11-10', end: '2026-11-01' }, '2026-12-01', null)).toBe(settlementMessages.periodOrder);
    expect(payoutPeriodError({ start: '2026-11-01', end: '2026-12-02' }, '2026-12-01', null)).toBe(settlementMessages.periodNotPast);
    expect(payoutPeriodError({ start: '2026-11-01', end: '2026-12-01' }, '2026-12-01', null)).toBeNull();
    expect(payoutPeriodError({ start: '2026-11-01', end: '2026-11-30' }, '2026-12-01', null)).toBeNull();
    expect(payoutPeriodError({ start: '2026-10-31', end: '2026-11-30' }, '2026-12-01', '2026-10-31')).toBe(settlementMessages.periodClosed('2026-10-31'));
    expect(payoutPeriodError({ start: '2026-11-01', end: '2026-11-30' }, '2026-12-01', '2026-10-31')).toBeNull();
  });
});

describe('schemas', () => {
  it('payout input: bank reference required, amount a whole rupiah ≥ 0, real dates', () => {
    const good = { business_id: 3, period_start: '2026-11-01', period_end: '2026-11-30', amount: 0, paid_on: '2026-12-01', bank_reference: 'TRF-1' };
    expect(payoutInputSchema.safeParse(good).success).toBe(true);
    const issue = (body: object) => payoutInputSchema.safeParse({ ...good, ...body }).error?.issues[0]?.message;
    expect(issue({ bank_reference: '  ' })).toBe(settlementMessages.referenceRequired);
    expect(issue({ amount: -1 })).toBe(settlementMessages.amountInvalid);
    expect(issue({ amount: 1.5 })).toBe(settlementMessages.amountInvalid);
    expect(issue({ period_start: '2026-02-30' })).toBe(settlementMessages.dateInvalid);
    expect(issue({ period_end: '2026-10-01' })).toBe(settlementMessages.periodOrder);
  });
  it('period query and commission', () => {
    expect(periodQuerySchema.safeParse({ from: '2026-11-01', to: '2026-10-01' }).error?.issues[0]?.message).toBe(settlementMessages.periodOrder);
    expect(partnerCommissionSchema.safeParse({ commission_percent: null }).success).toBe(true);
    expect(partnerCommissionSchema.safeParse({ commission_percent: 7.5 }).success).toBe(true);
    expect(partnerCommissionSchema.safeParse({ commission_percent: 7.55 }).success).toBe(false);
    expect(partnerCommissionSchema.safeParse({ commission_percent: 101 }).success).toBe(false);
  });
});

describe('partnerPeriod', () => {
  it('fills what the partner left out with the current month to today', () => {
    expect(partnerPeriod({}, '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(partnerPeriod({ to: '2026-10-15' }, '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-10-15' });
    expect(partnerPeriod({ from: '2026-09-03' }, '2026-11-27')).toEqual({ from: '2026-09-03', to: '2026-11-27' });
    expect(partnerPeriodQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).error?.issues[0]?.message).toBe(settlementMessages.periodOrder);
  });
});
