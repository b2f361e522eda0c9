import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
  productId = (await t.app.inject({ method: 'GET', url: '/api/v1/catalog/products/' })).json().data[0].id;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

describe(`knowledge entries (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/knowledge/' })).statusCode).toBe(401);
    expect((await call('GET', '/knowledge/', undefined, customer)).statusCode).toBe(403);
    expect((await call('POST', '/knowledge/', { title: 'x' }, customer)).statusCode).toBe(403);
  });

  it('creates a trimmed entry linked to a product, lists newest first, unlinks with product_id 0, deletes', async () => {
    const res = await call('POST', '/knowledge/', { title: ' Cara menyimpan ', file: '  ', description: ' Simpan di tempat kering. ', product_id: productId });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data;
    expect(entry).toMatchObject({ title: 'Cara menyimpan', file: '', description: 'Simpan di tempat kering.', product_id: productId, product: { id: productId } });

    const list = (await call('GET', '/knowledge/')).json().data as { id: number; created_at: string }[];
    expect(list[0]!.id).toBe(entry.id);
    const times = list.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const unlinked = await call('PUT', `/knowledge/${entry.id}`, { title: 'Cara menyimpan', description: 'x', product_id: 0, version: entry.version });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data).toMatchObject({ product_id: null, product: null, version: entry.version + 1 });

    expect((await call('DELETE', `/knowledge/${entry.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/knowledge/${entry.id}`)).statusCode).toBe(404);
  });

  it("answers the spec's message for a missing title and refuses an unknown product", async () => {
    const res = await call('POST', '/knowledge/', { title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Judul wajib diisi.', fields: { title: 'Judul wajib diisi.' } });
    const bad = await call('POST', '/knowledge/', { title: 'A', product_id: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.product_id).toBe('Produk terkait tidak ditemukan.');
  });

  it('rejects a stale update', async () => {
    const entry = (await call('POST', '/knowledge/', { title: 'Ongkir' })).json().data;
    expect((await call('PUT', `/knowledge/${entry.id}`, { title: 'Ongkir 1', version: 1 })).statusCode).toBe(200);
    const stale = await call('PUT', `/knowledge/${entry.id}`, { title: 'Ongkir 2', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UPDATE');
  });
});
