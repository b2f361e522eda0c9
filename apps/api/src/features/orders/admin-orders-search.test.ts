/**
 * Issue 15: a searched order desk page in one statement (searchedFiguresAndPage). Its page is the same as
 * sorting every match (pageOfOrderIds, for every sort, direction, tab and payment filter, paged);
 * its figures equal a fresh grouping of every match up to the cap, and above the cap they are
 * lower bounds over exactly `cap` matches and say `approximate`, exactly when there were more.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_SORTS, ORDER_STATUSES, type AdminOrderList } from '@pasar/core/orders';
import { queryRows } from '../../db/client';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { freshStatusFigures } from '../../test/orders';
import { pageOfOrderIds, searchedFiguresAndPage, type StatusFigures } from './admin-orders.repository';

let t: TestApp;
let admin: { authorization: string };

/**
 * `count` orders named "{name} {n}", in every status and payment state, created a minute apart and
 * out of id order, with a transfer proof to verify on about half the unpaid ones.
 */
async function insertOrders(name: string, count: number) {
  await t.db.execute(sql`
    INSERT INTO orders (guest_email, status, payment_status, total_amount, customer_name, shipping_name, created_at, updated_at)
    SELECT lower(${name}) || g || '@contoh.id', (ARRAY['pending','confirmed','shipped','delivered','cancelled'])[1 + g % 5],
           CASE WHEN g % 3 = 0 THEN 'paid' WHEN g % 7 = 0 THEN 'expired' ELSE 'unpaid' END, 10000 + (g * 7919) % 90000,
           ${name} || ' ' || g, ${name} || ' ' || g,
           timestamptz '2026-11-01 00:00:00+00' + ((g * 37) % ${count}) * interval '1 minute', now()
    FROM generate_series(1, ${count}::int) g`);
  await t.db.execute(sql`
    INSERT INTO payments (order_id, provider, reference, merchant_ref, payment_name, amount, status, proof_status)
    SELECT o.id, 'manual', 'MAN-UJI-' || o.id, 'ORD-' || o.id, 'Transfer bank', o.total_amount, o.payment_status,
           CASE WHEN o.payment_status = 'unpaid' AND o.id % 2 = 0 THEN 'submitted' ELSE 'none' END
    FROM orders o WHERE o.customer_name LIKE ${`${name} %`}`);
}

/** Every order the search matches, as the order desk pages them (the reference: every match sorted). */
const everyMatch = (q: string, payment: 'all' | 'verification') => pageOfOrderIds(t.db, { q, status: 'all', payment }, 100_000, 0);

/** The figures per status of these orders, grouped afresh. */
async function freshFigures(ids: number[]): Promise<Record<string, StatusFigures>> {
  if (ids.length === 0) return {};
  const rows = await freshStatusFigures(t.db, sql`o.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return Object.fromEntries(rows.map(({ status, ...figures }) => [status, figures]));
}

const asRecord = (figures: Map<string, StatusFigures>) => Object.fromEntries([...figures].filter(([, f]) => f.count > 0 || f.verification > 0));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  await insertOrders('Zulaikha Uji', 40);
  // One order found by its product name only, one by both its name and a product name (counted once).
  const [byProduct] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO orders (status, payment_status, total_amount, customer_name, shipping_name) VALUES ('pending', 'unpaid', 55000, 'Pembeli Lain', 'Pembeli Lain') RETURNING id`,
  );
  const [productId] = await queryRows<{ id: number }>(t.db, sql`SELECT min(id)::int AS id FROM products`);
  const [bothId] = await queryRows<{ id: number }>(t.db, sql`SELECT min(id)::int AS id FROM orders WHERE customer_name LIKE 'Zulaikha Uji %'`);
  await t.db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, quantity, price, line_total)
    VALUES (${byProduct!.id}, ${productId!.id}, 'Kopi Zulaikha Uji', 1, 55000, 55000), (${bothId!.id}, ${productId!.id}, 'Teh Zulaikha Uji', 1, 1000, 1000)`);
});
afterAll(async () => {
  await t?.close();
});

describe(`a searched desk page (${testEngine})`, () => {
  const q = 'zulaikha uji';

  it('pages exactly as sorting every match, for every sort, direction, tab and payment filter', async () => {
    for (const payment of ['all', 'verification'] as const) {
      for (const status of ['all', 'pending', 'cancelled'] as const) {
        for (const sort of ADMIN_ORDER_SORTS) {
          for (const dir of ['asc', 'desc'] as const) {
            const filter = { q, status, payment, sort, dir };
            const every = await pageOfOrderIds(t.db, filter, 100_000, 0);
            for (const page of [0, 1, 2, 5]) {
              const { ids } = await searchedFiguresAndPage(t.db, filter, 7, page * 7);
              expect(ids, `${JSON.stringify(filter)} page ${page}`).toEqual(every.slice(page * 7, page * 7 + 7));
            }
          }
        }
      }
    }
  });

  it('counts every match exactly up to the cap, and says approximate exactly when there are more', async () => {
    for (const payment of ['all', 'verification'] as const) {
      const every = await everyMatch(q, payment);
      expect(every.length).toBeGreaterThan(payment === 'all' ? 40 : 3);
      const fresh = await freshFigures(every);
      for (const cap of [1_000, every.length]) {
        const exact = await searchedFiguresAndPage(t.db, { q, status: 'all', payment }, 20, 0, cap);
        expect(exact.approximate, `${payment}, cap ${cap}`).toBe(false);
        expect(asRecord(exact.figures), `${payment}, cap ${cap}`).toEqual(fresh);
      }
      const cap = every.length - 1;
      const capped = await searchedFiguresAndPage(t.db, { q, status: 'all', payment }, 20, 0, cap);
      expect(capped.approximate, `${payment}, cap ${cap}`).toBe(true);
      const counted = [...capped.figures.values()];
      expect(counted.reduce((s, f) => s + f.count, 0), payment).toBe(cap);
      // Lower bounds, status by status.
      for (const [status, f] of capped.figures) {
        const whole = fresh[status]!;
        for (const field of ['count', 'paid', 'unpaid', 'value', 'verification'] as const) expect(f[field], `${payment} ${status} ${field}`).toBeLessThanOrEqual(whole[field]);
      }
      // The page is still the newest of every match, not of the counted ones.
      expect(capped.ids).toEqual(every.slice(0, 20));
    }
  });

  it('answers the desk with the cap of 1,000: exact below it, and above it every figure a lower bound labelled approximate', async () => {
    const small = (await t.app.inject({ method: 'GET', url: `/api/v1/orders?q=${encodeURIComponent(q)}`, headers: admin })).json().data as AdminOrderList;
    expect(small.approximate).toBe(false);
    expect(small.total).toBe((await everyMatch(q, 'all')).length);

    await insertOrders('Rukmini Massal', 1_001);
    const many = 'rukmini massal';
    const every = await everyMatch(many, 'all');
    expect(every).toHaveLength(1_001);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders?q=${encodeURIComponent(many)}&page_size=20`, headers: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as AdminOrderList;
    expect(list.approximate).toBe(true);
    expect(list.total).toBe(1_000);
    expect(list.counts.all).toBe(1_000);
    expect(ORDER_STATUSES.reduce((s, status) => s + list.counts[status], 0)).toBe(1_000);
    expect(list.items.map((o) => o.id)).toEqual(every.slice(0, 20));
    // Past the counted thousand the pages go on.
    const last = (await t.app.inject({ method: 'GET', url: `/api/v1/orders?q=${encodeURIComponent(many)}&page_size=100&page=11`, headers: admin })).json().data as AdminOrderList;
    expect(last.items.map((o) => o.id)).toEqual(every.slice(1_000));

    // One order fewer: exactly the cap, every figure exact.
    await t.db.execute(sql`DELETE FROM orders WHERE id = ${every[0]!}`);
    const exact = (await t.app.inject({ method: 'GET', url: `/api/v1/orders?q=${encodeURIComponent(many)}`, headers: admin })).json().data as AdminOrderList;
    expect(exact.approximate).toBe(false);
    expect(exact.total).toBe(1_000);
    const fresh = await freshFigures(every.slice(1));
    for (const status of ORDER_STATUSES) expect(exact.counts[status], status).toBe(fresh[status]?.count ?? 0);
    expect(exact.counts.verification).toBe(Object.values(fresh).reduce((s, f) => s + f.verification, 0));
  });
});
