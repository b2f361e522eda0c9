/**
 * Refunds and corrections (issue 28 part 4, decision 050), on both engines: refunds in every revenue
 * figure (dashboard, order desk card searched and not, CSV, POS drawer) checked against core's netRevenue,
 * cancel of a paid order only with refund details, a removed line's refund and stock, and the
 * same-store-day reversal with its audit trail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@pasar/core/payments';
import { netRevenue, refundMessages } from '@pasar/core/refunds';
import { orders, payments, products, refunds } from '../../db/schema';
import { callbackSignature, SANDBOX_PRIVATE_KEY } from '../../integrations/payments/sandbox-gateway';
import { createTestApp, demoAccounts, signIn, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { dataOf, expectFieldErrors } from '../../test/answers';

let t: TestApp;
let local: LocalCourierOption;
let admin: { authorization: string };
// Mutable: the reversal's "same day" is tested by moving it. Starts now so the dashboard's month
// window holds the orders' own times (placed at the database's now()).
let clock = new Date();
let pid: number;
let pid2: number;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });
const stockOf = async (id: number) => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;

let seq = 0;
async function guestOrder(lines: { productId: number; quantity: number }[] = [{ productId: 0, quantity: 1 }]) {
  seq += 1;
  const body = {
    ...guestOrderPayload({ productId: pid, quantity: 1, local, email: `refund${seq}@contoh.id` }),
    shipping_address: `Jl. Refund No. ${seq}`,
    order_items: lines.map((l) => ({ product_id: l.productId || pid, quantity: l.quantity })),
  };
  return dataOf<{ id: number; total_amount: number; version: number }>(await api('POST', '/orders', body, {}), 201);
}
async function paidOrder(lines?: { productId: number; quantity: number }[]) {
  const o = await guestOrder(lines);
  return dataOf<{ id: number; total_amount: number; version: number; status: string; payment_status: string; order_url: string; order_items: { id: number; product_id: number; quantity: number; price: number }[] }>(await api('POST', `/orders/${o.id}/payment/confirm`, {}));
}
const dashboardRevenue = async () => (await api('GET', '/dashboard/summary')).json().data.revenue_this_month as number;
const deskRevenue = async (query = '') => (await api('GET', `/orders?page_size=10${query}`)).json().data.summary.revenue as number;

/** The order desk's "all" revenue afresh: every order and refund through core's rule. */
async function freshNetRevenue(): Promise<number> {
  const os = await t.db.select({ payment_status: orders.payment_status, total_amount: orders.total_amount }).from(orders);
  const rs = await t.db.select({ amount: refunds.amount }).from(refunds);
  return netRevenue(os, rs);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await allowManyUnpaidOrders(t.db);
  local = await localCourierOption(t.app);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  const business = await makeBusiness(t.db);
  pid = (await makeProduct(t.db, { business_id: business.id, price: 20_000, stock: 500 })).id;
  pid2 = (await makeProduct(t.db, { business_id: business.id, price: 7_500, stock: 500 })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('cancelling a paid order', () => {
  it('is refused without refund details, by the status route and the cancel route alike', async () => {
    const o = await paidOrder();
    const viaStatus = await api('PUT', `/orders/${o.id}`, { status: 'cancelled' });
    expect(viaStatus.statusCode).toBe(422);
    expect(viaStatus.json().error).toBe(refundMessages.paidNeedsRefund);
    const bare = await api('POST', `/orders/${o.id}/cancel`, { reason: 'Stok habis' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error).toBe(refundMessages.refundRequired);
    const noReference = await api('POST', `/orders/${o.id}/cancel`, { refund: { method: 'transfer', reason: 'Stok habis' } });
    expectFieldErrors(noReference, { 'refund.reference': refundMessages.referenceRequired });
    const tooMuch = await api('POST', `/orders/${o.id}/cancel`, { refund: { method: 'cash', reason: 'x', amount: o.total_amount + 1 } });
    expect(tooMuch.statusCode).toBe(422);
    const still = (await api('GET', `/orders/${o.id}`)).json().data;
    expect(still).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await t.db.select().from(refunds).where(eq(refunds.order_id, o.id))).toEqual([]);
  });

  it('records the refund, returns the stock once, and keeps history; revenue drops by the refund only', async () => {
    const dashBefore = await dashboardRevenue();
    const deskBefore = await deskRevenue();
    const stockBefore = await stockOf(pid);
    const o = await paidOrder([{ productId: pid, quantity: 2 }]);
    expect(await stockOf(pid)).toBe(stockBefore - 2);
    expect(await dashboardRevenue()).toBe(dashBefore + o.total_amount);
    expect(await deskRevenue()).toBe(deskBefore + o.total_amount);

    const res = await api('POST', `/orders/${o.id}/cancel`, { reason: 'Pembeli membatalkan', refund: { method: 'transfer', reference: 'TRF-778', reason: 'Dana dikembalikan ke BCA' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(refundMessages.cancelledWithRefund);
    const order = res.json().data;
    // Paid stays paid (the money came); the refund says it went back.
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'paid', refunded_amount: o.total_amount, payment_status_label: paymentMessages.refundedFull });
    expect(order.payment.state_label).toBe(paymentMessages.refundedFull);
    // The buyer's own page says the money went back, not "Sudah dibayar" beside "Dibatalkan".
    const token = /([0-9a-f]{64})$/.exec(o.order_url)![1];
    const seen = (await api('GET', `/orders/access/${token}`)).json().data;
    expect(seen).toMatchObject({ refunded_amount: o.total_amount, payment: { state_label: paymentMessages.refundedFull } });
    // What has not left yet will not, as with the status route.
    expect(order.shipments.length).toBeGreaterThan(0);
    expect(order.shipments.map((s: { status: string }) => s.status)).toEqual(order.shipments.map(() => 'cancelled'));
    expect(order.events.at(-1)).toMatchObject({ kind: 'status_changed', to_status: 'cancelled', actor_name: expect.stringContaining('@admin') });
    expect(order.events.at(-1).note).toContain('TRF-778');
    expect(await stockOf(pid)).toBe(stockBefore);

    const listed = (await api('GET', `/orders/${o.id}/refunds`)).json().data;
    expect(listed.refundable).toBe(0);
    expect(listed.reversible).toBe(false);
    expect(listed.refunds).toEqual([expect.objectContaining({ amount: o.total_amount, method: 'transfer', reference: 'TRF-778', reason: 'Dana dikembalikan ke BCA', actor_name: expect.stringContaining('@admin') })]);

    expect(await dashboardRevenue()).toBe(dashBefore);
    expect(await deskRevenue()).toBe(deskBefore);
    expect(await deskRevenue()).toBe(await freshNetRevenue());
    // A second cancel is refused and returns no stock.
    expect((await api('POST', `/orders/${o.id}/cancel`, { refund: { method: 'cash', reason: 'x' } })).statusCode).toBe(409);
    expect(await stockOf(pid)).toBe(stockBefore);
  });

  it('a partial refund leaves the rest in revenue, on the cancelled tab and in a search too', async () => {
    const o = await paidOrder();
    const cancelledBefore = await deskRevenue('&status=cancelled');
    const dashBefore = await dashboardRevenue();
    const res = await api('POST', `/orders/${o.id}/cancel`, { refund: { method: 'cash', amount: 5_000, reason: 'Potongan ongkos' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refunded_amount: 5_000, payment: { state_label: paymentMessages.refundedPart } });
    expect(await dashboardRevenue()).toBe(dashBefore - 5_000);
    expect(await deskRevenue('&status=cancelled')).toBe(cancelledBefore + o.total_amount - 5_000);
    expect(await deskRevenue()).toBe(await freshNetRevenue());
    // Searched (the gathering path, not `order_figures`): the order's own id.
    expect(await deskRevenue(`&q=${o.id}`)).toBe(o.total_amount - 5_000);
    // Reopened, the order keeps its refund: revenue is unchanged by the status alone.
    expect((await api('PUT', `/orders/${o.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    expect(await dashboardRevenue()).toBe(dashBefore - 5_000);
    expect(await deskRevenue()).toBe(await freshNetRevenue());
  });

  it('an unpaid order cancels as before, with no refund', async () => {
    const o = await guestOrder();
    const res = await api('POST', `/orders/${o.id}/cancel`, { reason: 'Tidak jadi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(refundMessages.cancelled);
    expect(res.json().data.status).toBe('cancelled');
    const other = await guestOrder();
    expect((await api('PUT', `/orders/${other.id}`, { status: 'cancelled' })).statusCode).toBe(200);
  });
});

describe('removing a line from a paid order', () => {
  it('records its refund and returns its stock; the order keeps its total and its history', async () => {
    const dashBefore = await dashboardRevenue();
    const o = await paidOrder([{ productId: pid, quantity: 1 }, { productId: pid2, quantity: 3 }]);
    const line = o.order_items.find((i) => i.product_id === pid2)!;
    const stock2 = await stockOf(pid2);
    const res = await api('POST', `/orders/${o.id}/lines/${line.id}/remove`, { quantity: 2, refund: { method: 'gateway', reference: 'RF-9', reason: 'Ukuran habis' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(refundMessages.lineRemovedWithRefund);
    const after = res.json().data;
    expect(after.total_amount).toBe(o.total_amount);
    expect(after.order_items.find((i: { id: number }) => i.id === line.id).quantity).toBe(1);
    expect(after.events.at(-1)).toMatchObject({ kind: 'refund' });
    expect(after.events.at(-1).note).toContain('x2 dihapus');
    expect(await stockOf(pid2)).toBe(stock2 + 2);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.order_id, o.id));
    expect(refund).toMatchObject({ amount: 2 * 7_500, method: 'gateway', reference: 'RF-9' });
    expect(await dashboardRevenue()).toBe(dashBefore + o.total_amount - 15_000);

    // The rest of that line goes; then the last line cannot (cancel instead).
    expect((await api('POST', `/orders/${o.id}/lines/${line.id}/remove`, { refund: { method: 'cash', reason: 'Habis' } })).statusCode).toBe(200);
    expect(await stockOf(pid2)).toBe(stock2 + 3);
    const last = after.order_items.find((i: { product_id: number }) => i.product_id === pid);
    const refused = await api('POST', `/orders/${o.id}/lines/${last.id}/remove`, { refund: { method: 'cash', reason: 'x' } });
    expect(refused.json().error).toBe(refundMessages.lastLine);
    // Cancelling now refunds only what is left.
    expect((await api('GET', `/orders/${o.id}/refunds`)).json().data.refundable).toBe(o.total_amount - 22_500);
    expect((await api('POST', `/orders/${o.id}/cancel`, { refund: { method: 'cash', reason: 'Batal' } })).statusCode).toBe(200);
    expect((await api('GET', `/orders/${o.id}/refunds`)).json().data.refunds.map((r: { amount: number }) => r.amount)).toEqual([15_000, 7_500, o.total_amount - 22_500]);
    expect(await dashboardRevenue()).toBe(dashBefore);
    expect(await deskRevenue()).toBe(await freshNetRevenue());
  });

  it('is refused on an unpaid order', async () => {
    const o = (await api('GET', `/orders/${(await guestOrder([{ productId: pid, quantity: 1 }, { productId: pid2, quantity: 1 }])).id}`)).json().data;
    const res = await api('POST', `/orders/${o.id}/lines/${o.order_items[0].id}/remove`, { refund: { method: 'cash', reason: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(refundMessages.unpaidLineRemovalRefused);
  });
});

describe('reversing a confirmation', () => {
  it('same store day only, admin only, audited; revenue follows', async () => {
    const dashBefore = await dashboardRevenue();
    const o = await paidOrder();
    expect((await api('GET', `/orders/${o.id}/refunds`)).json().data.reversible).toBe(true);
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    expect((await api('POST', `/orders/${o.id}/payment/reverse`, { reason: 'Dana belum masuk' }, customer)).statusCode).toBe(403);
    expect((await api('POST', `/orders/${o.id}/payment/reverse`, {})).statusCode).toBe(400);

    const res = await api('POST', `/orders/${o.id}/payment/reverse`, { reason: 'Dana belum masuk ke rekening' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(refundMessages.reversed);
    expect(res.json().data).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
    expect(res.json().data.events.at(-1)).toMatchObject({ kind: 'payment', from_status: 'confirmed', to_status: 'pending', actor_name: expect.stringContaining('@admin') });
    expect(res.json().data.events.at(-1).note).toContain('Dana belum masuk ke rekening');
    const [payment] = await t.db.select().from(payments).where(eq(payments.order_id, o.id));
    expect(payment).toMatchObject({ status: 'unpaid', paid_at: null, verified_at: null, reversal_reason: 'Dana belum masuk ke rekening' });
    expect(payment!.reversed_at).toEqual(clock);
    expect(payment!.reversed_by).not.toBeNull();
    expect(await dashboardRevenue()).toBe(dashBefore);
    expect(await deskRevenue()).toBe(await freshNetRevenue());
    // Not paid any more: nothing to reverse; confirmed again, it counts again.
    expect((await api('POST', `/orders/${o.id}/payment/reverse`, { reason: 'x' })).json().error).toBe(refundMessages.notReversible);
    expect((await api('POST', `/orders/${o.id}/payment/confirm`, {})).statusCode).toBe(200);
    expect(await dashboardRevenue()).toBe(dashBefore + o.total_amount);
  });

  it('is refused for a payment a gateway reported, however recent', async () => {
    const o = (await api('POST', '/orders', { ...guestOrderPayload({ productId: pid, quantity: 1, local, email: 'gateway@contoh.id' }), shipping_address: 'Jl. Gateway 1', payment_method: 'tripay:QRIS' }, {})).json().data;
    const [row] = await t.db.select().from(payments).where(eq(payments.order_id, o.id));
    const body = JSON.stringify({ reference: row!.reference, merchant_ref: row!.merchant_ref, status: 'PAID' });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/tripay/callback',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-callback-event': 'payment_status', 'x-callback-signature': callbackSignature(body, SANDBOX_PRIVATE_KEY) },
    });
    expect(callback.statusCode, callback.body).toBe(200);
    expect((await api('GET', `/orders/${o.id}`)).json().data.payment_status).toBe('paid');
    expect((await api('GET', `/orders/${o.id}/refunds`)).json().data.reversible).toBe(false);
    const refused = await api('POST', `/orders/${o.id}/payment/reverse`, { reason: 'Coba' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(refundMessages.notReversible);
  });

  it('is refused after the store day ends (in the store zone), and once refunds exist', async () => {
    const started = clock;
    try {
      // 23:30 in Jakarta (16:30 UTC): confirmed then; 00:10 the next day there is a new store day
      // although the UTC date is the same.
      clock = new Date(`${started.toISOString().slice(0, 10)}T16:30:00Z`);
      const o = await paidOrder();
      clock = new Date(clock.getTime() + 29 * 60_000);
      expect((await api('GET', `/orders/${o.id}/refunds`)).json().data.reversible).toBe(true);
      clock = new Date(clock.getTime() + 11 * 60_000);
      expect((await api('GET', `/orders/${o.id}/refunds`)).json().data.reversible).toBe(false);
      const late = await api('POST', `/orders/${o.id}/payment/reverse`, { reason: 'Terlambat' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe(refundMessages.reverseTooLate);
      // In WIT (+9) 16:30 and 17:10 UTC are both on the next day: the same store day.
      expect((await api('PUT', '/settings/time-zone', { time_zone: 'Asia/Jayapura' })).statusCode).toBe(200);
      expect((await api('GET', `/orders/${o.id}/refunds`)).json().data.reversible).toBe(true);

      const refunded = await paidOrder([{ productId: pid, quantity: 1 }, { productId: pid2, quantity: 1 }]);
      const line = refunded.order_items.find((i) => i.product_id === pid2)!;
      expect((await api('POST', `/orders/${refunded.id}/lines/${line.id}/remove`, { refund: { method: 'cash', reason: 'x' } })).statusCode).toBe(200);
      expect((await api('POST', `/orders/${refunded.id}/payment/reverse`, { reason: 'x' })).json().error).toBe(refundMessages.reverseHasRefunds);
    } finally {
      clock = started;
      await api('PUT', '/settings/time-zone', { time_zone: 'Asia/Jakarta' });
    }
  });
});

describe('revenue elsewhere', () => {
  it('the CSV adds what went back and the net, after the spec columns', async () => {
    const o = await paidOrder();
    expect((await api('POST', `/orders/${o.id}/cancel`, { refund: { method: 'cash', amount: 4_000, reason: 'Sebagian' } })).statusCode).toBe(200);
    const csv = (await api('GET', `/orders/export.csv?q=${o.id}`)).body;
    const [header, row] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header!.split(',').slice(-3)).toEqual(['Catatan', 'Dana Dikembalikan', 'Pendapatan Bersih']);
    expect(row!.split(',').slice(-2)).toEqual(['4000', String(o.total_amount - 4_000)]);
  });

  it('the POS drawer expects cash sales less cash refunds', async () => {
    const before = (await api('GET', '/orders/pos/drawer')).json().data;
    expect(before.expected_cash).toBe(before.cash_sales - before.cash_refunds);
    const sale = await api('POST', '/orders/pos', { payment_method: 'cash', cash_received: 50_000, total_amount: 20_000, order_items: [{ product_id: pid, quantity: 1, price: 20_000 }] });
    expect(sale.statusCode, sale.body).toBe(201);
    const afterSale = (await api('GET', '/orders/pos/drawer')).json().data;
    expect(afterSale.cash_sales).toBe(before.cash_sales + 20_000);
    const cancel = await api('POST', `/orders/${sale.json().data.id}/cancel`, { refund: { method: 'cash', reason: 'Barang rusak' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const transferRefund = await paidOrder();
    expect((await api('POST', `/orders/${transferRefund.id}/cancel`, { refund: { method: 'transfer', reference: 'T-1', reason: 'x' } })).statusCode).toBe(200);
    const after = (await api('GET', '/orders/pos/drawer')).json().data;
    expect(after).toMatchObject({ cash_sales: before.cash_sales + 20_000, cash_refunds: before.cash_refunds + 20_000, expected_cash: before.expected_cash });
    expect((await api('GET', '/orders/pos/drawer?date=2020-01-01')).json().data).toEqual({ date: '2020-01-01', cash_sales: 0, cash_refunds: 0, expected_cash: 0 });
    const nonsense = await api('GET', '/orders/pos/drawer?date=2026-13-45');
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().error).toBe(refundMessages.dateInvalid);
  });
});
