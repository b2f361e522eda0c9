/**
 * Commission and settlement (issue 29 part 4, decisions 053 and 057), on both engines: a partner's
 * figures from delivered, undelivered, refunded lines and partner- or office-shipped parcels worked
 * by hand; refund allocation on cancel and line removal; a closed period stays closed (a later
 * refund counts in the next period, a second payout over it is refused); a partner reads only its
 * own sales, payouts and statement; the statement as CSV (parsed) and PDF.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementMessages } from '@pasar/core/settlement';
import { orderItems, refundAllocations, refunds, shipments } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, type TestApp } from '../../test/app';
import { makePartner, makeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp;
let local: LocalCourierOption;
let clock = new Date('2026-11-03T03:00:00Z');
let partnerA: Awaited<ReturnType<typeof makePartner>>;
let partnerB: Awaited<ReturnType<typeof makePartner>>;
let pa: number;
let pb: number;

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, headers: Headers) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });
// Sessions follow the test clock, so each step signs in at its own time.
const admin = () => signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
const asPartner = (p: typeof partnerA) => signIn(t.app, p.user.username, p.user.password);

let seq = 0;
async function paidOrder(lines: { productId: number; quantity: number }[]) {
  seq += 1;
  const body = { ...guestOrderPayload({ productId: pa, quantity: 1, local, email: `settle${seq}@contoh.id` }), shipping_address: `Jl. Setoran No. ${seq}`, order_items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })) };
  const placed = await api('POST', '/orders', body, {});
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().data.id as number;
  const paid = await api('POST', `/orders/${id}/payment/confirm`, {}, await admin());
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data as { id: number; total_amount: number; version: number; order_items: { id: number; product_id: number }[] };
}

/** Marks an order's shipments delivered at `at`, sent by a partner from its corner or (null) by the office; answers the cost. */
async function deliver(orderId: number, at: string, shippedBy: number | null): Promise<number> {
  const rows = await t.db.update(shipments).set({ status: 'delivered', shipped_at: new Date(at), delivered_at: new Date(at), shipped_by_business_id: shippedBy }).where(eq(shipments.order_id, orderId)).returning({ cost: shipments.cost });
  expect(rows).toHaveLength(1);
  return rows[0]!.cost;
}

const summaryRow = async (from: string, to: string, businessId: number) => {
  const res = await api('GET', `/payouts/summary?from=${from}&to=${to}`, undefined, await admin());
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.partners as { business_id: number }[]).find((p) => p.business_id === businessId) as Record<string, unknown> | undefined;
};

/** A CSV of ours as rows of cells (quoted cells with commas are not in these figures). */
const parseCsv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line) => line.split(','));

let shippingA = 0;
let o1: Awaited<ReturnType<typeof paidOrder>>;
let o2: Awaited<ReturnType<typeof paidOrder>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' } });
  await allowManyUnpaidOrders(t.db);
  local = await localCourierOption(t.app);
  partnerA = await makePartner(t.db, { business: { name: 'Keripik Bu Sri' } });
  partnerB = await makePartner(t.db, { business: { name: 'Batik Laweyan' } });
  pa = (await makeProduct(t.db, { business_id: partnerA.business.id, price: 10_000, stock: 500 })).id;
  pb = (await makeProduct(t.db, { business_id: partnerB.business.id, price: 4_000, stock: 500 })).id;
  // Partner A has its own rate, 10%; B takes the store's (5% by default).
  const rate = await api('PUT', `/payouts/partners/${partnerA.business.id}/commission`, { commission_percent: 10 }, await admin());
  expect(rate.statusCode, rate.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('a partner’s figures for November', () => {
  it('counts delivered goods of paid orders, shipping only when the partner sent it, and refunds as allocated', async () => {
    // o1: A × 3 = 30,000, delivered 5 Nov, sent by the office.
    o1 = await paidOrder([{ productId: pa, quantity: 3 }]);
    await deliver(o1.id, '2026-11-05T03:00:00Z', null);
    // o2: A × 2 = 20,000, delivered 6 Nov, sent by A from its corner: its shipping is A's.
    o2 = await paidOrder([{ productId: pa, quantity: 2 }]);
    shippingA = await deliver(o2.id, '2026-11-06T03:00:00Z', partnerA.business.id);
    expect(shippingA).toBeGreaterThan(0);
    // o3: A × 1, paid but not delivered: not counted.
    await paidOrder([{ productId: pa, quantity: 1 }]);
    // o4: A × 1 (10,000) and B × 2 (8,000) in one parcel, delivered 7 Nov by the office.
    const o4 = await paidOrder([{ productId: pa, quantity: 1 }, { productId: pb, quantity: 2 }]);
    await deliver(o4.id, '2026-11-07T03:00:00Z', null);
    // o5: A × 2, not delivered; one unit removed later: its refund stays with the office.
    const o5 = await paidOrder([{ productId: pa, quantity: 2 }, { productId: pb, quantity: 1 }]);
    // An unpaid order's delivered parcel would not count (paid orders only).
    seq += 1;
    const unpaid = await api('POST', '/orders', { ...guestOrderPayload({ productId: pa, quantity: 4, local, email: `settle${seq}@contoh.id` }), shipping_address: `Jl. Belum Bayar ${seq}` }, {});
    await deliver(unpaid.json().data.id, '2026-11-08T03:00:00Z', partnerA.business.id);

    clock = new Date('2026-11-20T05:00:00Z');
    const desk = await admin();
    // Cancelling o1 with all it paid (goods, shipping, kode unik): A's 30,000 is taken back, the rest is the office's.
    const cancel = await api('POST', `/orders/${o1.id}/cancel`, { refund: { method: 'cash', reason: 'Barang rusak' } }, desk);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [r1] = await t.db.select().from(refunds).where(eq(refunds.order_id, o1.id));
    expect(r1!.amount).toBe(o1.total_amount);
    expect(await t.db.select({ business_id: refundAllocations.business_id, amount: refundAllocations.amount }).from(refundAllocations).where(eq(refundAllocations.refund_id, r1!.id))).toEqual([
      { business_id: partnerA.business.id, amount: 30_000 },
    ]);
    // Removing B's delivered line from o4: 8,000 to B, the goods it took off the parcel kept with the allocation.
    const bLine = o4.order_items.find((i) => i.product_id === pb)!;
    const removeB = await api('POST', `/orders/${o4.id}/lines/${bLine.id}/remove`, { refund: { method: 'cash', reason: 'Salah ukuran' } }, desk);
    expect(removeB.statusCode, removeB.body).toBe(200);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.id, bLine.id))).toEqual([]);
    const [r4] = await t.db.select().from(refunds).where(eq(refunds.order_id, o4.id));
    expect(await t.db.select({ business_id: refundAllocations.business_id, amount: refundAllocations.amount, goods_removed: refundAllocations.goods_removed }).from(refundAllocations).where(eq(refundAllocations.refund_id, r4!.id))).toEqual([
      { business_id: partnerB.business.id, amount: 8_000, goods_removed: 8_000 },
    ]);
    // One unit of o5's undelivered A line: refunded, allocated to no partner.
    const aLine5 = o5.order_items.find((i) => i.product_id === pa)!;
    const remove5 = await api('POST', `/orders/${o5.id}/lines/${aLine5.id}/remove`, { quantity: 1, refund: { method: 'cash', reason: 'Stok habis' } }, desk);
    expect(remove5.statusCode, remove5.body).toBe(200);
    const [r5] = await t.db.select().from(refunds).where(eq(refunds.order_id, o5.id));
    expect(await t.db.select().from(refundAllocations).where(eq(refundAllocations.refund_id, r5!.id))).toEqual([]);

    clock = new Date('2026-12-10T05:00:00Z');
    // A: goods 30,000 + 20,000 + 10,000 = 60,000; refunds 30,000; commission 10% × 30,000 = 3,000;
    // shipping: o2's cost; owed 60,000 − 30,000 − 3,000 + shipping = 27,000 + shipping.
    expect(await summaryRow('2026-11-01', '2026-11-30', partnerA.business.id)).toMatchObject({
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      commission_percent: 10,
      own_commission_percent: 10,
      goods: 60_000,
      refunds: 30_000,
      commission: 3_000,
      shipping: shippingA,
      carried_in: 0,
      owed: 27_000 + shippingA,
      can_close: true,
      closed_until: null,
    });
    // B: goods as delivered 8,000 (the removal counts once, as the refund); refunds 8,000; 5% of 0; owed 0.
    expect(await summaryRow('2026-11-01', '2026-11-30', partnerB.business.id)).toMatchObject({ goods: 8_000, refunds: 8_000, commission: 0, shipping: 0, owed: 0, commission_percent: 5, own_commission_percent: null });
  });
});

describe('payouts close a period', () => {
  it('refuses what may not be closed, records the payout with the server’s figures, and refuses it twice', async () => {
    const desk = await admin();
    const body = { business_id: partnerA.business.id, period_start: '2026-11-01', period_end: '2026-11-30', amount: 27_000 + shippingA, paid_on: '2026-12-10', bank_reference: 'BCA-TRF-0911' };
    const notOver = await api('POST', '/payouts', { ...body, period_end: '2026-12-11' }, desk);
    expect(notOver.statusCode).toBe(422);
    expect(notOver.json().error).toBe(settlementMessages.periodNotPast);
    const tooMuch = await api('POST', '/payouts', { ...body, amount: 27_001 + shippingA }, desk);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().fields).toHaveProperty('amount');
    const negative = await api('POST', '/payouts', { ...body, amount: -1 }, desk);
    expectFieldErrors(negative, { amount: settlementMessages.amountInvalid });
    const noReference = await api('POST', '/payouts', { ...body, bank_reference: ' ' }, desk);
    expectFieldErrors(noReference, { bank_reference: settlementMessages.referenceRequired });
    const futurePaid = await api('POST', '/payouts', { ...body, paid_on: '2026-12-11' }, desk);
    expect(futurePaid.statusCode).toBe(422);
    const nobody = await api('POST', '/payouts', { ...body, business_id: 999_999 }, desk);
    expect(nobody.statusCode).toBe(404);

    const paid = await api('POST', '/payouts', body, desk);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ goods: 60_000, refunds: 30_000, commission: 3_000, shipping: shippingA, carried_in: 0, owed: 27_000 + shippingA, amount: 27_000 + shippingA, carried_out: 0, bank_reference: 'BCA-TRF-0911' });

    const again = await api('POST', '/payouts', body, desk);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(settlementMessages.periodClosed('2026-11-30'));
    const overlapping = await api('POST', '/payouts', { ...body, period_start: '2026-11-15', period_end: '2026-12-05', amount: 0 }, desk);
    expect(overlapping.statusCode).toBe(409);
    // Two admins at once: one payout, the other refused.
    const both = await Promise.all([0, 1].map(() => api('POST', '/payouts', { ...body, period_start: '2026-12-01', period_end: '2026-12-05', amount: 0, bank_reference: 'NIHIL' }, desk)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    // The summary over November shows A as closed.
    expect(await summaryRow('2026-11-01', '2026-11-30', partnerA.business.id)).toBeUndefined();
    const listed = await api('GET', `/payouts?business_id=${partnerA.business.id}`, undefined, desk);
    expect(listed.json().data.payouts.map((p: { period_end: string }) => p.period_end)).toEqual(['2026-12-05', '2026-11-30']);
  });

  it('a refund recorded after the period was paid lands in the next period; a negative balance carries', async () => {
    clock = new Date('2026-12-12T05:00:00Z');
    // 5,000 back on o2, whose goods were paid out in November.
    const refund = await api('POST', `/orders/${o2.id}/cancel`, { refund: { method: 'transfer', reference: 'TRF-5', reason: 'Sebagian rusak', amount: 5_000 } }, await admin());
    expect(refund.statusCode, refund.body).toBe(200);
    const [alloc] = await t.db
      .select({ amount: refundAllocations.amount })
      .from(refundAllocations)
      .innerJoin(refunds, eq(refunds.id, refundAllocations.refund_id))
      .where(and(eq(refunds.order_id, o2.id), eq(refundAllocations.business_id, partnerA.business.id)));
    expect(alloc!.amount).toBe(5_000);

    clock = new Date('2026-12-20T05:00:00Z');
    // 6–19 December: refunds 5,000, commission 10% × −5,000 = −500 given back, owed −4,500.
    expect(await summaryRow('2026-12-06', '2026-12-19', partnerA.business.id)).toMatchObject({ goods: 0, refunds: 5_000, commission: -500, carried_in: 0, owed: -4_500, closed_until: '2026-12-05' });
    const desk = await admin();
    const closeNegative = await api('POST', '/payouts', { business_id: partnerA.business.id, period_start: '2026-12-06', period_end: '2026-12-19', amount: 0, paid_on: '2026-12-20', bank_reference: 'NIHIL-2' }, desk);
    expect(closeNegative.statusCode, closeNegative.body).toBe(201);
    expect(closeNegative.json().data).toMatchObject({ owed: -4_500, amount: 0, carried_out: -4_500 });

    // November's statement is the payout as it was paid, the later refund not in it.
    const nov = await api('GET', `/payouts/statement?business_id=${partnerA.business.id}&from=2026-11-01&to=2026-11-30`, undefined, desk);
    expect(nov.statusCode, nov.body).toBe(200);
    expect(nov.json().data.settlement).toMatchObject({ goods: 60_000, refunds: 30_000, owed: 27_000 + shippingA });

    // Next, a sale of 10,000 on 21 December: 10,000 − 1,000 − 4,500 carried = 4,500.
    const o6 = await paidOrder([{ productId: pa, quantity: 1 }]);
    await deliver(o6.id, '2026-12-21T03:00:00Z', null);
    clock = new Date('2027-01-02T05:00:00Z');
    expect(await summaryRow('2026-12-20', '2026-12-31', partnerA.business.id)).toMatchObject({ goods: 10_000, commission: 1_000, carried_in: -4_500, owed: 4_500 });
  });
});

describe('the partner’s corner', () => {
  it('reads its own sales and payouts only; the statement as CSV and PDF', async () => {
    const a = await asPartner(partnerA);
    const sales = await api('GET', '/mitra/sales?from=2026-11-01&to=2026-12-31', undefined, a);
    expect(sales.statusCode, sales.body).toBe(200);
    const data = sales.json().data;
    expect(data.months.map((m: { key: string }) => m.key)).toEqual(['2026-12', '2026-11']);
    expect(data.months[1]).toMatchObject({ goods: 60_000, refunds: 30_000, commission: 3_000, shipping: shippingA, net: 27_000 + shippingA });
    expect(data.days.find((d: { key: string }) => d.key === '2026-11-06')).toMatchObject({ goods: 20_000, shipping: shippingA, commission: 2_000 });
    expect(data.total_paid).toBe(27_000 + shippingA);
    // Owed now: −4,500 carried and the 21 December sale, 9,000.
    expect(data.total_owed).toBe(4_500);

    const payouts = (await api('GET', '/mitra/payouts', undefined, a)).json().data.payouts as { business_id: number; bank_reference: string }[];
    expect(payouts.map((p) => p.bank_reference)).toEqual(['NIHIL-2', 'NIHIL', 'BCA-TRF-0911']);
    const b = await asPartner(partnerB);
    const theirs = (await api('GET', '/mitra/payouts', undefined, b)).json().data.payouts;
    expect(theirs).toEqual([]);
    // B asking for A's statement by id still gets its own: the business is the session's.
    const bStatement = await api('GET', `/mitra/statement?from=2026-11-01&to=2026-11-30&business_id=${partnerA.business.id}`, undefined, b);
    expect(bStatement.statusCode, bStatement.body).toBe(200);
    expect(bStatement.json().data.business.id).toBe(partnerB.business.id);
    expect(bStatement.json().data.settlement).toMatchObject({ goods: 8_000, refunds: 8_000, owed: 0 });
    // An admin is not a partner: the corner refuses it.
    expect((await api('GET', '/mitra/sales?from=2026-11-01&to=2026-11-30', undefined, await admin())).statusCode).toBe(403);

    const csv = await api('GET', '/mitra/statement?from=2026-11-01&to=2026-11-30&format=csv', undefined, a);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('.csv');
    const rows = parseCsv(csv.body);
    const figure = (label: string) => Number(rows.find((r) => r[0] === label)?.[1]);
    expect(rows.find((r) => r[0] === 'Mitra')?.[1]).toBe('Keripik Bu Sri');
    expect(figure('Penjualan barang')).toBe(60_000);
    expect(figure('Pengembalian dana')).toBe(30_000);
    expect(figure('Komisi')).toBe(3_000);
    expect(figure('Ongkos kirim')).toBe(shippingA);
    expect(figure('Terutang')).toBe(27_000 + shippingA);
    expect(rows.filter((r) => r[1] === 'Terkirim').map((r) => r[0])).toEqual(['2026-11-05 10:00', '2026-11-06 10:00', '2026-11-07 10:00']);
    expect(rows.find((r) => r[7] === 'BCA-TRF-0911')).toBeDefined();

    const pdf = await api('GET', '/mitra/statement?from=2026-11-01&to=2026-11-30&format=pdf', undefined, a);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const adminPdf = await api('GET', `/payouts/statement?business_id=${partnerB.business.id}&from=2026-11-01&to=2026-11-30&format=pdf`, undefined, await admin());
    expect(adminPdf.headers['content-type']).toBe('application/pdf');
    expect(adminPdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers bad input with Indonesian 4xx', async () => {
    const desk = await admin();
    const badRange = await api('GET', '/payouts/summary?from=2026-11-30&to=2026-11-01', undefined, desk);
    expectFieldErrors(badRange, { to: settlementMessages.periodOrder });
    expect((await api('GET', '/payouts/summary?from=2026-02-30&to=2026-03-01', undefined, desk)).statusCode).toBe(400);
    expect((await api('GET', `/payouts/statement?business_id=${partnerA.business.id}&from=2026-11-01&to=2026-11-30&format=xls`, undefined, desk)).json().fields).toMatchObject({ format: settlementMessages.formatInvalid });
    expect((await api('PUT', `/payouts/partners/${partnerA.business.id}/commission`, { commission_percent: 101 }, desk)).statusCode).toBe(400);
    expect((await api('PUT', '/payouts/partners/999999/commission', { commission_percent: null }, desk)).statusCode).toBe(404);
    const back = await api('PUT', `/payouts/partners/${partnerB.business.id}/commission`, { commission_percent: null }, desk);
    expect(back.json().data).toEqual({ business_id: partnerB.business.id, commission_percent: null });
  });
});

describe('a period closed today (the office pays up to now)', () => {
  it('keeps the payout as paid and carries what the rest of the day brings into the next period', async () => {
    const partnerC = await makePartner(t.db, { business: { name: 'Kopi Sore' } });
    const pc = (await makeProduct(t.db, { business_id: partnerC.business.id, price: 10_000, stock: 100 })).id;
    // 10 January, 10:00 WIB: a parcel delivered at 09:00 WIB is paid out the same morning.
    clock = new Date('2027-01-10T03:00:00Z');
    const morning = await paidOrder([{ productId: pc, quantity: 1 }]);
    await deliver(morning.id, '2027-01-10T02:00:00Z', null);
    const desk = await admin();
    const tooFar = await api('POST', '/payouts', { business_id: partnerC.business.id, period_start: '2027-01-01', period_end: '2027-01-11', amount: 0, paid_on: '2027-01-10', bank_reference: 'X' }, desk);
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().error).toBe(settlementMessages.periodNotPast);
    const paid = await api('POST', '/payouts', { business_id: partnerC.business.id, period_start: '2027-01-01', period_end: '2027-01-10', amount: 9_500, paid_on: '2027-01-10', bank_reference: 'TRF-PAGI' }, desk);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ goods: 10_000, commission: 500, owed: 9_500, carried_out: 0 });

    // 15:00 WIB the same day: 2 × 10,000 delivered after the payout. The partner sees it owed
    // (20,000 − 5% = 19,000); the paid period's statement is unchanged.
    clock = new Date('2027-01-10T08:00:00Z');
    const afternoon = await paidOrder([{ productId: pc, quantity: 2 }]);
    await deliver(afternoon.id, '2027-01-10T07:00:00Z', null);
    const c = await asPartner(partnerC);
    expect((await api('GET', '/mitra/sales?from=2027-01-01&to=2027-01-10', undefined, c)).json().data).toMatchObject({ total_paid: 9_500, total_owed: 19_000 });
    const statement = await api('GET', `/payouts/statement?business_id=${partnerC.business.id}&from=2027-01-01&to=2027-01-10`, undefined, await admin());
    expect(statement.json().data.settlement).toMatchObject({ goods: 10_000, owed: 9_500 });

    // The next day, the afternoon's parcel is in the first open period and can be paid.
    clock = new Date('2027-01-11T05:00:00Z');
    expect(await summaryRow('2027-01-11', '2027-01-11', partnerC.business.id)).toMatchObject({ goods: 20_000, commission: 1_000, carried_in: 0, owed: 19_000 });
    const next = await api('POST', '/payouts', { business_id: partnerC.business.id, period_start: '2027-01-11', period_end: '2027-01-11', amount: 19_000, paid_on: '2027-01-11', bank_reference: 'TRF-SORE' }, await admin());
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data).toMatchObject({ goods: 20_000, owed: 19_000, carried_out: 0 });
  });
});
