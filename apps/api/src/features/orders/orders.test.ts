import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepText } from '@pasar/core/checkout';
import { queryRows } from '../../db/client';
import { products } from '../../db/schema';
import { callbackSignature, SANDBOX_PRIVATE_KEY } from '../../integrations/payments/sandbox-gateway';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeCourier, makeProduct, type MadeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { InsufficientStock } from '../stock/stock.repository';
import { writePlacedOrder } from './orders.repository';

let t: TestApp;
/** Products made for this file (test/factories.ts), each with the trait its tests are about. */
let p: Record<'plain' | 'variants' | 'lowStock' | 'otherOrigin' | 'inactive' | 'contested', MadeProduct>;
let local: LocalCourierOption;

const stockOf = async (pid: number) => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, pid)))[0]!.s;

beforeAll(async () => {
  t = await createTestApp();
  await allowManyUnpaidOrders(t.db);
  // The store's own district, where the local courier delivers; another district for the one-origin rule.
  const home = (await makeBusiness(t.db)).id;
  const elsewhere = (await makeBusiness(t.db, { district_id: 327314, district_name: 'Cibeunying Kidul' })).id;
  const levelPedas = { name: 'Level pedas', values: ['Original', 'Pedas', 'Extra pedas'] };
  p = {
    plain: await makeProduct(t.db, { business_id: home, price: 14000, stock: 40 }),
    variants: await makeProduct(t.db, {
      business_id: home,
      variants: [{ label: '150 g', price: 15000, stock: 30 }, { label: '300 g', price: 27000, stock: 12 }, { label: '500 g', price: 42000, stock: 6 }],
      option_groups: [levelPedas],
    }),
    lowStock: await makeProduct(t.db, { business_id: home, price: 35000, stock: 3, option_groups: [levelPedas] }),
    otherOrigin: await makeProduct(t.db, { business_id: elsewhere, price: 450000, stock: 5 }),
    inactive: await makeProduct(t.db, { business_id: home, price: 28000, stock: 10, is_active: false }),
    contested: await makeProduct(t.db, { business_id: home, price: 16000, stock: 27, discount: 5 }),
  };
  local = await localCourierOption(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A guest order that also sends the prices, totals and courier cost a client might make up: the server ignores them. */
function payload(over: Record<string, unknown> = {}) {
  const order = guestOrderPayload({ productId: p.plain.id, quantity: 2, local });
  return {
    ...order,
    order_items: order.order_items.map((item) => ({ ...item, price: 1 })),
    shipping_courier: 'Kurir lokal',
    shipping_service: 'same-day',
    shipping_cost_breakdown: { ...order.shipping_cost_breakdown, cost: 1 },
    total_amount: 1,
    ...over,
  };
}

const order = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: body as Record<string, unknown>, headers });

describe(`placing orders (${testEngine})`, () => {
  it('offers local couriers only inside the store city, cheapest first', async () => {
    expect(local.effective_price).toBeGreaterThan(0);
    // Cileunyi (320405) in Kabupaten Bandung (3204), next to the store's Kota Bandung.
    const outside = await t.app.inject({ method: 'GET', url: '/api/v1/couriers/local-options?district_id=320405&city_id=3204' });
    expect(outside.json().data.options).toEqual([]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/couriers/local-options?district_id=327319&city_id=3273' })).json().data.options;
    expect(all.map((o: { effective_price: number }) => o.effective_price)).toEqual([...all.map((o: { effective_price: number }) => o.effective_price)].sort((a, b) => a - b));
  });

  it("charges a local courier of the store's city or of no city, at the district's price over its region-wide one, and refuses another city's", async () => {
    // Checkout reads the couriers' prices with its context (issue 15); the store's city is applied after.
    const district = { district_id: 327319 };
    const anyCity = await makeCourier(t.db, { city_id: null, prices: [{ ...district, base_price: 61000 }] });
    const twoPrices = await makeCourier(t.db, { prices: [{ district_id: null, region: 'Kota Bandung', base_price: 40000 }, { ...district, base_price: 52000, min_price: 53000 }] });
    // Kabupaten Bandung's courier, with a price for the store's district all the same.
    const otherCity = await makeCourier(t.db, { city_id: 3204, prices: [{ ...district, base_price: 30000 }] });
    const viaCourier = (courier: { id: number }, priceId: number) =>
      order(payload({ shipping_cost_breakdown: { type: 'local_courier', courier_id: courier.id, price_id: priceId, cost: 1 } }));
    const any = await viaCourier(anyCity, anyCity.priceIds[0]!);
    expect(any.statusCode, any.body).toBe(201);
    expect(any.json().data.shipping_cost).toBe(61000);
    const exact = await viaCourier(twoPrices, twoPrices.priceIds[1]!);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data.shipping_cost).toBe(53000);
    expect((await viaCourier(twoPrices, twoPrices.priceIds[0]!)).json().error).toBe('Layanan pengiriman yang dipilih tidak tersedia. Pilih ulang layanan pengiriman.');
    const refused = await viaCourier(otherCity, otherCity.priceIds[0]!);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('Layanan pengiriman yang dipilih tidak tersedia. Pilih ulang layanan pengiriman.');
  });

  it('places a guest order with the server figures, ignoring client prices and totals', async () => {
    const before = await stockOf(p.plain.id);
    const res = await order(payload());
    expect(res.statusCode).toBe(201);
    const o = res.json().data;
    expect(o).toMatchObject({ status: 'pending', payment_status: 'unpaid', guest_email: 'tamu@contoh.id', user_id: null, subtotal_amount: 28000, shipping_cost: local.effective_price, payment_fee: 0 });
    expect(o.total_amount).toBe(28000 + local.effective_price);
    expect(o.order_items[0]).toMatchObject({ quantity: 2, price: 14000, line_total: 28000 });
    expect(o.payment).toMatchObject({ provider: 'manual', reference: `MAN-${o.id}`, amount: o.total_amount });
    expect(o.payment.instructions[0].steps.map(stepText).join(' ')).toContain('0001234567890');
    expect(await stockOf(p.plain.id)).toBe(before - 2);
  });

  it('prices variants and discounts itself and checks options', async () => {
    const res = await order(payload({ order_items: [{ product_id: p.variants.id, quantity: 1, variant_label: '300 g', selected_options: [{ group: 'Level pedas', value: 'Pedas' }], price: 5 }] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order_items[0]).toMatchObject({ variant_label: '300 g', price: 27000, selected_options: [{ group: 'Level pedas', value: 'Pedas' }] });
    const badOption = await order(payload({ order_items: [{ product_id: p.variants.id, quantity: 1, variant_label: '300 g', selected_options: [{ group: 'Level pedas', value: 'Gila' }] }] }));
    expect(badOption.statusCode).toBe(422);
    expect(badOption.json().error).toBe(`Pilihan "Level pedas: Gila" tidak tersedia untuk ${p.variants.name}.`);
    const badVariant = await order(payload({ order_items: [{ product_id: p.variants.id, quantity: 1, variant_label: '2 kg' }] }));
    expect(badVariant.json().error).toBe(`Ukuran "2 kg" tidak tersedia untuk ${p.variants.name}.`);
    const noVariant = await order(payload({ order_items: [{ product_id: p.variants.id, quantity: 1 }] }));
    expect(noVariant.json().error).toBe(`Pilih ukuran untuk ${p.variants.name}.`);
  });

  it('refuses unknown and inactive products, and quantities above stock', async () => {
    expect((await order(payload({ order_items: [{ product_id: 999999, quantity: 1 }] }))).json().error).toBe('Produk #999999 tidak ditemukan atau sudah tidak dijual.');
    expect((await order(payload({ order_items: [{ product_id: p.inactive.id, quantity: 1 }] }))).statusCode).toBe(422);
    const before = await stockOf(p.lowStock.id);
    const tooMany = await order(payload({ order_items: [{ product_id: p.lowStock.id, quantity: before + 1 }] }));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe(`Stok ${p.lowStock.name} tidak mencukupi. Tersisa ${before}.`);
    expect(await stockOf(p.lowStock.id)).toBe(before);
  });

  it('applies the checkout rules in their order with their messages', async () => {
    expect((await order(payload({ order_items: [] }))).json().error).toBe('Keranjang Anda masih kosong. Tambahkan produk sebelum checkout.');
    expect((await order(payload({ shipping_phone: '' }))).json().error).toBe('Lengkapi seluruh informasi pengiriman yang wajib diisi.');
    expect((await order(payload({ shipping_district_id: null }))).json().error).toBe('Pilih provinsi, kota/kabupaten, dan kecamatan tujuan pengiriman.');
    // Rule 4 no longer refuses (decision 049): two origins are one order with two shipments, each by the chosen courier.
    const mixed = await order(payload({ order_items: [{ product_id: p.plain.id, quantity: 1 }, { product_id: p.otherOrigin.id, quantity: 1 }] }));
    expect(mixed.statusCode, mixed.body).toBe(201);
    expect(mixed.json().data.shipments).toHaveLength(2);
    expect((await order(payload({ guest_email: '' }))).json().error).toBe('Email dibutuhkan untuk pesanan tamu.');
    expect((await order(payload({ shipping_cost_breakdown: null }))).json().error).toBe('Pilih layanan pengiriman sebelum melanjutkan.');
    const tampered = await order(payload({ shipping_cost_breakdown: { type: 'local_courier', courier_id: local.courier_id, price_id: 999999, cost: 0 } }));
    expect(tampered.json().error).toBe('Layanan pengiriman yang dipilih tidak tersedia. Pilih ulang layanan pengiriman.');
  });

  it('quotes and re-prices national shipping on the server', async () => {
    const quote = await t.app.inject({ method: 'POST', url: '/api/v1/shipping/cost', payload: { origin_district_id: 327319, destination_district_id: 317101, weight: 1000, courier: 'jne:sicepat:jnt' } });
    const options = quote.json().data.options;
    expect(options.length).toBeGreaterThan(2);
    const jne = options.find((o: { courier_code: string; service: string }) => o.courier_code === 'jne' && o.service === 'REG');
    const res = await order(
      payload({
        shipping_province_id: 31,
        shipping_city_id: 3171,
        shipping_district_id: 317101,
        order_items: [{ product_id: p.plain.id, quantity: 2 }],
        shipping_courier: 'jne',
        shipping_service: 'REG',
        shipping_cost_breakdown: { type: 'rajaongkir', cost: 1 },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shipping_cost).toBe(jne.cost);
    // The payload still carries Bandung's names (payload()): the order keeps the area data's names of the ids.
    expect(res.json().data).toMatchObject({ shipping_province: 'DKI Jakarta', shipping_city: 'Kota Administrasi Jakarta Pusat', shipping_district: 'Gambir' });
  });

  // Issue 14: Jayapura Utara (917101) is in Kota Jayapura (9171), Papua (91), not in the store's city.
  const papua = { shipping_province_id: 32, shipping_city_id: 3273, shipping_district_id: 917101, shipping_district: 'Jayapura Utara' };
  const districtNotInCity = 'Kecamatan tidak berada di kota/kabupaten yang dipilih.';

  it('refuses a local courier for a district outside the store city sent with the store city id (issue 14)', async () => {
    const before = await stockOf(p.plain.id);
    const res = await order(payload(papua));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_ERROR', error: districtNotInCity, fields: { shipping_district_id: districtNotInCity } });
    expect(await stockOf(p.plain.id)).toBe(before);
  });

  it('refuses a national order whose district is not in its city, or whose city is not in its province (issue 14)', async () => {
    const national = { shipping_courier: 'jne', shipping_service: 'REG', shipping_cost_breakdown: { type: 'rajaongkir', cost: 1 } };
    const res = await order(payload({ ...papua, ...national }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: districtNotInCity, fields: { shipping_district_id: districtNotInCity } });
    const papuaProvince = await order(payload({ ...national, shipping_province_id: 91, shipping_city_id: 3273, shipping_district_id: 327319 }));
    expect(papuaProvince.statusCode).toBe(400);
    expect(papuaProvince.json().fields).toEqual({ shipping_city_id: 'Kota/kabupaten tidak berada di provinsi yang dipilih.' });
  });

  it('refuses unknown province, city and district ids on their fields (issue 14)', async () => {
    const fieldsOf = async (over: Record<string, unknown>) => {
      const res = await order(payload(over));
      expect(res.statusCode).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    expect(await fieldsOf({ shipping_province_id: 99 })).toEqual({ shipping_province_id: 'Provinsi tidak dikenal.' });
    expect(await fieldsOf({ shipping_city_id: 3299 })).toEqual({ shipping_city_id: 'Kota/kabupaten tidak dikenal.' });
    expect(await fieldsOf({ shipping_district_id: 327399 })).toEqual({ shipping_district_id: 'Kecamatan tidak dikenal.' });
  });

  it('sells exactly the stock to 30 concurrent buyers of 5 units', async () => {
    const pid = p.contested.id;
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, pid));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => order(payload({ guest_email: `buyer${i}@contoh.id`, order_items: [{ product_id: pid, quantity: 1 }] }))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(25);
    expect(await stockOf(pid)).toBe(0);
    const sold = await queryRows<{ n: number }>(t.db, sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM order_items WHERE product_id = ${pid}`);
    expect(sold[0]!.n).toBe(5);
  });

  it('creates one order for a double submit with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': 'checkout-attempt-0001' };
    const first = await order(payload(), key);
    const second = await order(payload(), key);
    expect(first.json().data.id).toBe(second.json().data.id);
    const racing = await Promise.all([order(payload(), { 'idempotency-key': 'race-0002-abc' }), order(payload(), { 'idempotency-key': 'race-0002-abc' })]);
    expect(new Set(racing.map((r) => r.json().data?.id)).size).toBe(1);
    const count = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key IN ('checkout-attempt-0001', 'race-0002-abc')`);
    expect(count[0]!.n).toBe(2);
  });

  it('lets customers read only their own orders, and guests look up with their e-mail', async () => {
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    const mine = await order(payload({ guest_email: null, user_id: 1 }), customer);
    expect(mine.statusCode).toBe(201);
    const o = mine.json().data;
    expect(o.user_id).not.toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/orders/mine', headers: customer });
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([o.id]);
    const other = await signIn(t.app, demoAccounts.operator.username, demoAccounts.operator.password);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/mine/${o.id}`, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/mine/${o.id}`, headers: customer })).statusCode).toBe(200);
    const guest = (await order(payload())).json().data;
    const lookup = (email: string, orderId = guest.id) => t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload: { order_id: orderId, email } });
    expect((await lookup('TAMU@contoh.id')).statusCode).toBe(200);
    expect((await lookup('orang@lain.id')).statusCode).toBe(404);
    expect((await lookup('tamu@contoh.id', o.id)).statusCode).toBe(404);
  });
});

describe(`online payment through the sandbox gateway (${testEngine})`, () => {
  const callback = (body: Record<string, unknown>, signature?: string) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/tripay/callback',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-callback-event': 'payment_status', 'x-callback-signature': signature ?? callbackSignature(raw, SANDBOX_PRIVATE_KEY) },
    });
  };

  it('adds the channel fee, verifies signatures, and is idempotent', async () => {
    const channels = (await t.app.inject({ method: 'GET', url: '/api/v1/payments/tripay/channels' })).json().data.channels;
    expect(channels.map((c: { code: string }) => c.code)).toContain('QRIS');
    const res = await order(payload({ payment_method: 'tripay:QRIS' }));
    expect(res.statusCode).toBe(201);
    const o = res.json().data;
    expect(o.payment_fee).toBe(Math.round(750 + ((o.subtotal_amount + o.shipping_cost) * 0.7) / 100));
    expect(o.payment.pay_url).toContain(`/api/v1/payments/sandbox/pay/${o.payment.reference}`);

    const body = { reference: o.payment.reference, merchant_ref: `ORD-${o.id}`, status: 'PAID', paid_at: 1795000000 };
    const bad = await callback(body, 'deadbeef');
    expect(bad.statusCode).toBe(403);
    const good = await callback(body);
    expect(good.json()).toEqual({ success: true });
    const replay = await callback(body);
    expect(replay.json()).toEqual({ success: true });
    const expiredAfterPaid = await callback({ ...body, status: 'EXPIRED' });
    expect(expiredAfterPaid.statusCode).toBe(200);
    const found = (await t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload: { order_id: o.id, email: 'tamu@contoh.id' } })).json().data;
    expect(found).toMatchObject({ payment_status: 'paid', status: 'pending' });
  });

  it('cancels an expired payment and returns its stock once', async () => {
    const pid = p.plain.id;
    const before = await stockOf(pid);
    const o = (await order(payload({ payment_method: 'tripay:BRIVA', order_items: [{ product_id: pid, quantity: 3 }] }))).json().data;
    expect(await stockOf(pid)).toBe(before - 3);
    const body = { reference: o.payment.reference, merchant_ref: `ORD-${o.id}`, status: 'EXPIRED' };
    await callback(body);
    await callback(body);
    expect(await stockOf(pid)).toBe(before);
    const found = (await t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload: { order_id: o.id, email: 'tamu@contoh.id' } })).json().data;
    expect(found).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
  });

  it('pays through the local pay page', async () => {
    const o = (await order(payload({ payment_method: 'tripay:QRIS' }))).json().data;
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/payments/sandbox/pay/${o.payment.reference}` });
    expect(page.body).toContain('Bayar sekarang');
    const pay = await t.app.inject({ method: 'POST', url: `/api/v1/payments/sandbox/pay/${o.payment.reference}`, payload: 'action=pay', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' } });
    expect(pay.statusCode).toBe(303);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/payments/sandbox/pay/${o.payment.reference}` });
    // Issue 16: the states in Indonesian by core's labels, and the way back to the order and the shop.
    expect(after.body).toContain('<dd data-testid="pay-status">Sudah dibayar</dd>');
    expect(after.body).toContain('<dd data-testid="order-status">Menunggu konfirmasi</dd>');
    expect(after.body).toContain(`href="${o.order_url}">Lihat halaman pesanan</a>`);
    expect(after.body).toContain('href="/">Kembali ke toko</a>');
    expect(after.body).not.toMatch(/Status: |sandbox/i);
  });
});

describe(`writing a placed order with its stock in one statement (${testEngine})`, () => {
  /** An order of plain × 1 and the 500 g size × `sized`, its payment and its e-mail, as checkout hands them over. */
  async function placed(sized: number) {
    const [ids] = await queryRows<{ order_id: number; item_ids: number[] | string }>(
      t.db,
      sql`SELECT nextval('orders_id_seq')::int AS order_id, ARRAY[nextval('order_items_id_seq')::int, nextval('order_items_id_seq')::int] AS item_ids`,
    );
    const orderId = ids!.order_id;
    const itemIds = (typeof ids!.item_ids === 'string' ? ids!.item_ids.replace(/[{}]/g, '').split(',') : ids!.item_ids).map(Number);
    const now = new Date();
    return {
      orderId,
      placed: {
        order: { id: orderId, guest_email: 'satu@contoh.id', total_amount: 14000 + 42000 * sized, shipping_cost_breakdown: { type: 'local_courier', cost: 0 }, created_at: now, updated_at: now },
        items: [
          { id: itemIds[0]!, order_id: orderId, product_id: p.plain.id, product_name: p.plain.name, variant_label: null, selected_options: [], quantity: 1, price: 14000, line_total: 14000 },
          { id: itemIds[1]!, order_id: orderId, product_id: p.variants.id, product_name: p.variants.name, variant_label: '500 g', selected_options: [{ group: 'Level pedas', value: 'Pedas' }], quantity: sized, price: 42000, line_total: 42000 * sized },
        ],
        payment: { order_id: orderId, provider: 'manual', reference: `SATU-${orderId}`, merchant_ref: `ORD-${orderId}`, payment_name: 'Transfer bank', amount: 14000 + 42000 * sized, expires_at: now, bank_accounts: [{ bank_name: 'BCA', account_number: '1', account_name: 'Toko' }] },
        mails: [{ kind: 'order_created', order_id: orderId, to_address: 'satu@contoh.id', subject: 'Pesanan', text_body: 'teks', html_body: '<p>teks</p>', status: 'kept' }],
      },
      lines: [
        { productId: p.plain.id, variantLabel: null, quantity: 1, name: p.plain.name },
        { productId: p.variants.id, variantLabel: '500 g', quantity: sized, name: `${p.variants.name} 500 g` },
      ],
    };
  }
  const written = async (orderId: number) => {
    const [row] = await queryRows<{ orders: number; items: number; payments: number; mails: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM orders WHERE id = ${orderId}) AS orders, (SELECT count(*)::int FROM order_items WHERE order_id = ${orderId}) AS items,
                 (SELECT count(*)::int FROM payments WHERE order_id = ${orderId}) AS payments, (SELECT count(*)::int FROM mail_outbox WHERE order_id = ${orderId}) AS mails`,
    );
    return row;
  };
  const sizeStock = async () => (await queryRows<{ stock: number }>(t.db, sql`SELECT stock FROM product_variants WHERE product_id = ${p.variants.id} AND label = '500 g'`))[0]!.stock;

  it('writes nothing and takes no stock when a line is short, and names that line', async () => {
    const plainBefore = await stockOf(p.plain.id);
    const variantsBefore = await stockOf(p.variants.id);
    const sizeBefore = await sizeStock();
    const { orderId, placed: order, lines } = await placed(sizeBefore + 1);
    const attempt = writePlacedOrder(t.db, order, lines);
    await expect(attempt).rejects.toBeInstanceOf(InsufficientStock);
    await expect(attempt).rejects.toMatchObject({ line: { productId: p.variants.id, variantLabel: '500 g' } });
    expect(await written(orderId)).toEqual({ orders: 0, items: 0, payments: 0, mails: 0 });
    expect([await stockOf(p.plain.id), await stockOf(p.variants.id), await sizeStock()]).toEqual([plainBefore, variantsBefore, sizeBefore]);
  });

  it('writes the order, its items, payment and e-mail as given and takes the stock of every line', async () => {
    const plainBefore = await stockOf(p.plain.id);
    const sizeBefore = await sizeStock();
    const { orderId, placed: order, lines } = await placed(1);
    await writePlacedOrder(t.db, order, lines);
    expect(await written(orderId)).toEqual({ orders: 1, items: 2, payments: 1, mails: 1 });
    expect([await stockOf(p.plain.id), await sizeStock()]).toEqual([plainBefore - 1, sizeBefore - 1]);
    const [row] = await queryRows<{ breakdown: unknown; options: unknown; accounts: unknown; status: string; created: string }>(
      t.db,
      sql`SELECT o.shipping_cost_breakdown AS breakdown, i.selected_options AS options, pay.bank_accounts AS accounts, o.status, o.created_at::text AS created
          FROM orders o JOIN order_items i ON i.order_id = o.id AND i.variant_label = '500 g' JOIN payments pay ON pay.order_id = o.id WHERE o.id = ${orderId}`,
    );
    // JSON as JSON, not as a quoted string; the defaults the row left out filled in.
    expect(row).toMatchObject({ breakdown: { type: 'local_courier', cost: 0 }, options: [{ group: 'Level pedas', value: 'Pedas' }], accounts: [{ bank_name: 'BCA', account_number: '1', account_name: 'Toko' }], status: 'pending' });
    expect(new Date(row!.created.replace(' ', 'T').replace(/\+00$/, 'Z')).getTime()).toBe(order.order.created_at.getTime());
  });
});
