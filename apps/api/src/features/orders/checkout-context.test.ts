/**
 * Decision 083 (issue 30 §3): a process keeps the settings and the local couriers' prices its
 * checkouts read, with the configuration's version (migration 0031), and reads them again only when
 * the version moved; and the context statement is planned once per connection, not per checkout.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeProduct } from '../../test/factories';
import { orderPayloadSchema } from '@pasar/core/checkout';
import { sumurBandung } from '@pasar/core/testing';
import { guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { localPriceCandidatesPart } from '../couriers/couriers.service';
import { settingsPart } from '../settings/settings.service';
import { loadCheckoutContext, reserveOrderId } from './orders.repository';
import { unpaidKeysOf } from './orders.service';
import { countRoundTrips } from '../../test/round-trips';

let t: TestApp;
let local: LocalCourierOption;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  local = await localCourierOption(t.app);
  productId = (await makeProduct(t.db, { price: 1000, stock: 1000 })).id;
});
afterAll(async () => {
  await t?.close();
});

const district = sumurBandung.shipping_district_id;

/** What a checkout's context statement reads of the configuration now. */
async function configRead() {
  const context = await loadCheckoutContext(t.db, {
    productIds: [productId],
    itemCount: 1,
    unpaid: null,
    idempotencyKey: undefined,
    parts: { settings: settingsPart(['time_zone'] as const), localPrices: localPriceCandidatesPart(district) },
  });
  return {
    zone: context.parts.settings?.time_zone?.time_zone,
    prices: (context.parts.localPrices ?? []).filter((p) => p.price_id === local.price_id).map((p) => p.base_price),
  };
}

/** Runs `change` with the version trigger of `table` off: the change is real but the version does not move. */
async function unversioned(table: 'settings' | 'courier_prices', change: () => Promise<unknown>) {
  await t.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_config_version_trg`));
  try {
    await change();
  } finally {
    await t.db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_config_version_trg`));
  }
}

describe(`the checkout's context statement (${testEngine})`, () => {
  it('keeps the settings and the local prices it read until the configuration changes, and then reads them again', async () => {
    await t.db.execute(sql`UPDATE settings SET value = '{"time_zone":"Asia/Jakarta"}'::jsonb WHERE key = 'time_zone'`);
    const [price] = await queryRows<{ base: number }>(t.db, sql`SELECT base_price AS base FROM courier_prices WHERE id = ${local.price_id}`);
    const first = await configRead();
    expect(first).toEqual({ zone: 'Asia/Jakarta', prices: [Number(price!.base)] });

    // Kept: a change the version does not know of is not seen, which only a kept value explains.
    await unversioned('settings', () => t.db.execute(sql`UPDATE settings SET value = '{"time_zone":"Asia/Makassar"}'::jsonb WHERE key = 'time_zone'`));
    await unversioned('courier_prices', () => t.db.execute(sql`UPDATE courier_prices SET base_price = base_price + 1000 WHERE id = ${local.price_id}`));
    expect(await configRead()).toEqual(first);

    // Any statement on settings moves the version: both parts are read again.
    await t.db.execute(sql`UPDATE settings SET updated_at = now() WHERE key = 'time_zone'`);
    expect(await configRead()).toEqual({ zone: 'Asia/Makassar', prices: [Number(price!.base) + 1000] });

    // A courier's price, and a courier stopped, are read at the next checkout.
    await t.db.execute(sql`UPDATE courier_prices SET base_price = base_price + 500 WHERE id = ${local.price_id}`);
    expect((await configRead()).prices).toEqual([Number(price!.base) + 1500]);
    await t.db.execute(sql`UPDATE couriers SET is_active = false WHERE id = ${local.courier_id}`);
    expect((await configRead()).prices).toEqual([]);
    await t.db.execute(sql`UPDATE couriers SET is_active = true WHERE id = ${local.courier_id}`);
    await t.db.execute(sql`UPDATE courier_prices SET base_price = ${Number(price!.base)} WHERE id = ${local.price_id}`);
    await t.db.execute(sql`UPDATE settings SET value = '{"time_zone":"Asia/Jakarta"}'::jsonb WHERE key = 'time_zone'`);
    expect(await configRead()).toEqual(first);
  });

  it("places an order with the shop's new bank account as soon as the admin saves it", async () => {
    const place = (n: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId, quantity: 1, local, email: `rekening${n}@contoh.id`, address: `Jl. Rekening No. ${n}` }) });
    const before = await place(1);
    expect(before.statusCode, before.body).toBe(201);
    const [row] = await queryRows<{ value: { bank_accounts: { account_number: string }[] } }>(t.db, sql`SELECT value FROM settings WHERE key = 'payments'`);
    const accounts = row!.value.bank_accounts;
    expect(accounts.length).toBeGreaterThan(0);
    const changed = { ...row!.value, bank_accounts: [{ ...accounts[0]!, account_number: '9990001112' }, ...accounts.slice(1)] };
    await t.db.execute(sql`UPDATE settings SET value = ${JSON.stringify(changed)}::jsonb WHERE key = 'payments'`);
    const after = await place(2);
    expect(after.statusCode, after.body).toBe(201);
    expect(after.body).toContain('9990001112');
    expect(before.body).not.toContain('9990001112');
  });

  it('reads the contexts of the checkouts asked in one turn in one statement, each as it reads alone', async () => {
    await configRead(); // This process keeps the configuration: the reads below ask for no part.
    const other = (await makeProduct(t.db, { price: 2500, stock: 10 })).id;
    const payload = guestOrderPayload({ productId, quantity: 1, local, email: 'batch@contoh.id', address: 'Jl. Batch No. 7' });
    // A key an array literal must quote and escape: quotes, a backslash, braces, a comma, NULL.
    const key = 'kunci "batch" \\ {1}, NULL';
    const placed = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload, headers: { 'idempotency-key': key } });
    expect(placed.statusCode, placed.body).toBe(201);
    const placedId = (placed.json() as { data: { id: number } }).data.id;
    const keys = unpaidKeysOf(orderPayloadSchema.parse(payload), null);
    const reserved = await reserveOrderId(t.db);
    const parts = { settings: settingsPart(['time_zone'] as const) };
    const requests: Parameters<typeof loadCheckoutContext<typeof parts>>[1][] = [
      { productIds: [productId], itemCount: 1, unpaid: keys, idempotencyKey: key, parts },
      { productIds: [other, productId], itemCount: 3, shipmentCount: 2, unpaid: null, idempotencyKey: undefined, parts, reservedOrderId: placedId },
      { productIds: [other], itemCount: 2, unpaid: { ...keys, email: 'tak-ada@contoh.id', address: null }, idempotencyKey: 'kunci-lain', parts, reservedOrderId: reserved },
    ];
    const alone = [];
    for (const request of requests) alone.push(await loadCheckoutContext(t.db, request));
    const { result: together, trips } = await countRoundTrips(() => Promise.all(requests.map((request) => loadCheckoutContext(t.db, request))));
    expect(trips).toBe(1);
    const same = (context: Awaited<ReturnType<typeof loadCheckoutContext<typeof parts>>>) => ({
      products: context.products,
      unpaid: context.unpaid,
      existing: context.existing,
      reservedUsed: context.reservedUsed,
      items: context.itemIds.length,
      shipments: context.shipmentIds.length,
      parts: context.parts,
    });
    expect(together.map(same)).toEqual(alone.map(same));
    expect(together[0]!.existing?.id).toBe(placedId);
    expect(together[0]!.unpaid).toEqual({ byAccount: 0, byEmail: 1, byAddress: 1 });
    expect([...together[1]!.products.keys()].sort()).toEqual([productId, other].sort());
    expect([...together[2]!.products.keys()]).toEqual([other]);
    expect(together.map((c) => c.reservedUsed)).toEqual([false, true, false]);
    expect(together[2]!.orderId).toBe(reserved);
    const ids = together.flatMap((c) => [`order ${c.orderId}`, ...c.itemIds.map((id) => `item ${id}`), ...c.shipmentIds.map((id) => `shipment ${id}`)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.abs(together[0]!.now.getTime() - Date.now())).toBeLessThan(60_000);

    // A request the database refuses (a NUL in a text) fails alone: the others of its turn are read.
    const settled = await Promise.allSettled([requests[0]!, { ...requests[2]!, idempotencyKey: 'kunci\u0000nul' }, requests[1]!].map((request) => loadCheckoutContext(t.db, request)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(settled.flatMap((s) => (s.status === 'fulfilled' ? [same(s.value)] : []))).toEqual([same(alone[0]!), same(alone[1]!)]);
  });

  // A prepared statement is planned for its values five times, then PostgreSQL keeps one generic plan
  // when that costs no more. Counting 1,000 rows for each id list made it plan every checkout again.
  it.runIf(testEngine === 'postgres')('is planned once per connection: PostgreSQL keeps its generic plan after the first five', async () => {
    const sent: { text: string; values: unknown[] }[] = [];
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const answer = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId, quantity: 2, local, email: 'rencana@contoh.id', address: 'Jl. Rencana No. 1' }) });
      expect(answer.statusCode, answer.body).toBe(201);
      for (const [config] of spy.mock.calls as unknown as [{ text?: string; values?: unknown[] }][]) {
        if (typeof config === 'object' && config?.text?.includes("nextval('orders_id_seq')")) sent.push({ text: config.text, values: config.values ?? [] });
      }
    } finally {
      spy.mockRestore();
    }
    // This process keeps the configuration by now (the tests above): the read leaves its parts out.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('config_version');
    expect(sent[0]!.text).not.toContain('json_object_agg');
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(t.db, sql`SELECT current_database() AS name`);
    const client = new pg.Client({ connectionString: `${process.env.TEST_POSTGRES_URL!.replace(/\/[^/]*$/, '')}/${name}` });
    await client.connect();
    try {
      const [statement] = sent;
      for (let i = 0; i < 12; i++) await client.query({ name: 'context_under_test', text: statement!.text, values: statement!.values });
      const { rows } = await client.query<{ generic: string; custom: string }>("SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name = 'context_under_test'");
      expect(rows.map((r) => ({ generic: Number(r.generic), custom: Number(r.custom) }))).toEqual([{ generic: 7, custom: 5 }]);
    } finally {
      await client.end();
    }
  });
});
