import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidQris, posMessages } from '@pasar/core/pos';
import { queryRows } from '../../db/client';
import { productVariants, products } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { guestOrderPayload, localCourierOption } from '../../test/orders';

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
let plain: { id: number; price: number; discount: number };
let withVariants: { id: number; label: string; price: number };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const stockOf = async (id: number) => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const sell = (body: Record<string, unknown>) => call('POST', '/orders/pos', body);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
  plain = (await queryRows<{ id: number; price: number; discount: number }>(t.db, sql`SELECT p.id, p.price, p.discount::float8 AS discount FROM products p WHERE p.name = 'Opak Ketan Bakar'`))[0]!;
  const v = (await queryRows<{ id: number; label: string; price: number }>(
    t.db,
    sql`SELECT p.id, v.label, v.price FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.is_active AND v.stock > 5 AND p.discount = 0 ORDER BY p.id, v.position LIMIT 1`,
  ))[0]!;
  withVariants = v;
});
afterAll(async () => {
  await t?.close();
});

describe(`point of sale (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await call('POST', '/orders/pos', { order_items: [] }, {})).statusCode).toBe(401);
    expect((await call('POST', '/orders/pos', { order_items: [] }, customer)).statusCode).toBe(403);
    expect((await call('GET', '/orders/pos/settings', undefined, customer)).statusCode).toBe(403);
  });

  it("answers the spec's messages for an empty cart, short cash, no stock and too much quantity", async () => {
    const empty = await sell({ payment_method: 'cash', cash_received: 100000, order_items: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toBe(posMessages.emptyCart);

    const short = await sell({ payment_method: 'cash', cash_received: 1000, order_items: [{ product_id: plain.id, quantity: 2 }] });
    expect(short.statusCode).toBe(422);
    expect(short.json().error).toBe(posMessages.shortCash);

    const stock = await stockOf(plain.id);
    const tooMany = await sell({ payment_method: 'qris', order_items: [{ product_id: plain.id, quantity: stock + 1 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe(posMessages.overStock);

    const soldOut = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE stock = 0 AND is_active LIMIT 1`))[0];
    const zeroId = soldOut?.id ?? plain.id;
    if (!soldOut) await t.db.update(products).set({ stock: 0 }).where(eq(products.id, plain.id));
    const none = await sell({ payment_method: 'debit', order_items: [{ product_id: zeroId, quantity: 1 }] });
    expect(none.json().error).toBe(posMessages.noStock);
    if (!soldOut) await t.db.update(products).set({ stock }).where(eq(products.id, plain.id));
    expect(await stockOf(plain.id)).toBe(stock);
  });

  it('sells for cash: server prices, change, stock taken, delivered and paid', async () => {
    const before = await stockOf(plain.id);
    const variantBefore = (await t.db.select({ s: productVariants.stock }).from(productVariants).where(and(eq(productVariants.product_id, withVariants.id), eq(productVariants.label, withVariants.label))))[0]!.s;
    const res = await sell({
      customer_name: 'Bu Ani',
      payment_method: 'cash',
      cash_received: 500000,
      total_amount: 1,
      notes: 'Bungkus kado',
      order_items: [
        { product_id: plain.id, quantity: 2, price: 1, variant_label: 'default' },
        { product_id: withVariants.id, quantity: 1, price: 1, variant_label: withVariants.label },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(posMessages.saved);
    const order = res.json().data;
    const plainUnit = Math.round(plain.price * (1 - plain.discount / 100));
    const total = plainUnit * 2 + withVariants.price;
    expect(order).toMatchObject({ order_type: 'pos', status: 'delivered', payment_status: 'paid', payment_method: 'cash', total_amount: total, cash_received: 500000, change_due: 500000 - total, customer_name: 'Bu Ani', notes: 'Bungkus kado' });
    expect(order.order_items.map((i: { quantity: number }) => i.quantity)).toEqual([2, 1]);
    expect(order.events[0]).toMatchObject({ kind: 'pos_sale' });
    expect(await stockOf(plain.id)).toBe(before - 2);
    const variantAfter = (await t.db.select({ s: productVariants.stock }).from(productVariants).where(and(eq(productVariants.product_id, withVariants.id), eq(productVariants.label, withVariants.label))))[0]!.s;
    expect(variantAfter).toBe(variantBefore - 1);
  });

  it.each(['qris', 'debit', 'transfer'] as const)('sells with %s: no cash, no change, the reference kept', async (method) => {
    const res = await sell({ payment_method: method, cash_received: 999999, payment_reference: `REF-${method}`, order_items: [{ product_id: plain.id, quantity: 1 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ payment_method: method, cash_received: null, change_due: null, payment_status: 'paid' });
    const row = (await queryRows<{ payment_reference: string }>(t.db, sql`SELECT payment_reference FROM orders WHERE id = ${res.json().data.id}`))[0]!;
    expect(row.payment_reference).toBe(`REF-${method}`);
  });

  // On PostgreSQL (TEST_POSTGRES_URL, the second API pass of `npm test`) these 24 requests run at
  // once over the test pool's 5 connections, so the stock updates truly race; on PGlite they queue.
  it('never oversells when POS and online sales race for the last units', async () => {
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, plain.id));
    const local = await localCourierOption(t.app);
    const online = () => call('POST', '/orders', guestOrderPayload({ productId: plain.id, quantity: 1, local, email: 'balapan@contoh.id', name: 'Balapan' }), {});
    const pos = () => sell({ payment_method: 'qris', order_items: [{ product_id: plain.id, quantity: 1 }] });
    const lastOrderBefore = (await queryRows<{ id: number }>(t.db, sql`SELECT COALESCE(max(id), 0)::int AS id FROM orders`))[0]!.id;
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? pos() : online())));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await stockOf(plain.id)).toBe(0);
    const sold = await queryRows<{ n: number }>(t.db, sql`SELECT COALESCE(sum(quantity), 0)::int AS n FROM order_items WHERE product_id = ${plain.id} AND order_id > ${lastOrderBefore}`);
    expect(sold[0]!.n).toBe(5);
  });

  it('reads and edits the pickup settings and the QRIS payload, checking its CRC', async () => {
    const view = (await call('GET', '/orders/pos/settings')).json().data;
    expect(view).toMatchObject({ configured: true, pickup_city: 'Kota Bandung', qris_valid: true, qris_merchant_name: 'TOKO CONTOH' });
    expect(isValidQris(view.qris_payload)).toBe(true);

    const broken = view.qris_payload.slice(0, -4) + '0000';
    const refused = await call('PUT', '/orders/pos/settings', { pickup: { pickup_name: 'X' }, qris: { payload: broken, merchant_name: '' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(posMessages.badQris);

    const saved = await call('PUT', '/orders/pos/settings', { pickup: { pickup_name: 'Kios Baru', pickup_address: 'Jl. Asia Afrika 1', pickup_city: 'Kota Bandung' }, qris: { payload: '', merchant_name: '' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ pickup_name: 'Kios Baru', qris_payload: '', qris_valid: false, configured: true });
  });
});
