/**
 * Issue 28 (docs/decisions/049-one-payment-many-shipments.md): a cart from several origins is one
 * order and one payment with one shipment per origin; the caps count payments; the order carries the
 * prices and total the shopper saw (409 otherwise) and the kode unik the quote showed; a stale session
 * is told to sign in; a "hanya kirim lokal" product never travels with a national courier.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderQuote } from '@pasar/core/checkout';
import { defaultPaymentSettings, paymentMessages, uniqueCodeFor } from '@pasar/core/payments';
import { queryRows } from '../../db/client';
import { products } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct, type MadeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { getSetting, putSetting } from '../settings/settings.repository';

let t: TestApp;
let local: LocalCourierOption;
/** One product from each of four partners in four kecamatan of Bandung. */
let four: MadeProduct[];
let businessNames: string[];
let cold: MadeProduct;

const jakarta = { shipping_province_id: 31, shipping_province: 'DKI Jakarta', shipping_city_id: 3171, shipping_city: 'Jakarta Selatan', shipping_district_id: 317101, shipping_district: 'Jagakarsa' };
const jne = { shipping_courier: 'jne', shipping_service: 'REG', shipping_cost_breakdown: { type: 'rajaongkir' } };

const post = (url: string, body: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body as Record<string, unknown>, headers });

/** A guest's cart of the four partners' products, one of each, by JNE REG to Jakarta. */
function fourOriginPayload(email: string, over: Record<string, unknown> = {}) {
  return {
    ...guestOrderPayload({ productId: four[0]!.id, quantity: 1, local, email }),
    ...jakarta,
    ...jne,
    order_items: four.map((p) => ({ product_id: p.id, quantity: 1 })),
    ...over,
  };
}

async function setPayments(over: Record<string, unknown>) {
  const current = (await getSetting(t.db, 'payments')) ?? defaultPaymentSettings;
  await putSetting(t.db, 'payments', { ...current, ...over });
}

beforeAll(async () => {
  t = await createTestApp();
  await allowManyUnpaidOrders(t.db);
  const districts = [
    { district_id: 327319, district_name: 'Sumur Bandung' },
    { district_id: 327314, district_name: 'Cibeunying Kidul' },
    { district_id: 327322, district_name: 'Buahbatu' },
    { district_id: 327302, district_name: 'Coblong' },
  ];
  const businesses = [];
  for (const d of districts) businesses.push(await makeBusiness(t.db, d));
  businessNames = businesses.map((b) => b.name);
  four = [];
  for (const [i, b] of businesses.entries()) four.push(await makeProduct(t.db, { business_id: b.id, price: 10000 * (i + 1), stock: 100 }));
  cold = await makeProduct(t.db, { business_id: businesses[1]!.id, name: 'Es Puter Durian', price: 25000, stock: 50, local_only: true, notes: 'Kirim lokal saja (produk dingin)' });
  local = await localCourierOption(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe(`one payment, one shipment per origin (${testEngine})`, () => {
  it('places a cart of four origins as one order and one payment with four shipments', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM payments`);
    const res = await post('/orders', fourOriginPayload('empat@contoh.id'));
    expect(res.statusCode, res.body).toBe(201);
    const order = (res.json() as { data: Order }).data;
    expect(order.order_items).toHaveLength(4);
    expect(order.shipments).toHaveLength(4);
    expect(order.shipments.map((s) => s.origin_district_id)).toEqual([327319, 327314, 327322, 327302]);
    expect(order.shipments.map((s) => s.origin_label)).toEqual(businessNames);
    expect(order.shipments.every((s) => s.kind === 'national' && s.courier_code === 'jne' && s.courier_name === 'JNE' && s.service === 'REG' && s.status === 'packing')).toBe(true);
    // Each line ships once, with its own partner's shipment.
    expect(order.shipments.map((s) => s.item_ids)).toEqual(order.order_items.map((i) => [i.id]));
    expect(order.order_items.map((i) => i.shipment_id)).toEqual(order.shipments.map((s) => s.id));
    expect(order.shipping_cost).toBe(order.shipments.reduce((sum, s) => sum + s.cost, 0));
    expect(order.total_amount).toBe(order.subtotal_amount + order.shipping_cost + order.payment_fee + order.unique_code);
    expect(order.payment?.amount).toBe(order.total_amount);
    const after = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM payments`);
    expect(after[0]!.n - before[0]!.n).toBe(1);
    // The answer built in memory is the order as stored.
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/access/${order.order_url!.split('/').pop()}` });
    expect((read.json() as { data: Order }).data).toEqual(order);
  });

  it('quotes each group from its own origin, with its own weight and courier choice', async () => {
    const body = fourOriginPayload('pilih@contoh.id', {
      order_items: [
        { product_id: four[0]!.id, quantity: 3 },
        { product_id: four[1]!.id, quantity: 1 },
      ],
      shipments: [{ origin_district_id: 327314, shipping_courier: 'pos', shipping_service: 'Pos Kilat Khusus', shipping_cost_breakdown: { type: 'rajaongkir' } }],
    });
    const quoted = await post('/shipping/cost', { origin_district_id: 327314, destination_district_id: 317101, weight: 500, courier: 'pos' });
    const pos = (quoted.json().data.options as { service: string; cost: number }[]).find((o) => o.service === 'Pos Kilat Khusus');
    if (!pos) return void expect.fail(`no Pos Kilat Khusus quote: ${quoted.body}`);
    const heavy = await post('/shipping/cost', { origin_district_id: 327319, destination_district_id: 317101, weight: 1500, courier: 'jne' });
    const jneHeavy = (heavy.json().data.options as { service: string; cost: number }[]).find((o) => o.service === 'REG');
    const res = await post('/orders', body);
    expect(res.statusCode, res.body).toBe(201);
    const order = (res.json() as { data: Order }).data;
    expect(order.shipments[0]!.cost).toBe(jneHeavy?.cost);
    expect(order.shipments.map((s) => [s.courier_name, s.service])).toEqual([
      ['JNE', 'REG'],
      ['POS Indonesia', 'Pos Kilat Khusus'],
    ]);
    expect(order.shipments[1]!.cost).toBe(pos.cost);
  });

  it('counts a cart of four origins as one unpaid order against the caps', async () => {
    await setPayments({ max_unpaid_per_email: 2 });
    try {
      const email = 'batas@contoh.id';
      expect((await post('/orders', fourOriginPayload(email))).statusCode).toBe(201);
      expect((await post('/orders', fourOriginPayload(email, { shipping_address: 'Jl. Lain No. 2' }))).statusCode).toBe(201);
      const third = await post('/orders', fourOriginPayload(email, { shipping_address: 'Jl. Ketiga No. 3' }));
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe(paymentMessages.tooManyUnpaidEmail(2));
    } finally {
      await setPayments({ max_unpaid_per_email: 100 });
    }
  });
});

describe(`checkout integrity (${testEngine})`, () => {
  it('answers 409 with old and new prices when a price rose after the quote, writing nothing', async () => {
    const product = await makeProduct(t.db, { price: 70000, stock: 20 });
    const body = { ...guestOrderPayload({ productId: product.id, quantity: 2, local, email: 'harga@contoh.id' }) };
    const quote = (await post('/orders/quote', body)).json().data as OrderQuote;
    expect(quote.lines[0]!.price).toBe(70000);
    await t.db.update(products).set({ price: 95000 }).where(eq(products.id, product.id));
    const seen = { ...body, order_items: [{ product_id: product.id, quantity: 2, price: 70000 }], expected_total: quote.total_amount, quote_token: quote.quote_token };
    const stale = await post('/orders', seen);
    expect(stale.statusCode, stale.body).toBe(409);
    const conflict = stale.json();
    expect(conflict).toMatchObject({ success: false, code: 'PRICE_CHANGED', prices: [{ product_id: product.id, variant_label: null, name: product.name, price_seen: 70000, price: 95000 }] });
    expect(conflict.total_amount).toBe(quote.total_amount + 2 * 25000);
    const written = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM order_items WHERE product_id = ${product.id}`);
    expect(written[0]!.n).toBe(0);
    // Placed again with what the page now shows, it goes through at the new total.
    const again = await post('/orders', { ...seen, order_items: [{ product_id: product.id, quantity: 2, price: 95000 }], expected_total: conflict.total_amount, quote_token: conflict.quote_token });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.total_amount).toBe(conflict.total_amount);
  });

  it('answers 409 when only the total differs, and keeps the spec payload without expected_total working', async () => {
    const body = guestOrderPayload({ productId: four[0]!.id, quantity: 1, local, email: 'total@contoh.id' });
    const wrongTotal = await post('/orders', { ...body, order_items: [{ product_id: four[0]!.id, quantity: 1, price: 10000 }], expected_total: 1 });
    expect(wrongTotal.statusCode).toBe(409);
    expect(wrongTotal.json().code).toBe('PRICE_CHANGED');
    expect((await post('/orders', { ...body, total_amount: 1 })).statusCode).toBe(201);
  });

  it('shows the kode unik before placing, and the order uses that one', async () => {
    await setPayments({ unique_code_enabled: true });
    try {
      const body = fourOriginPayload('kode@contoh.id');
      const quote = (await post('/orders/quote', body)).json().data as OrderQuote;
      expect(quote.unique_code).toBeGreaterThan(0);
      expect(quote.shipments).toHaveLength(4);
      expect(quote.total_amount).toBe(quote.subtotal_amount + quote.shipping_cost + quote.payment_fee + quote.unique_code);
      const res = await post('/orders', { ...body, order_items: quote.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, price: l.price })), expected_total: quote.total_amount, quote_token: quote.quote_token });
      expect(res.statusCode, res.body).toBe(201);
      const order = (res.json() as { data: Order }).data;
      expect(order.unique_code).toBe(quote.unique_code);
      expect(order.total_amount).toBe(quote.total_amount);
      expect(uniqueCodeFor(order.id)).toBe(quote.unique_code);
      // A forged token is not an id of its own: the order takes a new id, and its new total is a 409 to confirm.
      const forged = `${order.id + 1000}.${Date.now() + 60_000}.${'A'.repeat(43)}`;
      const quoteAgain = (await post('/orders/quote', body)).json().data as OrderQuote;
      const replay = await post('/orders', { ...body, order_items: quoteAgain.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, price: l.price })), expected_total: quoteAgain.total_amount, quote_token: forged });
      if (replay.statusCode === 201) expect(replay.json().data.id).not.toBe(order.id + 1000);
      else expect(replay.json().code).toBe('PRICE_CHANGED');
    } finally {
      await setPayments({ unique_code_enabled: false });
    }
  });

  it('answers 401 to a signed-in checkout whose session expired, not the guest e-mail rule', async () => {
    const auth = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: auth });
    const { guest_email: _guest, ...body } = guestOrderPayload({ productId: four[0]!.id, quantity: 1, local });
    const res = await post('/orders', body, auth);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', error: 'Sesi Anda tidak valid atau telah berakhir. Silakan masuk kembali.' });
    // Without any token it is the spec's rule 5; with a guest e-mail the stale token does not matter.
    expect((await post('/orders', body)).json().error).toBe('Email dibutuhkan untuk pesanan tamu.');
    expect((await post('/orders', { ...body, guest_email: 'tamu-lagi@contoh.id' }, auth)).statusCode).toBe(201);
  });

  it('keeps "Hanya kirim lokal" on a product through the admin API and shows it in the catalogue', async () => {
    const admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
    const categoryId = (await t.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/' })).json().data[0].id as number;
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/products/', headers: admin, payload: { name: 'Es Lilin Kacang Hijau', price: 5000, stock: 10, category_id: categoryId, local_only: true } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${id}` })).json().data;
    expect((await read()).local_only).toBe(true);
    const current = await read();
    const updated = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: admin, payload: { name: current.name, price: 5000, stock: 10, category_id: categoryId, local_only: false, version: current.version } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await read()).local_only).toBe(false);
  });

  it('refuses a national courier for a group with a local-only product, naming it, and accepts a local courier', async () => {
    const body = { ...guestOrderPayload({ productId: cold.id, quantity: 1, local, email: 'dingin@contoh.id' }), ...jakarta, ...jne };
    const res = await post('/orders', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toBe(`Es Puter Durian hanya dikirim dengan kurir lokal. Pilih kurir lokal untuk kiriman dari ${businessNames[1]}.`);
    // The same refusal for the Papua order of the issue, and in a group choice of a multi-origin cart.
    const papua = await post('/orders', { ...body, shipping_province_id: 91, shipping_city_id: 9171, shipping_district_id: 917101 });
    expect(papua.statusCode).toBe(422);
    const local201 = await post('/orders', guestOrderPayload({ productId: cold.id, quantity: 1, local, email: 'dingin@contoh.id' }));
    expect(local201.statusCode, local201.body).toBe(201);
    expect(local201.json().data.shipments[0]).toMatchObject({ kind: 'local_courier', courier_code: null });
  });
});
