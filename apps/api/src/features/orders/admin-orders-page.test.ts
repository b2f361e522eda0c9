/**
 * Issue 15: the order desk reads a page of orders with their items, latest payment and audit trail in the
 * statement that finds the page (JSON written by PostgreSQL), and writes its answers with
 * fast-json-stringify. Both must answer exactly what the four reads through the query builder and
 * zod's serializer answered: compared here with that reference, order by order and byte by byte.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_SORTS, adminOrderListSchema, adminOrderQuerySchema, adminOrderSchema, customerLabel, type AdminOrder } from '@pasar/core/orders';
import { queryRows } from '../../db/client';
import { orderEvents } from '../../db/schema';
import { envelope, ok } from '../../lib/http';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption } from '../../test/orders';
import { countByStatus, deskOrdersById, deskPageOfOrders, pageOfOrderIds, searchedFiguresAndPage } from './admin-orders.repository';
import { listAdminOrders } from './admin-orders.service';
import { loadOrders } from './orders.repository';

let t: TestApp;
let admin: { authorization: string };
let ids: number[];

/** The order desk's orders as they were read before (orders, items, payments through the query builder; events apart). */
async function reference(orderIds: number[]): Promise<AdminOrder[]> {
  if (orderIds.length === 0) return [];
  const [list, events] = await Promise.all([
    loadOrders(t.db, orderIds),
    t.db.select().from(orderEvents).where(inArray(orderEvents.order_id, orderIds)).orderBy(asc(orderEvents.created_at), asc(orderEvents.id)),
  ]);
  return list.map((order) => ({
    ...order,
    customer_label: customerLabel(order),
    proof_url: order.payment?.proof_uploaded_at ? `/api/v1/orders/${order.id}/payment/proof` : null,
    events: events
      .filter((e) => e.order_id === order.id)
      .map((e) => ({ id: e.id, kind: e.kind, from_status: e.from_status, to_status: e.to_status, note: e.note, actor_name: e.actor_name, created_at: e.created_at.toISOString() })),
  }));
}

const asAdminOrders = (page: Awaited<ReturnType<typeof deskOrdersById>>): AdminOrder[] =>
  page.map(({ order, events }) => ({ ...order, customer_label: customerLabel(order), proof_url: order.payment?.proof_uploaded_at ? `/api/v1/orders/${order.id}/payment/proof` : null, events }));

beforeAll(async () => {
  t = await createTestApp();
  await allowManyUnpaidOrders(t.db);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  const [product] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE name = 'Opak Ketan Bakar'`);
  const local = await localCourierOption(t.app);
  // Online orders as checkout writes them (items, a manual-transfer payment with accounts and steps, e-mails).
  const placed: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: product!.id, quantity: 1 + i, local, email: `halaman${i}@contoh.id`, name: `Halaman ${i}` }) });
    if (res.statusCode !== 201) throw new Error(res.body);
    placed.push(res.json().data.id as number);
  }
  // An audit trail of several events, two of them at the same moment (ordered by id then).
  // Confirmed and shipped need a paid order (issue 28) and a paid cancel needs its refund (decision 050):
  // the trail is what this test reads, so the order counts as paid for those two steps only.
  for (const status of ['confirmed', 'shipped', 'cancelled']) {
    await t.db.execute(sql`UPDATE orders SET payment_status = ${status === 'cancelled' ? 'unpaid' : 'paid'} WHERE id = ${placed[0]!}`);
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${placed[0]}`, headers: admin, payload: { status, note: `ke ${status}` } });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  await t.db.execute(sql`INSERT INTO order_events (order_id, actor_name, kind, note, created_at)
                         SELECT ${placed[0]!}::int, NULL, 'note', n, timestamptz '2026-01-02 03:04:05.678901+07' FROM unnest(ARRAY['kedua', 'pertama']) n`);
  // A second, later payment (the answer shows the latest by id), with a proof, a rejection, microseconds
  // in its times and steps written before issue 18 (HTML); an item with a size and options.
  await t.db.execute(sql`
    INSERT INTO payments (order_id, provider, reference, merchant_ref, payment_name, amount, status, proof_status, proof_file, proof_uploaded_at,
                          rejection_reason, verified_at, expires_at, paid_at, instructions, bank_accounts, transfer_note, pay_code)
    VALUES (${placed[1]!}, 'manual', 'MAN-HALAMAN-2', 'ORD-X', 'Transfer bank', 12345, 'unpaid', 'rejected', 'bukti.png',
            timestamptz '2026-03-04 05:06:07.123456+00', 'Nominal kurang', timestamptz '2026-03-04 06:00:00.999999+00',
            timestamptz '2026-03-05 05:06:07+00', NULL, ${JSON.stringify([{ title: 'ATM', steps: ['Masukkan <b>kartu</b> ATM', [{ text: 'Pilih ', strong: false }, { text: 'Transfer', strong: true }]] }])}::jsonb,
            ${JSON.stringify([{ bank_name: 'BCA', account_number: '123', account_name: 'Toko "Kita"' }])}::jsonb, 'Catatan: ''kutip'' & <tag>', '8800\u00e9')`);
  await t.db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, variant_label, selected_options, quantity, price, line_total)
    VALUES (${placed[2]!}, ${product!.id}, 'Opak "Ketan" \\ Bakar', 'L', ${JSON.stringify([{ group: 'Rasa', value: 'Pedas' }, { group: 'Kemasan', value: 'Besek' }])}::jsonb, 2, 15000, 30000)`);
  // A point-of-sale order: no payment row, cash, no e-mail, a note with a line break.
  const [pos] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO orders (status, order_type, payment_method, payment_status, total_amount, subtotal_amount, cash_received, change_due, customer_name, notes, payment_reference)
        VALUES ('delivered', 'pos', 'cash', 'paid', 50000, 50000, 100000, 50000, 'Pembeli Kasir', E'baris satu\nbaris dua', 'QRIS-1') RETURNING id`,
  );
  ids = [...placed, pos!.id];
});
afterAll(async () => {
  await t?.close();
});

describe(`the desk's page of orders in one statement (${testEngine})`, () => {
  it('reads orders by id exactly as the four reads did, in the order asked, leaving out missing ones', async () => {
    const asked = [ids[2]!, 999_999, ids[0]!, ids[4]!, ids[1]!, ids[3]!];
    const found = asAdminOrders(await deskOrdersById(t.db, asked));
    expect(found.map((o) => o.id)).toEqual([ids[2], ids[0], ids[4], ids[1], ids[3]]);
    expect(found).toEqual(await reference(found.map((o) => o.id)));
    // The cases the reference must have met, so the comparison above covers them.
    const byId = new Map(found.map((o) => [o.id, o]));
    expect(byId.get(ids[0]!)!.events.length).toBeGreaterThanOrEqual(5);
    expect(byId.get(ids[1]!)!.payment).toMatchObject({ reference: 'MAN-HALAMAN-2', proof_status: 'rejected' });
    expect(byId.get(ids[2]!)!.order_items.some((i) => i.selected_options.length === 2)).toBe(true);
    expect(byId.get(ids[4]!)!.payment).toBeNull();
    expect(await deskOrdersById(t.db, [])).toEqual([]);
  });

  it('finds an unsearched page as pageOfOrderIds does, with the kept figures, for every sort, direction, tab and payment filter', async () => {
    for (const sort of ADMIN_ORDER_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const status of ['all', 'pending', 'cancelled'] as const) {
          for (const payment of ['all', 'verification'] as const) {
            for (const offset of [0, 2]) {
              const filter = { q: undefined, status, payment, sort, dir };
              const expected = await pageOfOrderIds(t.db, filter, 3, offset);
              const found = await deskPageOfOrders(t.db, filter, 3, offset);
              const page = asAdminOrders(found.orders);
              expect(page.map((o) => o.id), JSON.stringify(filter)).toEqual(expected);
              expect(page).toEqual(await reference(expected));
              expect(found.figures).toEqual(await countByStatus(t.db, payment));
            }
          }
        }
      }
    }
  });

  it("answers a searched page's orders in its one statement", async () => {
    for (const q of ['halaman', 'opak', String(ids[0])]) {
      // A bare number is that order alone (issue 31): its only page starts at the first row.
      const searched = await searchedFiguresAndPage(t.db, { q, status: 'all', sort: 'total', dir: 'asc' }, 3, /^\d+$/.test(q) ? 0 : 1);
      expect(searched.ids.length).toBeGreaterThan(0);
      expect(asAdminOrders(searched.orders)).toEqual(await reference(searched.ids));
    }
  });

  it("reads the store's zone for a search that could be a date, and finds dates in it", async () => {
    // 23:30 WIB on 1 February 2026 is 01:30 on the 2nd in WIT (Asia/Jayapura).
    const [late] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO orders (status, total_amount, guest_email, created_at) VALUES ('pending', 1000, 'zona-tanggal@contoh.id', timestamptz '2026-02-01T16:30:00Z') RETURNING id`,
    );
    const found = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/orders?q=${encodeURIComponent(q)}&page_size=100`, headers: admin })).json().data.items.map((o: { id: number }) => o.id);
    expect(await found('01/02/2026')).toContain(late!.id);
    expect(await found('02/02/2026')).not.toContain(late!.id);
    await t.app.inject({ method: 'PUT', url: '/api/v1/settings/time-zone', headers: admin, payload: { time_zone: 'Asia/Jayapura' } });
    try {
      expect(await found('2026-02-02')).toContain(late!.id);
      expect(await found('01/02/2026')).not.toContain(late!.id);
      // A name is no date: found whatever the zone.
      expect(await found('zona-tanggal')).toEqual([late!.id]);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/v1/settings/time-zone', headers: admin, payload: { time_zone: 'Asia/Jakarta' } });
    }
  });

  it('writes the same bytes as zod and JSON.stringify did: a page, an order and a status change', async () => {
    for (const url of ['/orders?page=1&page_size=10', '/orders?q=halaman&sort=total&dir=asc', '/orders?status=cancelled', '/orders?payment=verification']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin });
      expect(res.statusCode).toBe(200);
      const query = adminOrderQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
      expect(res.body, url).toBe(JSON.stringify(envelope(adminOrderListSchema).parse(ok(await listAdminOrders(t.db, query)))));
    }
    for (const id of ids) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: admin });
      expect(res.body).toBe(JSON.stringify(envelope(adminOrderSchema).parse(ok((await reference([id]))[0]))));
    }
    // A cancel: the status change an unpaid order may have (issue 28 refuses confirming it).
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${ids[3]}`, headers: admin, payload: { status: 'cancelled' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(envelope(adminOrderSchema).parse(ok((await reference([ids[3]!]))[0], res.json().message))));
  });
});
