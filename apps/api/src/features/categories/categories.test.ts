import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) => callApi(t.app, method, url, payload, headers);

describe(`admin categories (${testEngine})`, () => {
  it('refuses visitors (401) and customers (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/categories/', payload: { name: 'X' } })).statusCode).toBe(401);
    const res = await call('POST', '/categories/', { name: 'X' }, customer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Akses ditolak - Anda tidak memiliki izin untuk mengakses halaman ini.');
    expect((await call('GET', '/categories/', undefined, customer)).statusCode).toBe(403);
  });

  it('creates, lists, updates and deletes a category', async () => {
    const created = await call('POST', '/categories/', { name: '  Jamu Tradisional ', description: 'Minuman herbal' });
    expect(created.statusCode).toBe(201);
    const cat = created.json().data;
    expect(cat).toMatchObject({ name: 'Jamu Tradisional', description: 'Minuman herbal', is_active: true, version: 1, product_count: 0 });

    const list = (await call('GET', '/categories/')).json().data as { id: number; name: string }[];
    expect(list.some((c) => c.id === cat.id)).toBe(true);

    const updated = await call('PUT', `/categories/${cat.id}`, { name: 'Jamu', description: '', is_active: false, version: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Jamu', is_active: false, version: 2 });

    // The inactive category is hidden from the public list.
    const pub = (await t.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/' })).json().data as { id: number }[];
    expect(pub.some((c) => c.id === cat.id)).toBe(false);

    const deleted = await call('DELETE', `/categories/${cat.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('DELETE', `/categories/${cat.id}`)).statusCode).toBe(404);
  });

  it("answers the spec's message for a missing name", async () => {
    const res = await call('POST', '/categories/', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Category name is required', fields: { name: 'Category name is required' } });
    const missing = await call('POST', '/categories/', {});
    expect(missing.json().fields.name).toBe('Category name is required');
  });

  it('refuses to delete a category that still has products', async () => {
    const list = (await call('GET', '/categories/')).json().data as { id: number; product_count: number }[];
    const used = list.find((c) => c.product_count > 0)!;
    const res = await call('DELETE', `/categories/${used.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`Kategori ini masih dipakai oleh ${used.product_count} produk. Pindahkan atau hapus produknya dulu, atau nonaktifkan kategorinya.`);
    expect((await call('GET', '/categories/')).json().data.some((c: { id: number }) => c.id === used.id)).toBe(true);
  });

  it('rejects a stale update instead of overwriting', async () => {
    const cat = (await call('POST', '/categories/', { name: 'Rajutan' })).json().data;
    const first = await call('PUT', `/categories/${cat.id}`, { name: 'Rajutan Tangan', version: cat.version });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', `/categories/${cat.id}`, { name: 'Rajut', version: cat.version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'STALE_UPDATE', error: 'Data ini sudah diubah oleh pengguna lain. Muat ulang halaman lalu ulangi perubahan Anda.' });
    const now = (await call('GET', '/categories/')).json().data.find((c: { id: number }) => c.id === cat.id);
    expect(now.name).toBe('Rajutan Tangan');
    const noVersion = await call('PUT', `/categories/${cat.id}`, { name: 'Rajut' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().fields.version).toBe('Versi data wajib dikirim.');
  });
});

describe(`category names are unique regardless of letter case (issue 17, ${testEngine})`, () => {
  const taken = { code: 'CONFLICT', error: 'Nama kategori sudah digunakan.', fields: { name: 'Nama kategori sudah digunakan.' } };

  it('refuses a second category whose name differs only in letter case or surrounding spaces', async () => {
    expect((await call('POST', '/categories/', { name: 'Batik Tulis' })).statusCode).toBe(201);
    for (const name of ['Batik Tulis', 'batik tulis', 'BATIK TULIS', '  batik Tulis  ']) {
      const res = await call('POST', '/categories/', { name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json(), name).toMatchObject({ success: false, ...taken });
    }
    const list = (await call('GET', '/categories/')).json().data as { name: string }[];
    expect(list.filter((c) => c.name.toLowerCase() === 'batik tulis')).toHaveLength(1);
  });

  it('refuses renaming onto another category in any letter case, allows a new case of its own name', async () => {
    const a = (await call('POST', '/categories/', { name: 'Anyaman Bambu' })).json().data;
    const b = (await call('POST', '/categories/', { name: 'Anyaman Pandan' })).json().data;
    const clash = await call('PUT', `/categories/${b.id}`, { name: ' anyaman BAMBU ', version: b.version });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject(taken);
    const still = (await call('GET', '/categories/')).json().data.find((c: { id: number }) => c.id === b.id);
    expect(still).toMatchObject({ name: 'Anyaman Pandan', version: b.version });

    const own = await call('PUT', `/categories/${a.id}`, { name: 'ANYAMAN bambu', version: a.version });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ name: 'ANYAMAN bambu', version: a.version + 1 });
  });

  it('lets exactly one of two simultaneous creates of the same name in different cases succeed', async () => {
    const [first, second] = await Promise.all([call('POST', '/categories/', { name: 'Tenun Ikat' }), call('POST', '/categories/', { name: 'tenun ikat' })]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    const loser = first!.statusCode === 409 ? first! : second!;
    expect(loser.json()).toMatchObject(taken);
    const list = (await call('GET', '/categories/')).json().data as { name: string }[];
    expect(list.filter((c) => c.name.toLowerCase() === 'tenun ikat')).toHaveLength(1);
  });
});
