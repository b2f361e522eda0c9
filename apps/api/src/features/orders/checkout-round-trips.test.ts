/**
 * Issue 15: a checkout costs at most 8 database round trips, whatever the engine. Every statement a
 * request sends (BEGIN and COMMIT included) is counted at the driver: node-postgres' client query,
 * or PGlite's one entry point for a query or exec. The answer built in memory must equal the order
 * as read back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pasar/core/checkout';
import { queryRows } from '../../db/client';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct, type MadeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { countRoundTrips } from '../../test/round-trips';

const MAX_ROUND_TRIPS = 8;
/** What a checkout costs now (decision 036: the context read, then one statement that writes and takes the stock): a change that adds one shows here. */
const GUEST_ROUND_TRIPS = 2;
const SIGNED_IN_ROUND_TRIPS = 3;

let t: TestApp;
let local: LocalCourierOption;
let plain: MadeProduct;
let second: MadeProduct;
let sized: MadeProduct;

const place = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: body as Record<string, unknown>, headers });

beforeAll(async () => {
  t = await createTestApp();
  await allowManyUnpaidOrders(t.db);
  const home = (await makeBusiness(t.db)).id;
  plain = await makeProduct(t.db, { business_id: home, price: 12000, stock: 50 });
  second = await makeProduct(t.db, { business_id: home, price: 8000, stock: 50, discount: 10 });
  sized = await makeProduct(t.db, {
    business_id: home,
    variants: [
      { label: 'S', price: 20000, stock: 5 },
      { label: 'L', price: 30000, stock: 1 },
    ],
    option_groups: [{ name: 'Warna', values: ['Merah', 'Biru'] }],
  });
  local = await localCourierOption(t.app);
  // The first order warms what a running server has already loaded (the payment providers, the area data).
  expect((await place(guestOrderPayload({ productId: plain.id, quantity: 1, local }))).statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe(`checkout round trips (${testEngine})`, () => {
  it(`places a guest's order of several lines in at most ${MAX_ROUND_TRIPS} round trips`, async () => {
    const body = {
      ...guestOrderPayload({ productId: plain.id, quantity: 2, local, email: 'hitung@contoh.id' }),
      order_items: [
        { product_id: plain.id, quantity: 2 },
        { product_id: second.id, quantity: 3 },
        { product_id: sized.id, quantity: 1, variant_label: 'S', selected_options: [{ group: 'Warna', value: 'Biru' }] },
      ],
    };
    const { result: res, trips } = await countRoundTrips(() => place(body, { 'idempotency-key': 'hitung-perjalanan-1' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(trips).toBeGreaterThan(0);
    expect(trips).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    expect(trips).toBeLessThanOrEqual(GUEST_ROUND_TRIPS);
    const order = (res.json() as { data: Order }).data;
    expect(order.order_items).toHaveLength(3);
    // The answer is built from what was written: it must be the order as stored.
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/access/${order.order_url!.split('/').pop()}` });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as { data: Order }).data).toEqual(order);
    // Its two e-mails were queued with it.
    const mails = await queryRows<{ kind: string }>(t.db, sql`SELECT kind FROM mail_outbox WHERE order_id = ${order.id} ORDER BY kind`);
    expect(mails.map((m) => m.kind)).toEqual(['order_created', 'order_created_store']);
  });

  it(`places a signed-in customer's order in at most ${MAX_ROUND_TRIPS} round trips`, async () => {
    const auth = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    const { guest_email: _guest, ...body } = guestOrderPayload({ productId: second.id, quantity: 1, local });
    const { result: res, trips } = await countRoundTrips(() => place(body, auth));
    expect(res.statusCode, res.body).toBe(201);
    expect(trips).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    expect(trips).toBeLessThanOrEqual(SIGNED_IN_ROUND_TRIPS);
  });

  it('places a cart of four origins by local courier in as many round trips as one origin (decision 049)', async () => {
    const others = [];
    for (const district of [
      { district_id: 327314, district_name: 'Cibeunying Kidul' },
      { district_id: 327322, district_name: 'Buahbatu' },
      { district_id: 327302, district_name: 'Coblong' },
    ]) {
      others.push(await makeProduct(t.db, { business_id: (await makeBusiness(t.db, district)).id, price: 9000, stock: 50 }));
    }
    const body = {
      ...guestOrderPayload({ productId: plain.id, quantity: 1, local, email: 'empat-asal@contoh.id' }),
      order_items: [plain, ...others].map((p) => ({ product_id: p.id, quantity: 1 })),
    };
    const { result: res, trips } = await countRoundTrips(() => place(body));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { data: Order }).data.shipments).toHaveLength(4);
    expect(trips).toBeLessThanOrEqual(GUEST_ROUND_TRIPS);
    // By a national courier each origin reads its rates once: still within issue 15's budget.
    const national = { ...body, guest_email: 'empat-asal-jne@contoh.id', shipping_province_id: 31, shipping_city_id: 3171, shipping_district_id: 317101, shipping_courier: 'jne', shipping_service: 'REG', shipping_cost_breakdown: { type: 'rajaongkir' } };
    const far = await countRoundTrips(() => place(national));
    expect(far.result.statusCode, far.result.body).toBe(201);
    expect(far.trips).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it('answers a repeated Idempotency-Key with the first order', async () => {
    const body = guestOrderPayload({ productId: plain.id, quantity: 1, local, email: 'ulang@contoh.id' });
    const first = await place(body, { 'idempotency-key': 'ulang-perjalanan-1' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await place(body, { 'idempotency-key': 'ulang-perjalanan-1' });
    expect((again.json() as { data: Order }).data).toEqual((first.json() as { data: Order }).data);
  });
});
