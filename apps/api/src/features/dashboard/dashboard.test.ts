import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments, products, refunds } from '../../db/schema';
import { formatRupiah } from '@pasar/core/money';
import { allowManyUnpaidOrders } from '../../test/orders';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { mergeFigureRows } from './dashboard.service';

let t: TestApp;
let admin: { authorization: string };
// A fixed clock: 22 November 2026, 10:00 WIB.
const now = new Date('2026-11-22T03:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  await allowManyUnpaidOrders(t.db);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe(`dashboard (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await get('/dashboard/summary', {})).statusCode).toBe(401);
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    const res = await get('/dashboard/summary', customer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Akses ditolak - Anda tidak memiliki izin untuk mengakses halaman ini.');
  });

  it('shows live figures that move with the data', async () => {
    const before = (await get('/dashboard/summary')).json().data;
    const all = await t.db.select({ stock: products.stock }).from(products);
    expect(before.products.total).toBe(all.length);
    expect(before.products.low_stock).toBe(all.filter((p) => p.stock <= 5).length);

    const [today] = await t.db.insert(orders).values({ total_amount: 50000, guest_email: 'a@b.id', status: 'pending', payment_status: 'paid', created_at: new Date('2026-11-22T01:00:00Z') }).returning({ id: orders.id });
    // 23:30 WIB on 21 November: yesterday in the store, though "today" in UTC.
    await t.db.insert(orders).values({ total_amount: 70000, guest_email: 'b@b.id', status: 'pending', payment_status: 'paid', created_at: new Date('2026-11-21T16:30:00Z') });
    const [cancelled] = await t.db.insert(orders).values({ total_amount: 90000, guest_email: 'c@b.id', status: 'cancelled', payment_status: 'paid', created_at: new Date('2026-11-20T01:00:00Z') }).returning({ id: orders.id });
    // Issue 28 (decision 050): a paid order stays in revenue when cancelled; its refund takes the money out.
    await t.db.insert(refunds).values({ order_id: cancelled!.id, amount: 90000, method: 'transfer', reference: 'RF-1', reason: 'Dibatalkan', created_at: new Date('2026-11-20T02:00:00Z') });
    await t.db.insert(orders).values({ total_amount: 11000, guest_email: 'd@b.id', status: 'delivered', payment_status: 'paid', created_at: new Date('2026-10-31T16:00:00Z') });
    // Unpaid money is not revenue (issue 13 §6 (docs/issues.md)): it shows apart as "Menunggu pembayaran".
    await t.db.insert(orders).values({ total_amount: 33000, guest_email: 'u@b.id', status: 'confirmed', payment_status: 'unpaid', created_at: new Date('2026-11-22T01:30:00Z') });
    await t.db.insert(orderEvents).values({ order_id: today!.id, kind: 'status_changed', from_status: 'pending', to_status: 'confirmed', actor_name: 'Admin Toko', created_at: new Date(Date.now() + 60_000) });

    const after = (await get('/dashboard/summary')).json().data;
    expect(after.orders.pending_today - before.orders.pending_today).toBe(1);
    expect(after.orders.pending_total - before.orders.pending_total).toBe(2);
    // Revenue of November (WIB): 50,000 + 70,000; the cancelled one (refunded in full), October's and the unpaid one do not count.
    expect(after.revenue_this_month - before.revenue_this_month).toBe(120000);
    expect(after.awaiting_payment.amount - before.awaiting_payment.amount).toBe(33000);
    expect(after.awaiting_payment.count - before.awaiting_payment.count).toBe(1);
    expect(after.month).toBe('2026-11');
    expect(after.recent_activity).toContainEqual(expect.objectContaining({ kind: 'order_status', title: `Pesanan #${today!.id}: Dikonfirmasi`, detail: 'dari Menunggu konfirmasi oleh Admin Toko' }));
    const [fresh] = await t.db.insert(orders).values({ total_amount: 12000, guest_email: 'e@b.id', shipping_name: 'Rina', status: 'delivered', created_at: new Date(Date.now() + 30_000) }).returning({ id: orders.id });
    const latest = (await get('/dashboard/summary')).json().data;
    expect(latest.recent_activity).toContainEqual(expect.objectContaining({ kind: 'order_created', title: `Pesanan baru #${fresh!.id}`, detail: 'Rina · Rp12.000' }));
  });

  it('counts revenue in the month its money came: the latest received payment, else the order itself', async () => {
    const before = (await get('/dashboard/summary')).json().data.revenue_this_month;
    const order = async (total: number, createdAt: string, status = 'delivered') =>
      (await t.db.insert(orders).values({ total_amount: total, guest_email: 'uang@b.id', status, payment_status: 'paid', created_at: new Date(createdAt) }).returning({ id: orders.id }))[0]!.id;
    let ref = 0;
    const pay = (orderId: number, paidAt: string | null) =>
      t.db.insert(payments).values({ order_id: orderId, provider: 'manual', reference: `UANG-${orderId}-${(ref += 1)}`, merchant_ref: `ORD-${orderId}`, payment_name: 'Transfer bank', amount: 1, status: paidAt ? 'paid' : 'unpaid', paid_at: paidAt ? new Date(paidAt) : null });
    // Ordered in October, paid in November (WIB): November's.
    await pay(await order(1000, '2026-10-20T01:00:00Z'), '2026-11-02T01:00:00Z');
    // Ordered in November, its money arrived (oddly) in October: not November's.
    await pay(await order(2000, '2026-11-03T01:00:00Z'), '2026-10-31T10:00:00Z');
    // Ordered in November with a payment that never arrived, yet marked paid: the order's own time.
    await pay(await order(4000, '2026-11-04T01:00:00Z'), null);
    // Two payments: the latest received one decides (November).
    const twice = await order(8000, '2026-10-01T01:00:00Z');
    await pay(twice, '2026-10-02T01:00:00Z');
    await pay(twice, '2026-11-05T01:00:00Z');
    // A cancelled order paid in November counts less its refund (issue 28, decision 050): 16,000 - 10,000.
    const cancelled = await order(16000, '2026-11-06T01:00:00Z', 'cancelled');
    await pay(cancelled, '2026-11-06T02:00:00Z');
    await t.db.insert(refunds).values({ order_id: cancelled, amount: 10000, method: 'cash', reason: 'Sebagian', created_at: new Date('2026-11-06T03:00:00Z') });
    const after = (await get('/dashboard/summary')).json().data.revenue_this_month;
    expect(after - before).toBe(1000 + 4000 + 8000 + 6000);
  });

  it('counts pending orders the admin has not seen by order id, whatever any clock says', async () => {
    const all = (await get('/dashboard/notifications')).json().data;
    expect(all.new_pending).toBe(all.pending_total);
    const [newest] = await t.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1);
    expect(all.latest_order_id).toBe(newest!.id);

    // The admin opened the bell and saw everything up to the newest order.
    const seen = all.latest_order_id;
    expect((await get(`/dashboard/notifications?after_id=${seen}`)).json().data).toMatchObject({ new_pending: 0, pending_total: all.pending_total });

    // A new pending order counts even though its time is earlier than anything a browser clock
    // running ahead would have stored as "seen at"; a new order of another status does not.
    const [late] = await t.db.insert(orders).values({ total_amount: 15000, guest_email: 'f@b.id', status: 'pending', created_at: new Date('2026-01-01T00:00:00Z') }).returning({ id: orders.id });
    const [done] = await t.db.insert(orders).values({ total_amount: 16000, guest_email: 'g@b.id', status: 'delivered' }).returning({ id: orders.id });
    const next = (await get(`/dashboard/notifications?after_id=${seen}`)).json().data;
    expect(next).toMatchObject({ new_pending: 1, pending_total: all.pending_total + 1, latest_order_id: done!.id });
    expect(next.latest.map((o: { id: number }) => o.id)).toContain(late!.id);
    expect((await get(`/dashboard/notifications?after_id=${next.latest_order_id}`)).json().data.new_pending).toBe(0);
    expect((await get('/dashboard/notifications?after_id=kemarin')).statusCode).toBe(400);
    expect((await get('/dashboard/notifications?after_id=-1')).statusCode).toBe(400);
  });

  it("counts today in the store's zone, read in the summary's one statement", async () => {
    // 23:00 WIB on 21 November is already 01:00 on the 22nd in WIT (Asia/Jayapura): today there only.
    const before = (await get('/dashboard/summary')).json().data;
    await t.db.insert(orders).values({ total_amount: 21000, guest_email: 'zona@b.id', status: 'pending', created_at: new Date('2026-11-21T16:00:00Z') });
    expect((await get('/dashboard/summary')).json().data.orders.today).toBe(before.orders.today);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/settings/time-zone', headers: admin, payload: { time_zone: 'Asia/Jayapura' } })).statusCode).toBe(200);
    try {
      const wit = (await get('/dashboard/summary')).json().data;
      // Every order placed between the two zones' midnights (this one among them) is today in WIT only.
      const [between] = await queryRows<{ all: number; pending: number }>(
        t.db,
        sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM orders
            WHERE created_at >= timestamptz '2026-11-21T15:00:00Z' AND created_at < timestamptz '2026-11-21T17:00:00Z'`,
      );
      expect(between!.all).toBeGreaterThanOrEqual(1);
      expect(wit.orders.today).toBe(before.orders.today + between!.all);
      expect(wit.orders.pending_today).toBe(before.orders.pending_today + between!.pending);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/v1/settings/time-zone', headers: admin, payload: { time_zone: 'Asia/Jakarta' } });
    }
  });

  it("rings for the proofs to verify of every order but cancelled ones, and lists the five newest pending orders", async () => {
    // Unpaid orders of every status with a proof waiting, a proof rejected, one already paid and one with no proof.
    const placed = await t.db
      .insert(orders)
      .values(['pending', 'confirmed', 'shipped', 'cancelled', 'pending', 'pending', 'pending'].map((status, i) => ({ total_amount: 10000 + i, guest_email: `bel${i}@b.id`, status, shipping_name: i === 2 ? '' : `Bel ${i}`, customer_name: `Pelanggan ${i}` })))
      .returning({ id: orders.id });
    const proof = ['submitted', 'submitted', 'submitted', 'submitted', 'rejected', 'submitted', 'none'];
    await t.db.insert(payments).values(placed.map((o, i) => ({ order_id: o.id, provider: 'manual', reference: `MAN-BEL-${o.id}`, merchant_ref: `ORD-${o.id}`, payment_name: 'Transfer bank', amount: 10000 + i, status: i === 5 ? 'paid' : 'unpaid', proof_status: proof[i]! })));
    const fresh = async () => {
      const [row] = await queryRows<{ awaiting: number }>(
        t.db,
        sql`SELECT count(*)::int AS awaiting FROM orders o WHERE o.payment_status = 'unpaid' AND o.status <> 'cancelled'
              AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'unpaid' AND p.proof_status = 'submitted')`,
      );
      const latest = await queryRows<{ id: number; total_amount: number; customer: string | null }>(
        t.db,
        sql`SELECT id, total_amount, COALESCE(NULLIF(shipping_name, ''), customer_name, guest_email) AS customer FROM orders WHERE status = 'pending' ORDER BY id DESC LIMIT 5`,
      );
      return { awaiting: row!.awaiting, latest };
    };
    const bell = (await get('/dashboard/notifications')).json().data;
    const expected = await fresh();
    expect(expected.awaiting).toBeGreaterThanOrEqual(3);
    expect(bell.awaiting_verification).toBe(expected.awaiting);
    expect(bell.latest.map((o: { id: number; total_amount: number; customer: string }) => ({ id: o.id, total_amount: o.total_amount, customer: o.customer }))).toEqual(expected.latest.map((o) => ({ ...o, customer: o.customer ?? 'Tamu' })));
    // Confirming one and cancelling another move the bell at once.
    await t.db.update(payments).set({ status: 'paid' }).where(eq(payments.order_id, placed[0]!.id));
    await t.db.update(orders).set({ payment_status: 'paid' }).where(eq(orders.id, placed[0]!.id));
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed[1]!.id));
    const after = (await get('/dashboard/notifications')).json().data;
    expect(after.awaiting_verification).toBe((await fresh()).awaiting);
    expect(after.awaiting_verification).toBe(bell.awaiting_verification - 2);
  });

  it('counts each order needing attention once in the bell: a new order whose proof waits is one (issue 31)', async () => {
    const seen = (await get('/dashboard/notifications')).json().data.latest_order_id as number;
    const before = (await get(`/dashboard/notifications?after_id=${seen}`)).json().data;
    // Three orders: new with its proof waiting, new without a proof, an older confirmed one whose proof waits.
    const placed = await t.db
      .insert(orders)
      .values(['pending', 'pending', 'confirmed'].map((status, i) => ({ total_amount: 20000 + i, guest_email: `sekali${i}@b.id`, status })))
      .returning({ id: orders.id });
    await t.db.insert(payments).values(
      [placed[0]!, placed[2]!].map((o) => ({ order_id: o.id, provider: 'manual', reference: `MAN-SEKALI-${o.id}`, merchant_ref: `ORD-${o.id}`, payment_name: 'Transfer bank', amount: 20000, status: 'unpaid', proof_status: 'submitted' })),
    );
    const after = (await get(`/dashboard/notifications?after_id=${seen}`)).json().data;
    expect(after.new_pending - before.new_pending).toBe(2);
    expect(after.awaiting_verification - before.awaiting_verification).toBe(2);
    expect(after.attention - before.attention).toBe(3);
    expect(after.attention).toBe(before.attention + 3);
    // Without a seen order every pending order is new: still each order once.
    const all = (await get('/dashboard/notifications')).json().data;
    const [distinct] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders o WHERE o.status = 'pending'
            OR (o.status <> 'cancelled' AND o.payment_status = 'unpaid' AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'unpaid' AND p.proof_status = 'submitted'))`,
    );
    expect(all.attention).toBe(distinct!.n);
  });

  it('lists a POS sale once, and a discounted product at the price a buyer pays (issue 31)', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const [sale] = await t.db.insert(orders).values({ total_amount: 30000, status: 'delivered', payment_status: 'paid', order_type: 'pos', customer_name: 'Pembeli Kasir', created_at: at }).returning({ id: orders.id });
    // As the POS writes it (pos.service): the sale's own event, delivered as it is made.
    await t.db.insert(orderEvents).values({ order_id: sale!.id, kind: 'pos_sale', from_status: null, to_status: 'delivered', actor_name: 'Kasir', note: 'Penjualan di kasir (POS).', created_at: at });
    const [product] = await queryRows<{ id: number; name: string; price: number }>(
      t.db,
      sql`SELECT p.id, p.name, p.price FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id) AND p.price >= 10000 ORDER BY p.id LIMIT 1`,
    );
    await t.db.update(products).set({ discount: 20, created_at: new Date('2030-01-01T00:00:01Z') }).where(eq(products.id, product!.id));
    const activity = (await get('/dashboard/summary')).json().data.recent_activity as { kind: string; title: string; detail: string; link: string }[];
    expect(activity.filter((a) => a.link === `/admin/orders?order=${sale!.id}`)).toEqual([
      expect.objectContaining({ kind: 'order_created', title: `Penjualan kasir #${sale!.id}`, detail: `Pembeli Kasir · ${formatRupiah(30000)}` }),
    ]);
    const listed = activity.find((a) => a.kind === 'product_created' && a.title === `Produk baru: ${product!.name}`);
    const charged = product!.price - (product!.price * 20) / 100;
    expect(listed?.detail).toBe(`${formatRupiah(charged)} (diskon 20% dari ${formatRupiah(product!.price)})`);
  });

  it('reads its figures without writing, however many connection rows wait for the jobs', async () => {
    // Rows of connections long gone (no live backend has a negative id), zero figures: more than
    // the readers ever merged themselves.
    await t.db.execute(sql`INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
                           SELECT 0, '-infinity', 'pending', 'unpaid', -g, 0, 0 FROM generate_series(1, 70) g`);
    await t.db.execute(sql`INSERT INTO catalogue_figures (backend, products, active, low_stock, out_of_stock) SELECT -g, 0, 0, 0, 0 FROM generate_series(1, 70) g`);
    const contents = async () =>
      (await queryRows<{ rows: string }>(
        t.db,
        sql`SELECT json_build_array(
              (SELECT json_agg(f ORDER BY f.kind, f.hour, f.status, f.payment_status, f.backend) FROM order_figures f),
              (SELECT json_agg(c ORDER BY c.backend) FROM catalogue_figures c))::text AS rows`,
      ))[0]!.rows;
    const before = await contents();
    expect((await get('/dashboard/summary')).statusCode).toBe(200);
    expect((await get('/dashboard/notifications?after_id=1')).statusCode).toBe(200);
    expect((await get('/dashboard/notifications')).statusCode).toBe(200);
    expect(await contents()).toBe(before);
    await mergeFigureRows(t.db);
  });
});
