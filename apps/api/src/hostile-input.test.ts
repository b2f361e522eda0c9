/**
 * Issue 14, "Answers 500": each request below once crashed a handler. Each now answers a 4xx in the
 * JSON error envelope with an Indonesian message (docs/decisions/022-hostile-input-at-the-edge.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, demoAccounts, loginWithXsrf, signIn, type TestApp } from './test/app';
import { makeProduct } from './test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from './test/orders';

let t: TestApp;
let admin: { authorization: string };
let local: LocalCourierOption;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  local = await localCourierOption(t.app);
  productId = (await makeProduct(t.db, { stock: 100 })).id;
  await allowManyUnpaidOrders(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A refusal in the one envelope: { success: false, error, code }. */
function expectRefusal(res: LightMyRequestResponse, status: number | RegExp, message?: string | RegExp) {
  if (typeof status === 'number') expect(res.statusCode, res.body).toBe(status);
  else expect(String(res.statusCode), res.body).toMatch(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { success: boolean; error: string; code: string };
  expect(body.success).toBe(false);
  expect(typeof body.code).toBe('string');
  if (message !== undefined) expect(body.error).toMatch(message);
  return body;
}

async function productVersion(id: number): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers: admin });
  return (res.json() as { data: { version: number } }).data.version;
}

describe('a malformed XSRF-TOKEN cookie', () => {
  it('is ignored (and replaced) instead of crashing every /api route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { cookie: 'XSRF-TOKEN=%' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]+;/);
  });

  it('cannot be matched by a header either, so a state change with it is refused as a mismatch only when the header differs', async () => {
    const res = await loginWithXsrf(t.app, '%E0%A4%A', 'x');
    expect(res.statusCode).toBeLessThan(500);
    expectRefusal(res, /^4/);
  });
});

describe('integers a PostgreSQL integer column cannot hold', () => {
  it('refuses product_id 2^31 in a guest order with the product message', async () => {
    const payload = guestOrderPayload({ productId: 2_147_483_648, quantity: 1, local });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload });
    const body = expectRefusal(res, 400, 'Produk tidak valid.');
    expect(body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a courier or price id of 2^31 in a guest order', async () => {
    const payload = { ...guestOrderPayload({ productId, quantity: 1, local }), shipping_cost_breakdown: { type: 'local_courier', courier_id: 2 ** 31, price_id: local.price_id } };
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload }), 400);
  });

  it('refuses version 99999999999 on categories, products and businesses with the version message', async () => {
    const category = await t.app.inject({ method: 'PUT', url: '/api/v1/categories/1', headers: admin, payload: { name: 'Kategori Baru', version: 99_999_999_999 } });
    expectRefusal(category, 400, 'Versi data wajib dikirim.');
    const business = await t.app.inject({ method: 'PUT', url: '/api/v1/businesses/1', headers: admin, payload: { name: 'Usaha Baru', city_id: 3273, district_id: 327319, version: 99_999_999_999 } });
    expectRefusal(business, 400, 'Versi data wajib dikirim.');
    const product = await t.app.inject({ method: 'PUT', url: '/api/v1/products/1', headers: admin, payload: { name: 'Produk', price: 1000, stock: 1, category_id: 1, version: 99_999_999_999 } });
    expectRefusal(product, 400, 'Versi data wajib dikirim.');
    expect(await productVersion(1)).toBeLessThan(2 ** 31);
  });

  it('refuses ids of 2^31 in list filters and in the path', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/v1/products/?category_id=2147483648', headers: admin }), 400);
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/v1/products/2147483648', headers: admin }), 400, 'ID tidak valid.');
  });
});

describe('NUL and other control characters in text', () => {
  it('refuses a NUL byte in shipping_name, naming the field', async () => {
    const payload = { ...guestOrderPayload({ productId, quantity: 1, local }), shipping_name: 'a\u0000b' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload });
    const body = expectRefusal(res, 400, /karakter yang tidak diizinkan/);
    expect((body as unknown as { fields: Record<string, string> }).fields).toHaveProperty('shipping_name');
  });

  it('refuses q=%00 on the order desk, its export and the product list', async () => {
    for (const url of ['/api/v1/orders?q=%00', '/api/v1/orders/export.csv?q=%00', '/api/v1/products/?q=%00', '/api/v1/products/?q=a%01b']) {
      expectRefusal(await t.app.inject({ method: 'GET', url, headers: admin }), 400, /karakter yang tidak diizinkan/);
    }
  });

  it('refuses a lone surrogate, which PostgreSQL would store as garbage or refuse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...guestOrderPayload({ productId, quantity: 1, local }), shipping_name: 'PLACEHOLDER' }).replace('PLACEHOLDER', '\\ud800'),
    });
    expectRefusal(res, 400, /karakter yang tidak diizinkan/);
  });

  it('keeps newlines and tabs, which text areas send', async () => {
    const payload = { ...guestOrderPayload({ productId, quantity: 1, local }), shipping_address: 'Jl. Braga No. 5\r\nRT 01\tRW 02' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a NUL byte in a multipart field', async () => {
    const boundary = 'x-boundary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories/',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('name', 'a')}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBeLessThan(500);
    const knowledge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/knowledge/',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('title', 'a\u0000b')}${part('file', 'isi')}--${boundary}--\r\n`,
    });
    const body = expectRefusal(knowledge, 400, /karakter yang tidak diizinkan/);
    expect((body as unknown as { fields: Record<string, string> }).fields).toHaveProperty('title');
  });
});

describe('multipart/form-data without a boundary', () => {
  it('is refused on the product and knowledge forms', async () => {
    for (const url of ['/api/v1/products/', '/api/v1/knowledge/']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'multipart/form-data' }, payload: 'name=a' });
      expectRefusal(res, /^(400|415)$/, /multipart|Jenis konten/);
    }
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/knowledge/1', headers: { ...admin, 'content-type': 'multipart/form-data; boundary=' }, payload: 'x' });
    expectRefusal(put, /^(400|404|415)$/);
  });
});

describe('path parameters longer than the router takes', () => {
  it('answer in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${'1'.repeat(150)}`, headers: admin });
    expectRefusal(res, /^4\d\d$/);
  });

  it('and a malformed percent-encoding in the path does too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/%E0%A4%A', headers: admin });
    expectRefusal(res, /^4\d\d$/);
  });
});

describe('static files', () => {
  it('refuse a NUL in the file path without naming a field nobody filled in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/a%00.png', headers: { range: 'bytes=99999999999-' } });
    expectRefusal(res, 400, 'Teks mengandung karakter yang tidak diizinkan.');
  });
});

describe('totals an integer column cannot hold', () => {
  it('refuses an online order whose total passes 2^31 - 1 rupiah instead of failing the insert', async () => {
    const dear = await makeProduct(t.db, { price: 1_000_000_000, stock: 10 });
    const payload = guestOrderPayload({ productId: dear.id, quantity: 3, local, email: 'mahal@contoh.id' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload });
    expectRefusal(res, 422, 'Total pesanan terlalu besar.');
  });

  it('refuses such a point-of-sale sale too', async () => {
    const dear = await makeProduct(t.db, { price: 1_000_000_000, stock: 10 });
    const payload = { payment_method: 'qris', total_amount: 3_000_000_000, order_items: [{ product_id: dear.id, quantity: 3, price: 1_000_000_000 }] };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders/pos', headers: admin, payload });
    expectRefusal(res, 422, 'Total pesanan terlalu besar.');
  });
});
