import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderMessages } from '@pasar/core/orders';
import { shipmentMessages } from '@pasar/core/shipments';
import { queryRows } from '../../db/client';
import { orders, products } from '../../db/schema';
import { demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { couldBeDatePart } from './admin-orders.repository';
import { exportOrdersCsv } from './admin-orders.service';
import { appForOrders, guestOrderPayload, type LocalCourierOption } from '../../test/orders';

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
let productId: number;
let local: LocalCourierOption;

const stockOf = async () => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, productId)))[0]!.s;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

async function placeOrder(quantity: number, email = 'meja@contoh.id', name = 'Tamu Meja'): Promise<number> {
  const res = await call('POST', '/orders', guestOrderPayload({ productId, quantity, local, email, name }), {});
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id;
}

beforeAll(async () => {
  ({ t, admin, productId, local } = await appForOrders());
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
});
afterAll(async () => {
  await t?.close();
});

describe(`the order desk (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await call('GET', '/orders', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/orders', undefined, customer)).statusCode).toBe(403);
    expect((await call('PUT', '/orders/1', { status: 'confirmed' }, customer)).statusCode).toBe(403);
    expect((await call('GET', '/orders/export.csv', undefined, customer)).statusCode).toBe(403);
  });

  it('searches by id, guest e-mail, status label, date and product name, with counts and summary', async () => {
    const a = await placeOrder(1, 'cari-satu@contoh.id', 'Penerima Satu');
    const b = await placeOrder(2, 'cari-dua@contoh.id', 'Penerima Dua');
    // An unpaid order cannot be confirmed on the order desk (issue 28); the search only needs one in that status.
    await t.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, b));

    const byEmail = (await call('GET', '/orders?q=cari-satu@contoh')).json().data;
    expect(byEmail.items.map((o: { id: number }) => o.id)).toEqual([a]);
    expect(byEmail.items[0].customer_label).toBe('cari-satu@contoh.id');

    const byId = (await call('GET', `/orders?q=${b}`)).json().data;
    expect(byId.items.map((o: { id: number }) => o.id)).toContain(b);

    const byLabel = (await call('GET', `/orders?q=${encodeURIComponent('Dikonfirmasi')}`)).json().data;
    expect(byLabel.items.every((o: { status: string }) => o.status === 'confirmed')).toBe(true);
    expect(byLabel.items.some((o: { id: number }) => o.id === b)).toBe(true);

    const created = (await call('GET', `/orders?q=cari-dua`)).json().data.items[0].created_at as string;
    const wib = new Date(new Date(created).getTime() + 7 * 3600_000).toISOString().slice(0, 10);
    const [y, m, d] = wib.split('-');
    for (const q of [wib, `${d}/${m}/${y}`]) {
      expect((await call('GET', `/orders?q=${encodeURIComponent(q)}&page_size=100`)).json().data.items.some((o: { id: number }) => o.id === b)).toBe(true);
    }

    const byProduct = (await call('GET', `/orders?q=${encodeURIComponent('opak ketan')}&page_size=100`)).json().data;
    expect(byProduct.items.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([a, b]));

    const both = (await call('GET', '/orders?q=cari-')).json().data;
    expect(both.counts).toMatchObject({ all: 2, pending: 1, confirmed: 1, shipped: 0 });
    expect(both.summary.count).toBe(2);
    const totals = both.items.reduce((s: number, o: { total_amount: number }) => s + o.total_amount, 0);
    // Revenue is money received (issue 13 §6 (docs/issues.md)): both orders are unpaid, so it is 0 and their money waits apart.
    expect(both.summary.revenue).toBe(0);
    expect(both.summary.unpaid_amount).toBe(totals);
    const bTotal = both.items.find((o: { id: number }) => o.id === b).total_amount as number;
    expect((await call('POST', `/orders/${b}/payment/confirm`, {})).statusCode).toBe(200);
    const afterPaid = (await call('GET', '/orders?q=cari-')).json().data;
    expect(afterPaid.summary).toMatchObject({ revenue: bTotal, unpaid_amount: totals - bTotal });

    expect(both.summary.cancelled_amount).toBe(0);

    // Cancelled orders stay out of revenue; the cancelled tab gets their value apart.
    const c = await placeOrder(1, 'cari-tiga@contoh.id', 'Penerima Tiga');
    await call('PUT', `/orders/${c}`, { status: 'cancelled' });
    const withCancelled = (await call('GET', '/orders?q=cari-')).json().data;
    expect(withCancelled.summary).toMatchObject({ revenue: bTotal, unpaid_amount: totals - bTotal });
    const cTotal = withCancelled.items.find((o: { id: number }) => o.id === c).total_amount as number;
    expect(cTotal).toBeGreaterThan(0);
    expect(withCancelled.summary.cancelled_amount).toBe(cTotal);
    const cancelledTab = (await call('GET', '/orders?q=cari-&status=cancelled')).json().data;
    expect(cancelledTab.summary).toMatchObject({ count: 1, revenue: 0, cancelled_amount: cTotal });
    expect((await call('GET', '/orders?q=cari-&status=pending')).json().data.summary.cancelled_amount).toBe(0);

    const pendingOnly = (await call('GET', '/orders?q=cari-&status=pending')).json().data;
    expect(pendingOnly.items.map((o: { id: number }) => o.id)).toEqual([a]);
    expect(pendingOnly.counts.all).toBe(3);
    expect(pendingOnly.summary).toMatchObject({ count: 1, by_status: { pending: 1, confirmed: 0 } });
  });

  it('matches a status by its name, label or a word of 3 letters or more, not by any fragment', async () => {
    // Nothing searchable in this order holds "ma" (e-mail, name, product Opak Ketan Bakar).
    const waiting = await placeOrder(1, 'status-uji@contoh.id', 'Budi Tono');
    const sent = await placeOrder(1, 'status-kirim@contoh.id', 'Budi Tono');
    // An unpaid order cannot be shipped (issue 28); the search only needs one in that status.
    await t.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, sent));
    const ids = async (q: string, status = 'all') =>
      ((await call('GET', `/orders?q=${encodeURIComponent(q)}&status=${status}&page_size=100`)).json().data.items as { id: number; status: string }[]);

    // "ma" is in "Menunggu konfirMAsi" and "Sudah diterima", yet names no status.
    expect((await ids('ma', 'pending')).map((o) => o.id)).not.toContain(waiting);
    expect((await ids('ma')).map((o) => o.id)).not.toContain(sent);

    for (const q of ['dikirim', 'Dikirim', 'shipped', 'kirim']) {
      const found = await ids(q);
      expect(found.map((o) => o.id)).toContain(sent);
      expect(found.every((o) => o.status === 'shipped')).toBe(true);
    }
    expect((await ids('menunggu')).map((o) => o.id)).toContain(waiting);
    expect((await ids('menunggu')).map((o) => o.id)).not.toContain(sent);
  });

  it('pages on the server', async () => {
    const first = (await call('GET', '/orders?page_size=10&page=1')).json().data;
    expect(first.items.length).toBeLessThanOrEqual(10);
    expect(first.total).toBe(first.counts.all);
    if (first.total > 10) {
      const second = (await call('GET', '/orders?page_size=10&page=2')).json().data;
      expect(second.items[0].id).not.toBe(first.items[0].id);
    }
    expect((await call('GET', '/orders?page_size=7')).statusCode).toBe(400);
  });

  it('changes status with an audit trail and returns stock once on cancel', async () => {
    const start = await stockOf();
    const id = await placeOrder(3);
    expect(await stockOf()).toBe(start - 3);

    // Issue 28: an unpaid order is refused, not confirmed with a warning.
    const confirmed = await call('PUT', `/orders/${id}`, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(422);
    expect(confirmed.json().error).toBe(shipmentMessages.unpaidOrder);

    const cancelled = await call('PUT', `/orders/${id}`, { status: 'cancelled' });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(cancelled.json().data.events.at(-1)).toMatchObject({ kind: 'status_changed', from_status: 'pending', to_status: 'cancelled' });
    expect(cancelled.json().data.events.at(-1).actor_name).toContain('@admin');
    expect(await stockOf()).toBe(start);
    // Cancelling again, or concurrently, returns nothing more.
    await Promise.all([call('PUT', `/orders/${id}`, { status: 'cancelled' }), call('PUT', `/orders/${id}`, { status: 'cancelled' })]);
    expect(await stockOf()).toBe(start);

    // Out of cancelled takes the stock again.
    const reopened = await call('PUT', `/orders/${id}`, { status: 'pending' });
    expect(reopened.statusCode).toBe(200);
    expect(await stockOf()).toBe(start - 3);
    await call('PUT', `/orders/${id}`, { status: 'cancelled' });
    expect(await stockOf()).toBe(start);

    const trail = (await call('GET', `/orders/${id}`)).json().data.events.filter((e: { kind: string }) => e.kind === 'status_changed');
    expect(trail.map((e: { to_status: string }) => e.to_status)).toEqual(['cancelled', 'pending', 'cancelled']);
  });

  it('returns the stock once when admins cancel an open order at the same moment', async () => {
    const start = await stockOf();
    const ids = [await placeOrder(2), await placeOrder(1), await placeOrder(3)];
    expect(await stockOf()).toBe(start - 6);
    // Three admins' tabs cancel each order together; all orders race at once across the pool.
    const answers = await Promise.all(ids.flatMap((id) => [1, 2, 3].map(() => call('PUT', `/orders/${id}`, { status: 'cancelled' }))));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await stockOf()).toBe(start);
    for (const id of ids) {
      const order = (await call('GET', `/orders/${id}`)).json().data;
      expect(order.status).toBe('cancelled');
      expect((await t.db.select({ held: orders.stock_held }).from(orders).where(eq(orders.id, id)))[0]!.held).toBe(false);
      const cancels = order.events.filter((e: { kind: string; to_status: string }) => e.kind === 'status_changed' && e.to_status === 'cancelled');
      expect(cancels).toHaveLength(1);
      expect(cancels[0].note).toBe('Stok dikembalikan.');
    }
    expect(answers.filter((a) => a.json().message === adminOrderMessages.updated('Dibatalkan'))).toHaveLength(ids.length);
  });

  it('takes the stock once when two admins reopen the same cancelled order, and lets only one of two orders have the last units', async () => {
    const keep = await stockOf();
    const same = await placeOrder(2);
    await call('PUT', `/orders/${same}`, { status: 'cancelled' });
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, productId));
    const reopen = await Promise.all([call('PUT', `/orders/${same}`, { status: 'pending' }), call('PUT', `/orders/${same}`, { status: 'pending' })]);
    expect(reopen.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await stockOf()).toBe(0);
    const taken = (await call('GET', `/orders/${same}`)).json().data.events.filter((e: { from_status: string | null }) => e.from_status === 'cancelled');
    expect(taken).toHaveLength(1);
    expect(taken[0].note).toBe('Stok diambil kembali.');

    // Two cancelled orders of 2 each, 3 in stock: one may reopen, the other is refused.
    await t.db.update(products).set({ stock: keep }).where(eq(products.id, productId));
    const a = await placeOrder(2);
    const b = await placeOrder(2);
    await call('PUT', `/orders/${a}`, { status: 'cancelled' });
    await call('PUT', `/orders/${b}`, { status: 'cancelled' });
    await t.db.update(products).set({ stock: 3 }).where(eq(products.id, productId));
    const both = await Promise.all([call('PUT', `/orders/${a}`, { status: 'pending' }), call('PUT', `/orders/${b}`, { status: 'pending' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error).toBe(adminOrderMessages.notEnoughStock('Opak Ketan Bakar'));
    expect(await stockOf()).toBe(1);
    const statuses = (await t.db.select({ id: orders.id, s: orders.status, held: orders.stock_held }).from(orders).where(inArray(orders.id, [a, b]))).map((o) => `${o.s}/${o.held}`).sort();
    expect(statuses).toEqual(['cancelled/false', 'pending/true']);
    await t.db.update(products).set({ stock: keep }).where(eq(products.id, productId));
  });

  it('refuses to reopen a cancelled order when the stock is gone, and refuses a stale row', async () => {
    const id = await placeOrder(2);
    await call('PUT', `/orders/${id}`, { status: 'cancelled' });
    const keep = await stockOf();
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, productId));
    const refused = await call('PUT', `/orders/${id}`, { status: 'pending' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(adminOrderMessages.notEnoughStock('Opak Ketan Bakar'));
    expect((await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s).toBe('cancelled');
    expect(await stockOf()).toBe(1);
    await t.db.update(products).set({ stock: keep }).where(eq(products.id, productId));

    const version = (await call('GET', `/orders/${id}`)).json().data.version as number;
    expect((await call('PUT', `/orders/${id}`, { status: 'pending', version: version - 1 })).statusCode).toBe(409);
    expect((await call('PUT', `/orders/${id}`, { status: 'bogus' })).statusCode).toBe(400);
    expect((await call('PUT', '/orders/999999', { status: 'confirmed' })).statusCode).toBe(404);
  });

  it('exports the filtered orders as CSV', async () => {
    const id = await placeOrder(1, 'csv@contoh.id', '=HYPERLINK("x")');
    const res = await call('GET', '/orders/export.csv?q=csv@contoh.id');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="pesanan-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('ID Pesanan');
    expect(lines[1]!.startsWith(`${id},`)).toBe(true);
    expect(lines[1]).toContain('Opak Ketan Bakar x1');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('finds an order by its payment reference and by a name or e-mail, never by text spanning two fields', async () => {
    const id = await placeOrder(1, 'rujukan@contoh.id', 'Bu Rujukan');
    const [payment] = await queryRows<{ reference: string }>(t.db, sql`SELECT reference FROM payments WHERE order_id = ${id}`);
    const ids = async (q: string) => (await call('GET', `/orders?q=${encodeURIComponent(q)}&page_size=100`)).json().data.items.map((o: { id: number }) => o.id);
    expect(await ids(payment!.reference.slice(-6))).toContain(id);
    expect(await ids('bu rujuk')).toEqual([id]);
    expect(await ids('RUJUKAN@CONTOH')).toEqual([id]);
    // The e-mail ends with ".id" and the recipient's name starts with "Bu": the fields are apart.
    expect(await ids('contoh.idBu')).toEqual([]);
    const counts = (await call('GET', `/orders?q=${encodeURIComponent('bu rujuk')}`)).json().data.counts;
    expect(counts).toMatchObject({ all: 1, pending: 1 });
  });

  it('looks at the printed dates only for what can be part of one', () => {
    for (const q of ['2026', '2026-11', '22/11/2026', '11-2026', '7', '/11/']) expect(couldBeDatePart(q), q).toBe(true);
    for (const q of ['12345', '2026-11-22123', 'siti', '#12', '2026 11']) expect(couldBeDatePart(q), q).toBe(false);
  });

  it('streams an export of more orders than one page, newest first, each order once', async () => {
    // 1,203 orders, three at each minute: the keyset's tie on created_at is broken by the id.
    await t.db.execute(sql`
      INSERT INTO orders (guest_email, status, total_amount, shipping_name, created_at)
      SELECT 'ekspor' || g || '@contoh.id', 'pending', 1000 + g, 'Pembeli Ekspor', timestamptz '2026-06-01 12:00:00.123456+00' - (g / 3) * interval '1 minute'
      FROM generate_series(1, 1203) g`);
    const expected = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM orders WHERE guest_email LIKE 'ekspor%' ORDER BY created_at DESC, id DESC`);
    const res = await call('GET', '/orders/export.csv?q=ekspor');
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('ID Pesanan');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(expected.map((r) => r.id));
  });

  it('reads the export a page at a time, only when the reader asks for the next', async () => {
    const filter = { q: 'ekspor', status: 'all', payment: 'all' } as const;
    const pages = exportOrdersCsv(t.db, filter, 100);
    const header = await pages.next();
    expect(header.value).toContain('ID Pesanan');
    const first = await pages.next();
    expect((first.value as string).trim().split('\r\n')).toHaveLength(100);
    // Written after the first page was read and older than every other: a reader that had taken
    // every id up front would miss it.
    const [late] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO orders (guest_email, status, total_amount, created_at) VALUES ('ekspor-telat@contoh.id', 'pending', 1, timestamptz '2020-01-01') RETURNING id`,
    );
    const rest: string[] = [];
    for await (const piece of pages) rest.push(piece);
    const sizes = rest.map((piece) => piece.trim().split('\r\n').length);
    expect(sizes.slice(0, -1).every((n) => n === 100)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1203 - 100 + 1);
    expect(rest.at(-1)!.trim().split('\r\n').at(-1)!.startsWith(`${late!.id},`)).toBe(true);
  });
});

