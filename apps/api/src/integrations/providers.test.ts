/**
 * The real RajaOngkir and Tripay clients against local fake servers that answer as the
 * providers document (docs/integrations.md §1, §2), including their error answers and a slow answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { makeProduct } from '../test/factories';
import { callbackSignature } from './payments/sandbox-gateway';
import { tripaySignature } from './payments/tripay-client';
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

  it('lists active channels from Tripay', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/tripay/channels' });
    expect(res.json().data).toMatchObject({ provider: 'Tripay', sandbox: false });
    expect(res.json().data.channels.map((c: { code: string }) => c.code)).toEqual(['BRIVA']);
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
    await bad.close();
    const down = await createTestApp({ seed: false, env: { TRIPAY_API_KEY: 'DEV-good', TRIPAY_PRIVATE_KEY: 'x', TRIPAY_MERCHANT_CODE: 'T1', TRIPAY_BASE_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '300' } });
    expect((await down.app.inject({ method: 'GET', url: '/api/v1/payments/tripay/channels' })).statusCode).toBe(502);
    await down.close();
  });
});
