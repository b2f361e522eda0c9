/**
 * Issue 15 §5: public catalogue answers carry an ETag and a short public Cache-Control, answer 304
 * while unchanged, and are compressed when asked and big enough.
 */
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { productPageSchema, productSchema } from '@pasar/core/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeCategory, makeProduct } from '../../test/factories';

let t: TestApp;
let productId = 0;
let categoryId = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  categoryId = (await makeCategory(t.db, { name: 'Etag Uji' })).id;
  for (let i = 0; i < 6; i++) {
    productId = (await makeProduct(t.db, { name: `Kopi Etag ${i}`, description: 'Kopi sangrai sedang dari kebun sendiri. '.repeat(5), category_id: categoryId })).id;
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe(`catalogue HTTP caching (${testEngine})`, () => {
  const urls = () => [
    '/api/v1/catalog/categories/',
    `/api/v1/catalog/products/${productId}`,
    `/api/v1/catalog/products/?category_id=${categoryId}&page=1&page_size=12`,
    '/api/v1/catalog/products/?q=kopi',
    '/api/v1/catalog/products/',
  ];

  it('answers an ETag and a short public Cache-Control, then 304 while unchanged', async () => {
    for (const url of urls()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toMatch(/^public, max-age=\d+/);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect((await get(url, { 'if-none-match': 'W/"other"' })).statusCode, url).toBe(200);
    }
  });

  it('answers 304 to the tag in weak or strong form, with or without compression asked', async () => {
    const url = `/api/v1/catalog/products/?category_id=${categoryId}&page=1&page_size=12`;
    const etag = String((await get(url)).headers.etag);
    const strong = etag.replace(/^W\//, '');
    const asked: Record<string, string>[] = [{ 'if-none-match': strong }, { 'if-none-match': etag, 'accept-encoding': 'br, gzip' }];
    for (const headers of asked) {
      const again = await get(url, headers);
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
  });

  it('sends small answers as they are', async () => {
    const small = await get('/api/v1/catalog/categories/', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('writes exactly the response schema (fast-json-stringify from the zod schema)', async () => {
    const one = await get(`/api/v1/catalog/products/${productId}`);
    expect(one.statusCode).toBe(200);
    expect(productSchema.strict().parse(one.json().data).id).toBe(productId);
    const page = await get(`/api/v1/catalog/products/?category_id=${categoryId}&page=1&page_size=12`);
    expect(page.statusCode).toBe(200);
    const parsed = productPageSchema.strict().parse(page.json().data);
    expect(parsed.items.map((p) => productSchema.strict().parse(p).category_id)).toEqual(Array(6).fill(categoryId));
    expect(parsed.stats).toEqual({ total_products: 6, partners: 0, in_stock: 6, approximate: false });
  });

  it('changes the ETag when the data changes (whichever process or writer changed it)', async () => {
    const url = `/api/v1/catalog/products/${productId}`;
    const before = String((await get(url)).headers.etag);
    await t.db.update(products).set({ stock: 77 }).where(eq(products.id, productId));
    const after = await get(url, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.stock).toBe(77);
    expect(after.headers.etag).not.toBe(before);
  });

  it('keeps errors and random shelves out of shared caches', async () => {
    const missing = await get('/api/v1/catalog/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-store');
    const shelf = await get(`/api/v1/catalog/products/by-category?category_id=${categoryId}&limit=4&order=random`);
    expect(shelf.headers['cache-control']).toBe('no-store');
  });

  it('compresses big answers with brotli or gzip when asked, and says so', async () => {
    const url = `/api/v1/catalog/products/?category_id=${categoryId}&page=1&page_size=12`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    // Same ETag whatever the encoding: it names the data.
    expect(br.headers.etag).toBe(plain.headers.etag);
  });
});
