/**
 * Decision 080 (issue 30 §3): concurrent checkouts' orders are written in one statement, and each
 * buyer still gets their own answer. Orders written by one statement share its transaction, which
 * the database shows as the rows' `xmin`: that is how these tests see a batch.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@pasar/core/checkout';
import { paymentMessages } from '@pasar/core/payments';
import { queryRows } from '../../db/client';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct } from '../../test/factories';
import { guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { stockMessages } from '../stock/stock.service';

let t: TestApp;
let local: LocalCourierOption;
let businessId: number;

beforeAll(async () => {
  t = await createTestApp();
  businessId = (await makeBusiness(t.db)).id;
  local = await localCourierOption(t.app);
});
afterAll(async () => {
  await t?.close();
});

const place = (productId: number, email: string, address: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId, quantity: 1, local, email, address }) });

/** How many transactions wrote these orders. */
async function transactionsOf(ids: number[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(DISTINCT xmin::text)::int AS n FROM orders WHERE id IN ${ids}`);
  return Number(row?.n);
}

describe(`the checkout's write batch (${testEngine})`, () => {
  it('writes 20 parallel orders of 20 buyers in fewer transactions, each whole: items, payment, e-mails and stock', async () => {
    const products = await Promise.all(Array.from({ length: 4 }, () => makeProduct(t.db, { business_id: businessId, price: 2500, stock: 100 })));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => place(products[i % 4]!.id, `serentak${i}@contoh.id`, `Jl. Serentak No. ${i + 1}`)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const orders = answers.map((a) => (a.json() as { data: Order }).data);
    const ids = orders.map((o) => o.id);
    expect(new Set(ids).size).toBe(20);
    // The checkouts' context reads of one turn are one statement (decision 084), so their writes meet in the
    // batch on both engines (PGlite, one statement at a time, wrote each order alone before that).
    expect(await transactionsOf(ids)).toBeLessThan(20);
    const rows = await queryRows<{ id: number; items: number; payments: number; mails: number; email: string; total: number }>(
      t.db,
      sql`SELECT o.id, o.guest_email AS email, o.total_amount AS total,
                 (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
                 (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS payments,
                 (SELECT count(*)::int FROM mail_outbox m WHERE m.order_id = o.id) AS mails
          FROM orders o WHERE o.id IN ${ids}`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const order of orders) {
      const row = byId.get(order.id);
      expect(row, `order ${order.id}`).toMatchObject({ email: order.guest_email, items: 1, payments: 1, mails: 2 });
      expect(Number(row?.total)).toBe(order.total_amount);
    }
    const stock = await queryRows<{ stock: number }>(t.db, sql`SELECT stock FROM products WHERE id IN ${products.map((p) => p.id)}`);
    expect(stock.map((s) => Number(s.stock))).toEqual([95, 95, 95, 95]);
  });

  it('answers each buyer of a batch that a short product failed: the last units are sold, the rest sold out, the other product placed', async () => {
    const scarce = await makeProduct(t.db, { business_id: businessId, name: 'Keripik Langka', price: 4000, stock: 5 });
    const plenty = await makeProduct(t.db, { business_id: businessId, price: 3000, stock: 100 });
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) => place(i % 3 === 0 ? plenty.id : scarce.id, `rebutan${i}@contoh.id`, `Jl. Rebutan No. ${i + 1}`)),
    );
    const scarceAnswers = answers.filter((_, i) => i % 3 !== 0);
    const plentyAnswers = answers.filter((_, i) => i % 3 === 0);
    for (const a of plentyAnswers) expect(a.statusCode, a.body).toBe(201);
    expect(scarceAnswers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    const refused = scarceAnswers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(7);
    for (const a of refused) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().error).toBe(stockMessages.outOfStock('Keripik Langka', 0));
    }
    const [left] = await queryRows<{ scarce: number; plenty: number; sold: number }>(
      t.db,
      sql`SELECT (SELECT stock FROM products WHERE id = ${scarce.id}) AS scarce, (SELECT stock FROM products WHERE id = ${plenty.id}) AS plenty,
                 (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE product_id = ${scarce.id}) AS sold`,
    );
    expect(left).toEqual({ scarce: 0, plenty: 94, sold: 5 });
  });

  it("never puts one buyer's orders in one statement, so a cap counts each of them", async () => {
    const product = await makeProduct(t.db, { business_id: businessId, price: 1500, stock: 100 });
    const others = Array.from({ length: 8 }, (_, i) => place(product.id, `tetangga${i}@contoh.id`, `Jl. Tetangga No. ${i + 1}`));
    const mine = Array.from({ length: 5 }, (_, i) => place(product.id, 'satu.pembeli@contoh.id', `Jl. Pembeli No. ${i + 1}`));
    const answers = await Promise.all([...others, ...mine]);
    const placedMine = answers.slice(8).filter((a) => a.statusCode === 201);
    expect(placedMine).toHaveLength(3);
    for (const a of answers.slice(8).filter((x) => x.statusCode !== 201)) expect(a.json().error).toBe(paymentMessages.tooManyUnpaidEmail(3));
    for (const a of answers.slice(0, 8)) expect(a.statusCode, a.body).toBe(201);
    const ids = placedMine.map((a) => (a.json() as { data: Order }).data.id);
    expect(await transactionsOf(ids)).toBe(3);
  });

  // Decision 081: a batch's text used to grow with its orders (a row of parameters a value), so each
  // batch was parsed and planned anew, a fifth of PostgreSQL's CPU an order. With one array a column
  // it is one text for one order or many, a prepared statement of each connection.
  it.runIf(testEngine === 'postgres')('writes one order and a batch of several with the same prepared statement', async () => {
    const product = await makeProduct(t.db, { business_id: businessId, price: 2000, stock: 100 });
    const writes: { name?: string; text: string; values: unknown[] }[] = [];
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      expect((await place(product.id, 'sendiri@contoh.id', 'Jl. Sendiri No. 1')).statusCode).toBe(201);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => place(product.id, `bersama${i}@contoh.id`, `Jl. Bersama No. ${i + 1}`)));
      for (const a of answers) expect(a.statusCode, a.body).toBe(201);
      for (const [config] of spy.mock.calls as unknown as [{ name?: string; text?: string; values?: unknown[] }][]) {
        if (typeof config === 'object' && config?.text?.includes('stock_short(')) writes.push({ name: config.name, text: config.text, values: config.values ?? [] });
      }
    } finally {
      spy.mockRestore();
    }
    // The lone order, then fewer writes than orders: some carried several orders.
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.length).toBeLessThan(13);
    expect(new Set(writes.map((w) => w.text)).size).toBe(1);
    expect(writes.every((w) => w.name !== undefined && w.name === writes[0]!.name)).toBe(true);
    // As many values for twelve orders as for one: arrays, one a column.
    expect(new Set(writes.map((w) => w.values.length)).size).toBe(1);
  });

  // The prepared statement's generic plan cannot know how few products a batch names: without the ids
  // in the update's own condition it joined the lines to a scan of every product (decision 081).
  it.runIf(testEngine === 'postgres')("takes the stock by the products' ids in the prepared statement's generic plan, not by a scan of the catalogue", async () => {
    const many: { id: number }[] = [];
    for (let i = 0; i < 6; i++) many.push(...(await Promise.all(Array.from({ length: 50 }, () => makeProduct(t.db, { business_id: businessId, price: 1000, stock: 10 })))));
    await t.db.execute(sql`ANALYZE products`);
    const writes = await statementsOf(() => Promise.all(many.slice(0, 6).map((p, i) => place(p.id, `rencana${i}@contoh.id`, `Jl. Rencana No. ${i + 1}`))), 'stock_short(');
    const plan = await genericPlanOf(writes[0]!);
    expect(plan).toMatch(/Update on products[\s\S]*Index Cond: \(id = ANY/);
    expect(plan).not.toMatch(/Seq Scan on products/);
  });

  // Text-like columns go as one separated string each (issue 30 §3): what a buyer typed, JSON and
  // times must come back byte for byte, and a value holding the separator takes the row-by-row way.
  it('writes texts, JSON, times and empty values exactly as given, and a value holding the separator the old way', async () => {
    const tricky = await makeProduct(t.db, { business_id: businessId, price: 1000, stock: 10, name: 'Kopi "Aroma" \\ {1,2} NULL, é 😀' });
    const odd = await makeProduct(t.db, { business_id: businessId, price: 1000, stock: 10 });
    // Old data the edge would refuse today: the separator inside a stored name.
    await t.db.execute(sql`UPDATE products SET name = ${'Teh\x1eTawar\x1f'} WHERE id = ${odd.id}`);
    const address = 'Jl. "Braga", No. 5\\6 {RT 1}\r\nNULL';
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { ...guestOrderPayload({ productId: tricky.id, quantity: 1, local, email: 'teks@contoh.id', address }), notes: '' } }),
      place(odd.id, 'lama@contoh.id', 'Jl. Lama No. 1'),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const [placed, old] = answers.map((a) => (a.json() as { data: Order }).data);
    const rows = await queryRows<{ id: number; shipping_address: string; product_name: string; breakdown: unknown; created_at: string; notes: string | null; html: string }>(
      t.db,
      sql`SELECT o.id, o.shipping_address, i.product_name, s.cost_breakdown AS breakdown, o.created_at::text AS created_at, o.notes,
                 (SELECT string_agg(m.html_body, '' ORDER BY m.id) FROM mail_outbox m WHERE m.order_id = o.id) AS html
          FROM orders o JOIN order_items i ON i.order_id = o.id JOIN shipments s ON s.order_id = o.id WHERE o.id IN (${placed!.id}, ${old!.id}) ORDER BY o.id`,
    );
    const mine = rows.find((r) => r.id === placed!.id)!;
    expect(mine.shipping_address).toBe(address);
    expect(mine.product_name).toBe('Kopi "Aroma" \\ {1,2} NULL, é 😀');
    expect(mine.breakdown).toMatchObject({ type: 'local_courier', courier_id: local.courier_id, price_id: local.price_id, cost: placed!.shipments[0]!.cost });
    expect(new Date(mine.created_at).toISOString()).toBe(placed!.created_at);
    expect(mine.html).toContain('Kopi &quot;Aroma&quot;');
    expect(rows.find((r) => r.id === old!.id)!.product_name).toBe('Teh\x1eTawar\x1f');
  });

  // The context statement is prepared too: its generic plan hash-joined the cart's product to a scan of
  // every business and category (issue 30 §3), a cost that grew with the marketplace's partners.
  it.runIf(testEngine === 'postgres')("reads the cart's product, its business and its category by key in the context statement's generic plan", async () => {
    const partners = await Promise.all(Array.from({ length: 300 }, () => makeBusiness(t.db)));
    const product = await makeProduct(t.db, { business_id: partners[299]!.id, price: 1000, stock: 10 });
    await t.db.execute(sql`ANALYZE businesses`);
    await t.db.execute(sql`ANALYZE categories`);
    const reads = await statementsOf(async () => [await place(product.id, 'konteks@contoh.id', 'Jl. Konteks No. 1')], "nextval('orders_id_seq')");
    const plan = await genericPlanOf(reads[0]!);
    expect(plan).toMatch(/Index Scan using businesses_pkey on businesses/);
    expect(plan).not.toMatch(/Seq Scan on (businesses|categories)/);
  });

  // Concurrent checkouts read their contexts in one statement (decision 084), planned for each batch.
  it.runIf(testEngine === 'postgres')("reads the contexts of a turn's checkouts in one statement, the products, businesses and categories by key", async () => {
    const partners = await Promise.all(Array.from({ length: 300 }, () => makeBusiness(t.db)));
    const made = await Promise.all(Array.from({ length: 300 }, (_, i) => makeProduct(t.db, { business_id: partners[i]!.id, price: 1000, stock: 10 })));
    for (const table of ['businesses', 'categories', 'products', 'orders']) await t.db.execute(sql.raw(`ANALYZE ${table}`));
    // This process keeps the configuration after a first order: the turn's reads ask for no part of it.
    expect((await place(made[0]!.id, 'batch0@contoh.id', 'Jl. Batch No. 0')).statusCode).toBe(201);
    const reads = await statementsOf(
      () => Promise.all([place(made[7]!.id, 'batch1@contoh.id', 'Jl. Batch No. 1'), place(made[211]!.id, 'batch2@contoh.id', 'Jl. Batch No. 2'), place(made[299]!.id, 'batch3@contoh.id', 'Jl. Batch No. 3')]),
      'WITH ORDINALITY',
    );
    expect(reads).toHaveLength(1);
    const plan = await planOf(reads[0]!, 'force_custom_plan');
    expect(plan).toMatch(/Index Scan using products_pkey on products/);
    expect(plan).toMatch(/Index Scan using businesses_pkey on businesses/);
    // (The test's orders table holds a few rows, which a scan reads fastest; the bench's 100,000 use the indexes.)
    expect(plan).not.toMatch(/Seq Scan on (products|businesses|categories)/);
  });
});

/** The texts and values of the statements `run` sent whose text includes `marker`. */
async function statementsOf(run: () => Promise<{ statusCode: number; body: string }[]>, marker: string): Promise<{ text: string; values: unknown[] }[]> {
  const sent: { text: string; values: unknown[] }[] = [];
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    for (const answer of await run()) expect(answer.statusCode, answer.body).toBe(201);
    for (const [config] of spy.mock.calls as unknown as [{ text?: string; values?: unknown[] }][]) {
      if (typeof config === 'object' && config?.text?.includes(marker)) sent.push({ text: config.text, values: config.values ?? [] });
    }
  } finally {
    spy.mockRestore();
  }
  expect(sent.length).toBeGreaterThan(0);
  return sent;
}

/** EXPLAIN of a statement as a prepared statement's generic plan, on a connection of its own. */
const genericPlanOf = (statement: { text: string; values: unknown[] }) => planOf(statement, 'force_generic_plan');

/** EXPLAIN of a prepared statement, planned as `mode` says, on a connection of its own. */
async function planOf(statement: { text: string; values: unknown[] }, mode: 'force_generic_plan' | 'force_custom_plan'): Promise<string> {
  const [{ name } = { name: '' }] = await queryRows<{ name: string }>(t.db, sql`SELECT current_database() AS name`);
  const client = new pg.Client({ connectionString: `${process.env.TEST_POSTGRES_URL!.replace(/\/[^/]*$/, '')}/${name}` });
  await client.connect();
  try {
    await client.query(`SET plan_cache_mode = ${mode}`);
    await client.query(`PREPARE under_test AS ${statement.text}`);
    // EXPLAIN EXECUTE takes no bound parameters: each value as a literal (an array in PostgreSQL's array syntax).
    const element = (e: unknown) => (e === null ? 'NULL' : `"${String(e).replace(/[\\"]/g, (c) => `\\${c}`)}"`);
    const literals = statement.values.map((v) => (v === null ? 'NULL' : client.escapeLiteral(Array.isArray(v) ? `{${v.map(element).join(',')}}` : String(v))));
    return (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE under_test(${literals.join(', ')})`)).rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}
