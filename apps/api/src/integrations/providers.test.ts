/**
 * The real RajaOngkir, Tripay and Midtrans clients against local fake servers that answer as the
 * providers document (docs/integrations.md §1, §2, §2b), including their error answers and a slow answer.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { payments, products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { makeProduct } from '../test/factories';
import { guestOrderPayload, localCourierOption } from '../test/orders';
import { callbackSignature } from './payments/sandbox-gateway';
import { tripaySignature } from './payments/tripay-client';
import { midtransSignature, midtransStatus } from './payments/midtrans-client';
import { createOrderPayment, refreshPaymentState } from '../features/payments/payments.service';
import { livePaymentProviders } from '../features/payments/payment-providers';
import { liveProvider } from './payments/registry';
import { parseEtd } from './shipping/rajaongkir-client';

function fakeServer(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void | Promise<void>) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => void handler(req, body, res));
  });
  return new Promise<{ url: string; close: () => Promise<void>; server: http.Server }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        server,
        close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
      }),
    ),
  );
}
const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('documented vectors and parsing', () => {
  it('computes the Tripay closed-payment signature of the documented test vector', () => {
    expect(tripaySignature('ytf6ooi2gmlNPfpchd94jDOk8hRWOu', 'T0001', 'INV55567', 1500000)).toBe('9f167eba844d1fcb369404e2bda53702e2f78f7aa12e91da6715414e65b8c86a');
  });
  it('reads RajaOngkir delivery estimates leniently', () => {
    expect(parseEtd('1-4 day')).toBe('1-4');
    expect(parseEtd('2 day')).toBe('2');
    expect(parseEtd('2-3 hari')).toBe('2-3');
    expect(parseEtd('')).toBe('');
    expect(parseEtd('0-0 day')).toBe('0');
  });
});

describe('RajaOngkir V2 client', () => {
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  let t: TestApp;
  let calls = 0;
  beforeAll(async () => {
    fake = await fakeServer(async (req, body, res) => {
      calls++;
      if (req.headers.key !== 'good-key') return json(res, 400, { meta: { message: 'Invalid Api key, key not found', code: 400, status: 'failed' }, data: null });
      if (req.url === '/destination/province') return json(res, 200, { meta: { message: 'Success Get Province', code: 200, status: 'success' }, data: [{ id: 6, name: 'JAWA BARAT' }, { id: 11, name: 'DKI JAKARTA' }] });
      if (req.url === '/destination/city/6') return json(res, 200, { meta: { code: 200, status: 'success', message: 'ok' }, data: [{ id: 55, name: 'BANDUNG', zip_code: '0' }] });
      if (req.url === '/destination/city/11') return json(res, 200, { meta: { code: 200, status: 'success', message: 'ok' }, data: [{ id: 152, name: 'JAKARTA PUSAT', zip_code: '0' }] });
      if (req.url === '/destination/district/55') return json(res, 200, { meta: { code: 200, status: 'success', message: 'Success Get District By City ID' }, data: [{ id: 1360, name: 'SUMUR BANDUNG', zip_code: '40111' }] });
      if (req.url === '/calculate/district/domestic-cost' && req.method === 'POST') {
        expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
        const form = new URLSearchParams(body);
        if (form.get('destination') === '9999') {
          await sleep(2000);
          return json(res, 200, { meta: { code: 200 }, data: [] });
        }
        if (form.get('destination') === '8888') return json(res, 400, { meta: { message: 'Calculate Domestic Shipping Cost not found', code: 400, status: 'failed' }, data: null });
        expect(form.get('weight')).toBe('1500');
        expect(form.get('courier')).toBe('jne:sicepat');
        return json(res, 200, {
          meta: { message: 'Success Calculate Domestic Shipping cost', code: 200, status: 'success' },
          data: [
            { name: 'Jalur Nugraha Ekakurir (JNE)', code: 'jne', service: 'REG', description: 'Layanan Reguler', cost: 36000, etd: '1-2 day' },
            { name: 'SiCepat Express', code: 'sicepat', service: 'BEST', description: 'Besok Sampai Tujuan', cost: 30000, etd: '1 day' },
          ],
        });
      }
      json(res, 404, { meta: { code: 404, message: 'not found' }, data: null });
    });
    t = await createTestApp({ env: { RAJAONGKIR_API_KEY: 'good-key', RAJAONGKIR_BASE_URL: fake.url, PROVIDER_TIMEOUT_MS: '400' } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('serves the provider ids for locations, cached', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/locations/rajaongkir/provinces' });
    expect(first.json().data).toEqual([{ id: 6, name: 'Jawa Barat' }, { id: 11, name: 'DKI Jakarta' }]);
    const before = calls;
    await t.app.inject({ method: 'GET', url: '/api/v1/locations/rajaongkir/provinces' });
    expect(calls).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/locations/rajaongkir/provinces/6/cities' })).json().data).toEqual([{ id: 55, name: 'Bandung' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/locations/rajaongkir/cities/55/districts' })).json().data).toEqual([{ id: 1360, name: 'Sumur Bandung' }]);
  });

  it('quotes costs from the flat V2 answer, cheapest first', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipping/cost', payload: { origin_district_id: 1360, destination_district_id: 1361, weight: 1500, courier: 'jne:sicepat' } });
    expect(res.json().data.options).toEqual([
      { courier_code: 'sicepat', courier_name: 'SiCepat Express', service: 'BEST', description: 'Besok Sampai Tujuan', cost: 30000, estimated_delivery: '1' },
      { courier_code: 'jne', courier_name: 'Jalur Nugraha Ekakurir (JNE)', service: 'REG', description: 'Layanan Reguler', cost: 36000, estimated_delivery: '1-2' },
    ]);
  });

  it("turns the provider's error answers and a timeout into the spec's message", async () => {
    const notServed = await t.app.inject({ method: 'POST', url: '/api/v1/shipping/cost', payload: { origin_district_id: 1360, destination_district_id: 8888, weight: 1500, courier: 'jne:sicepat' } });
    expect(notServed.statusCode).toBe(502);
    expect(notServed.json()).toMatchObject({ success: false, code: 'PROVIDER_ERROR', error: 'Gagal menghitung biaya pengiriman. Silakan coba lagi.' });
    const started = Date.now();
    const slow = await t.app.inject({ method: 'POST', url: '/api/v1/shipping/cost', payload: { origin_district_id: 1360, destination_district_id: 9999, weight: 1500, courier: 'jne:sicepat' } });
    expect(slow.statusCode).toBe(504);
    expect(slow.json().error).toBe('Gagal menghitung biaya pengiriman. Silakan coba lagi.');
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it("checks a destination against the provider's lists: its ids, not the embedded codes (issue 14)", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/couriers/local-options?district_id=1360&city_id=55' })).statusCode).toBe(200);
    const local = await t.app.inject({ method: 'GET', url: '/api/v1/couriers/local-options?district_id=1361&city_id=55' });
    expect(local.statusCode).toBe(400);
    expect(local.json().fields).toEqual({ district_id: 'Kecamatan tidak berada di kota/kabupaten yang dipilih.' });
    const product = await makeProduct(t.db);
    const order = (ids: Record<string, number>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        payload: {
          guest_email: 'tamu@contoh.id',
          shipping_name: 'Tamu',
          shipping_address: 'Jl. Braga 5',
          shipping_postcode: '40111',
          shipping_phone: '081234567890',
          ...ids,
          order_items: [{ product_id: product.id, quantity: 1 }],
          shipping_courier: 'jne',
          shipping_service: 'REG',
          shipping_cost_breakdown: { type: 'rajaongkir' },
        },
      });
    // Embedded codes mean nothing to the provider's lists.
    expect((await order({ shipping_province_id: 32, shipping_city_id: 3273, shipping_district_id: 327319 })).json().fields).toEqual({ shipping_province_id: 'Provinsi tidak dikenal.' });
    expect((await order({ shipping_province_id: 11, shipping_city_id: 55, shipping_district_id: 1360 })).json().fields).toEqual({ shipping_city_id: 'Kota/kabupaten tidak berada di provinsi yang dipilih.' });
    const wrongDistrict = await order({ shipping_province_id: 6, shipping_city_id: 55, shipping_district_id: 1361 });
    expect(wrongDistrict.statusCode).toBe(400);
    expect(wrongDistrict.json().fields).toEqual({ shipping_district_id: 'Kecamatan tidak berada di kota/kabupaten yang dipilih.' });
  });

  it('reports a bad key with the location messages', async () => {
    const bad = await createTestApp({ seed: false, env: { RAJAONGKIR_API_KEY: 'bad-key', RAJAONGKIR_BASE_URL: fake.url, PROVIDER_TIMEOUT_MS: '400' } });
    const res = await bad.app.inject({ method: 'GET', url: '/api/v1/locations/rajaongkir/provinces' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('Gagal memuat daftar provinsi. Silakan muat ulang halaman.');
    await bad.close();
  });
});

describe('Tripay client', () => {
  const privateKey = 'priv-test-key';
  const merchantCode = 'T0001';
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  let t: TestApp;
  let failCreate = false;
  beforeAll(async () => {
    fake = await fakeServer(async (req, body, res) => {
      if (req.headers.authorization !== 'Bearer DEV-good') return json(res, 401, { success: false, message: 'Invalid API Key' });
      if (req.url === '/merchant/payment-channel') {
        return json(res, 200, {
          success: true,
          message: 'Success',
          data: [
            { group: 'Virtual Account', code: 'BRIVA', name: 'BRI Virtual Account', type: 'direct', fee_merchant: { flat: 0, percent: 0 }, fee_customer: { flat: 4250, percent: 0 }, total_fee: { flat: 4250, percent: '0.00' }, minimum_fee: 0, maximum_fee: 0, minimum_amount: 10000, maximum_amount: 50000000, icon_url: 'https://x/briva.png', active: true },
            { group: 'E-Wallet', code: 'OVO', name: 'OVO', type: 'redirect', fee_customer: { flat: 0, percent: '3.00' }, minimum_amount: 1000, maximum_amount: 2000000, icon_url: '', active: false },
          ],
        });
      }
      if (req.url === '/transaction/create' && req.method === 'POST') {
        const input = JSON.parse(body) as { method: string; merchant_ref: string; amount: number; signature: string; order_items: { price: number; quantity: number }[] };
        if (input.signature !== tripaySignature(privateKey, merchantCode, input.merchant_ref, input.amount)) return json(res, 400, { success: false, message: 'Invalid signature' });
        if (input.order_items.reduce((s, i) => s + i.price * i.quantity, 0) !== input.amount) return json(res, 400, { success: false, message: 'Amount mismatch' });
        if (failCreate) return json(res, 400, { success: false, message: 'Payment channel is not enabled' });
        return json(res, 200, {
          success: true,
          message: '',
          data: { reference: 'T0001000000000000006', merchant_ref: input.merchant_ref, payment_name: 'BRI Virtual Account', amount: input.amount, pay_code: '57585748548596587', pay_url: null, checkout_url: 'https://tripay.example/checkout/T0001000000000000006', status: 'UNPAID', expired_time: 1795000000, instructions: [{ title: 'Internet Banking', steps: ['Login ke internet banking', 'Bayar <b>57585748548596587</b>'] }], qr_string: null, qr_url: null },
        });
      }
      json(res, 404, { success: false, message: 'Not found' });
    });
    t = await createTestApp({ env: { TRIPAY_API_KEY: 'DEV-good', TRIPAY_PRIVATE_KEY: privateKey, TRIPAY_MERCHANT_CODE: merchantCode, TRIPAY_BASE_URL: fake.url, PROVIDER_TIMEOUT_MS: '400' } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const orderBody = async (productName: string, quantity: number) => {
    const [p] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE name = ${productName}`);
    const local = (await t.app.inject({ method: 'GET', url: '/api/v1/couriers/local-options?district_id=327319&city_id=3273' })).json().data.options[0];
    return {
      guest_email: 'tamu@contoh.id',
      payment_method: 'tripay:BRIVA',
      shipping_name: 'Tamu',
      shipping_address: 'Jl. Braga 5',
      shipping_province_id: 32,
      shipping_city_id: 3273,
      shipping_district_id: 327319,
      shipping_postcode: '40111',
      shipping_phone: '081234567890',
      order_items: [{ product_id: p!.id, quantity }],
      shipping_cost_breakdown: { type: 'local_courier', courier_id: local.courier_id, price_id: local.price_id },
    };
  };

  it('lists active channels from Tripay, in our shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/tripay/channels' });
    expect(res.json().data).toMatchObject({ provider: 'Tripay', sandbox: false });
    expect(res.json().data.channels.map((c: { code: string }) => c.code)).toEqual(['BRIVA']);
    const [offer, ...others] = (await t.app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data.providers;
    expect(others).toEqual([]);
    expect(offer).toMatchObject({ id: 'tripay', name: 'Tripay', sandbox: false, error: null, channels: [{ kind: 'virtual_account', code: 'BRIVA', fee_customer: { flat: 4250, percent: 0 } }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments/sandbox/pay/SBX-000000000000' })).statusCode).toBe(404);
  });

  it('opens a signed closed transaction and accepts callbacks signed with the private key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: await orderBody('Opak Ketan Bakar', 1) });
    expect(res.statusCode).toBe(201);
    const o = res.json().data;
    expect(o.payment_fee).toBe(4250);
    expect(o.payment).toMatchObject({ provider: 'tripay', reference: 'T0001000000000000006', pay_code: '57585748548596587', checkout_url: 'https://tripay.example/checkout/T0001000000000000006' });
    const raw = JSON.stringify({ reference: 'T0001000000000000006', merchant_ref: `ORD-${o.id}`, status: 'PAID', paid_at: 1795000000 });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/payments/tripay/callback', payload: raw, headers: { 'content-type': 'application/json', 'x-callback-event': 'payment_status', 'x-callback-signature': callbackSignature(raw, 'wrong') } });
    expect(bad.statusCode).toBe(403);
    const good = await t.app.inject({ method: 'POST', url: '/api/v1/payments/tripay/callback', payload: raw, headers: { 'content-type': 'application/json', 'x-callback-event': 'payment_status', 'x-callback-signature': callbackSignature(raw, privateKey) } });
    expect(good.json()).toEqual({ success: true });
  });

  it('cancels the order and returns its stock when Tripay refuses the transaction', async () => {
    const [p] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE name = 'Kacang Sangrai Bawang'`);
    const before = (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, p!.id)))[0]!.s;
    failCreate = true;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: await orderBody('Kacang Sangrai Bawang', 2) });
    failCreate = false;
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('Gagal memproses pesanan. Silakan coba kembali.');
    expect((await t.db.select({ s: products.stock }).from(products).where(eq(products.id, p!.id)))[0]!.s).toBe(before);
    const cancelled = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM orders ORDER BY id DESC LIMIT 1`);
    expect(cancelled[0]!.status).toBe('cancelled');
  });

  it("answers a bad key or an unreachable Tripay with the spec's channel message", async () => {
    const bad = await createTestApp({ seed: false, env: { TRIPAY_API_KEY: 'DEV-bad', TRIPAY_PRIVATE_KEY: 'x', TRIPAY_MERCHANT_CODE: 'T1', TRIPAY_BASE_URL: fake.url, PROVIDER_TIMEOUT_MS: '300' } });
    const res = await bad.app.inject({ method: 'GET', url: '/api/v1/payments/tripay/channels' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('Gagal memuat metode pembayaran Tripay. Silakan coba lagi.');
    // The list of every provider still answers, with the spec's message on the one that failed.
    expect((await bad.app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data.providers).toEqual([
      { id: 'tripay', name: 'Tripay', sandbox: false, channels: [], error: 'Gagal memuat metode pembayaran Tripay. Silakan coba lagi.' },
    ]);
    await bad.close();
    const down = await createTestApp({ seed: false, env: { TRIPAY_API_KEY: 'DEV-good', TRIPAY_PRIVATE_KEY: 'x', TRIPAY_MERCHANT_CODE: 'T1', TRIPAY_BASE_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '300' } });
    expect((await down.app.inject({ method: 'GET', url: '/api/v1/payments/tripay/channels' })).statusCode).toBe(502);
    await down.close();
  });
});

describe('Midtrans Snap', () => {
  const serverKey = 'SB-Mid-server-test';
  const basic = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  let t: TestApp;
  /** What the fake Midtrans holds: order_id → its gross_amount as Midtrans writes it, and its state. */
  const held = new Map<string, { gross: string; status: string; fraud?: string }>();
  let lastSnap: Record<string, unknown> | undefined;
  let notificationUrl: string | undefined;
  beforeAll(async () => {
    fake = await fakeServer((req, body, res) => {
      if (req.headers.authorization !== basic) return json(res, 401, { error_messages: ['Access denied due to unauthorized transaction, please check client or server key'] });
      if (req.url === '/snap/v1/transactions' && req.method === 'POST') {
        const input = JSON.parse(body) as { transaction_details: { order_id: string; gross_amount: number }; item_details: { price: number; quantity: number; name: string }[]; enabled_payments: string[] };
        lastSnap = input as unknown as Record<string, unknown>;
        notificationUrl = req.headers['x-override-notification'] as string | undefined;
        if (input.item_details.reduce((sum, i) => sum + i.price * i.quantity, 0) !== input.transaction_details.gross_amount) {
          return json(res, 400, { error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'] });
        }
        if (held.has(input.transaction_details.order_id)) return json(res, 400, { error_messages: ['transaction_details.order_id has already been taken'] });
        held.set(input.transaction_details.order_id, { gross: `${input.transaction_details.gross_amount}.00`, status: 'pending' });
        return json(res, 201, { token: `tok-${input.transaction_details.order_id}`, redirect_url: `https://app.sandbox.midtrans.com/snap/v4/redirection/tok-${input.transaction_details.order_id}` });
      }
      const status = /^\/v2\/([^/]+)\/status$/.exec(req.url ?? '');
      if (status && req.method === 'GET') {
        const trx = held.get(decodeURIComponent(status[1]!));
        // Midtrans answers an unknown order with HTTP 200 and its own status_code 404.
        if (!trx) return json(res, 200, { status_code: '404', status_message: "Transaction doesn't exist." });
        return json(res, 200, { status_code: trx.status === 'settlement' ? '200' : '201', transaction_status: trx.status, fraud_status: trx.fraud ?? 'accept', order_id: decodeURIComponent(status[1]!), gross_amount: trx.gross, settlement_time: '2026-11-28 10:00:00', transaction_time: '2026-11-28 09:55:00' });
      }
      json(res, 404, { status_code: '404', status_message: 'not found' });
    });
    t = await createTestApp({ env: { MIDTRANS_SERVER_KEY: serverKey, MIDTRANS_BASE_URL: fake.url, MIDTRANS_CHANNELS: 'qris,gopay,bca_va', PROVIDER_TIMEOUT_MS: '400' } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A notification as Midtrans signs it: SHA-512 of order_id + status_code + gross_amount + server key, written out here. */
  const notify = (body: Record<string, string>, key = serverKey) => {
    const signed = { ...body, signature_key: createHash('sha512').update(`${body.order_id}${body.status_code}${body.gross_amount}${key}`).digest('hex') };
    return t.app.inject({ method: 'POST', url: '/api/v1/payments/midtrans/callback', payload: JSON.stringify(signed), headers: { 'content-type': 'application/json' } });
  };

  /** An order placed with manual transfer, then given a Midtrans payment as checkout does for a network gateway. */
  const orderWithSnap = async (channelCode: string) => {
    const [p] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE name = 'Opak Ketan Bakar'`);
    const local = await localCourierOption(t.app);
    const placed = (await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: p!.id, quantity: 1, local }) })).json().data as { id: number; total_amount: number };
    const providers = await livePaymentProviders(t.db, t.config);
    const midtrans = liveProvider(providers, 'midtrans')!;
    const channel = (await midtrans.channels()).find((c) => c.code === channelCode)!;
    const merchantRef = `ORD-${placed.id}`;
    await createOrderPayment(t.db, midtrans, {
      orderId: placed.id,
      merchantRef,
      amount: placed.total_amount,
      fee: 0,
      channel,
      customer: { name: 'Tamu', email: 'tamu@contoh.id', phone: '081234567890' },
      items: [{ name: 'Opak Ketan Bakar dan ongkos kirim dalam satu baris yang namanya sangat panjang', price: placed.total_amount, quantity: 1 }],
      origin: 'https://pasar.contoh.id',
      orderPath: '/pesanan/akses/abc',
      now: new Date(),
      deadline: new Date(),
      bankAccounts: [],
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, merchantRef));
    return { order: placed, payment: payment!, gross: `${placed.total_amount}.00`, merchantRef, midtrans };
  };
  const orderStatus = async (id: number) => (await queryRows<{ status: string; payment_status: string }>(t.db, sql`SELECT status, payment_status FROM orders WHERE id = ${id}`))[0]!;

  it('lists the configured Snap channels in our shape, beside no other gateway', async () => {
    const answer = (await t.app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data;
    expect(answer.providers).toHaveLength(1);
    expect(answer.providers[0]).toMatchObject({ id: 'midtrans', name: 'Midtrans', sandbox: false, error: null });
    expect(answer.providers[0].channels.map((c: { code: string; kind: string }) => [c.code, c.kind])).toEqual([
      ['qris', 'qris'],
      ['gopay', 'e_wallet'],
      ['bca_va', 'virtual_account'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments/midtrans/channels' })).json().data).toMatchObject({ provider: 'Midtrans', sandbox: false });
  });

  it('opens a Snap transaction and takes only signed notifications, once', async () => {
    const { order, payment, gross, merchantRef } = await orderWithSnap('bca_va');
    expect(lastSnap).toMatchObject({ transaction_details: { order_id: merchantRef, gross_amount: order.total_amount }, enabled_payments: ['bca_va'], customer_details: { email: 'tamu@contoh.id' } });
    expect((lastSnap!.item_details as { name: string }[])[0]!.name).toHaveLength(50);
    expect(notificationUrl).toBe('https://pasar.contoh.id/api/v1/payments/midtrans/callback');
    expect(payment).toMatchObject({ provider: 'midtrans', reference: merchantRef, channel_code: 'bca_va', payment_name: 'BCA Virtual Account', status: 'unpaid', pay_url: `https://app.sandbox.midtrans.com/snap/v4/redirection/tok-${merchantRef}` });

    const settlement = { order_id: merchantRef, status_code: '200', gross_amount: gross, transaction_status: 'settlement', fraud_status: 'accept', settlement_time: '2026-11-28 10:00:00' };
    expect((await notify(settlement, 'another-key')).statusCode).toBe(403);
    expect((await notify({ ...settlement, gross_amount: '1.00' }, serverKey).then(async (r) => r.statusCode))).toBe(404);
    const pending = await notify({ ...settlement, status_code: '201', transaction_status: 'pending' });
    expect(pending.json()).toEqual({ success: true });
    expect(await orderStatus(order.id)).toMatchObject({ payment_status: 'unpaid' });
    expect((await notify(settlement)).json()).toEqual({ success: true });
    expect(await orderStatus(order.id)).toMatchObject({ payment_status: 'paid', status: 'pending' });
    const [paid] = await t.db.select().from(payments).where(eq(payments.reference, merchantRef));
    expect(paid!.paid_at?.toISOString()).toBe('2026-11-28T03:00:00.000Z');
    // A later expiry of a paid payment changes nothing.
    expect((await notify({ ...settlement, status_code: '202', transaction_status: 'expire' })).statusCode).toBe(200);
    expect(await orderStatus(order.id)).toMatchObject({ payment_status: 'paid' });
  });

  it('cancels the order and returns its stock when Snap says the payment expired', async () => {
    const stock = async () => (await t.db.select({ s: products.stock }).from(products).where(eq(products.name, 'Opak Ketan Bakar')))[0]!.s;
    const before = await stock();
    const { order, gross, merchantRef } = await orderWithSnap('qris');
    expect(await stock()).toBe(before - 1);
    await notify({ order_id: merchantRef, status_code: '202', gross_amount: gross, transaction_status: 'expire' });
    expect(await orderStatus(order.id)).toEqual({ status: 'cancelled', payment_status: 'expired' });
    expect(await stock()).toBe(before);
  });

  it("reads a payment's state from GET /v2/{order_id}/status when no notification came", async () => {
    const { order, merchantRef, midtrans } = await orderWithSnap('gopay');
    expect(await refreshPaymentState(t.db, midtrans, merchantRef, new Date())).toEqual({ changed: false, status: 'unpaid' });
    held.get(merchantRef)!.status = 'capture';
    held.get(merchantRef)!.fraud = 'challenge';
    expect((await refreshPaymentState(t.db, midtrans, merchantRef, new Date())).changed).toBe(false);
    held.get(merchantRef)!.fraud = 'accept';
    expect(await refreshPaymentState(t.db, midtrans, merchantRef, new Date())).toEqual({ changed: true, status: 'paid' });
    expect(await orderStatus(order.id)).toMatchObject({ payment_status: 'paid' });
    await expect(midtrans.readState!({ reference: 'ORD-0', merchant_ref: 'ORD-0' })).rejects.toThrow("Transaction doesn't exist.");
  });

  it("maps every transaction_status to ours and signs as Midtrans' formula says", () => {
    expect(midtransSignature('ZT-M1-I1', '201', '650000.00', 'k')).toBe(createHash('sha512').update('ZT-M1-I1201650000.00k').digest('hex'));
    expect(midtransStatus('settlement')).toBe('paid');
    expect(midtransStatus('capture', { fraud: 'accept' })).toBe('paid');
    expect(midtransStatus('capture', { fraud: 'challenge' })).toBeNull();
    expect(midtransStatus('pending')).toBeNull();
    expect(['deny', 'cancel', 'failure'].map((s) => midtransStatus(s))).toEqual(['failed', 'failed', 'failed']);
    expect(midtransStatus('expire')).toBe('expired');
    expect(midtransStatus('refund')).toBe('refunded');
    expect(midtransStatus('partial_refund')).toBeNull();
  });

  it('turns a refused key into a provider failure, and lists a broken gateway beside a working one', async () => {
    const bad = await createTestApp({ seed: false, env: { MIDTRANS_SERVER_KEY: 'wrong', MIDTRANS_BASE_URL: fake.url, TRIPAY_API_KEY: 'DEV-x', TRIPAY_PRIVATE_KEY: 'x', TRIPAY_MERCHANT_CODE: 'T1', TRIPAY_BASE_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '300' } });
    try {
      const listed = (await bad.app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data.providers;
      expect(listed.map((p: { id: string; error: string | null; channels: unknown[] }) => [p.id, p.error, p.channels.length])).toEqual([
        ['tripay', 'Gagal memuat metode pembayaran Tripay. Silakan coba lagi.', 0],
        ['midtrans', null, 8],
      ]);
      const midtrans = liveProvider(await livePaymentProviders(bad.db, bad.config), 'midtrans')!;
      await expect(midtrans.readState!({ reference: 'ORD-1', merchant_ref: 'ORD-1' })).rejects.toThrow(/Access denied/);
    } finally {
      await bad.close();
    }
  });
});
