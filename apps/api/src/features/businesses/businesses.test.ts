import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

// Kota Bandung (3273) in Jawa Barat (32), district Sumur Bandung (327319); Kabupaten Bandung (3204).
const valid = {
  name: 'Dapur Ibu Sari',
  description: 'Aneka sambal rumahan',
  address: 'Jl. Cihampelas 10',
  city_id: 3273,
  district_id: 327319,
  contact_name: 'Sari',
  contact_email: 'sari@contoh.id',
  contact_phone: '0812345678',
  website: 'dapuribusari.id',
  is_active: true,
};

describe(`partner businesses (${testEngine})`, () => {
  it('is admin only for changes; the public list holds active businesses only', async () => {
    expect((await call('POST', '/businesses/', valid, {})).statusCode).toBe(401);
    expect((await call('POST', '/businesses/', valid, customer)).statusCode).toBe(403);
    const inactive = (await call('POST', '/businesses/', { ...valid, name: 'Usaha Tidur', is_active: false })).json().data;
    const pub = (await call('GET', '/businesses/', undefined, {})).json().data as { id: number; is_active: boolean }[];
    expect(pub.every((b) => b.is_active)).toBe(true);
    expect(pub.some((b) => b.id === inactive.id)).toBe(false);
    const all = (await call('GET', '/businesses/')).json().data as { id: number }[];
    expect(all.some((b) => b.id === inactive.id)).toBe(true);
  });

  it('creates with city and district names resolved and the website normalised', async () => {
    const res = await call('POST', '/businesses/', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Dapur Ibu Sari', city_id: 3273, city_name: 'Kota Bandung', district_id: 327319, district_name: 'Sumur Bandung', website: 'https://dapuribusari.id', version: 1 });
    const withScheme = await call('POST', '/businesses/', { ...valid, name: 'B', website: 'http://b.id' });
    expect(withScheme.json().data.website).toBe('http://b.id');
  });

  it("answers the spec's validation messages", async () => {
    const res = await call('POST', '/businesses/', { name: '', city_id: '', district_id: null, contact_email: 'bukan-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Business name is required',
      city_id: 'Select a city / regency',
      district_id: 'Select a district',
      contact_email: 'Email is not valid',
    });
  });

  it('refuses a city outside the store province and a district outside the city', async () => {
    const otherProvince = await call('POST', '/businesses/', { ...valid, city_id: 3171, district_id: 317101 });
    expect(otherProvince.statusCode).toBe(400);
    expect(otherProvince.json().fields.city_id).toBe('Kota/kabupaten tidak dikenal di provinsi toko.');
    const wrongDistrict = await call('POST', '/businesses/', { ...valid, city_id: 3204 });
    expect(wrongDistrict.statusCode).toBe(400);
    expect(wrongDistrict.json().fields.district_id).toBe('Kecamatan tidak dikenal di kota/kabupaten yang dipilih.');
  });

  it('updates, rejects a stale update, and deletes', async () => {
    const b = (await call('POST', '/businesses/', { ...valid, name: 'Kopi Puntang' })).json().data;
    const updated = await call('PUT', `/businesses/${b.id}`, { ...valid, name: 'Kopi Puntang Jaya', is_active: false, version: b.version });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Kopi Puntang Jaya', is_active: false, version: 2 });
    const stale = await call('PUT', `/businesses/${b.id}`, { ...valid, name: 'Kopi X', version: b.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UPDATE');
    const deleted = await call('DELETE', `/businesses/${b.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ data: { unlinked_products: 0 }, message: 'Usaha mitra berhasil dihapus.' });
    expect((await call('PUT', `/businesses/${b.id}`, { ...valid, version: 2 })).statusCode).toBe(404);
    expect((await call('DELETE', `/businesses/${b.id}`)).statusCode).toBe(404);
  });

  it('deletes a business with products: they stay in the catalogue, unlinked, and the admin is told how many', async () => {
    const b = (await call('POST', '/businesses/', { ...valid, name: 'Tenun Garut Lestari' })).json().data;
    const categoryId = (await call('GET', '/catalog/categories/', undefined, {})).json().data[0].id;
    const made = [];
    for (const name of ['Syal Tenun Garut', 'Taplak Tenun Garut']) {
      made.push((await call('POST', '/products/', { name, price: 85000, stock: 4, category_id: categoryId, business_id: b.id, weight_grams: 300 })).json().data);
    }
    expect((await call('GET', '/businesses/')).json().data.find((x: { id: number }) => x.id === b.id).product_count).toBe(2);
    const deleted = await call('DELETE', `/businesses/${b.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ data: { unlinked_products: 2 }, message: 'Usaha mitra berhasil dihapus. 2 produknya tetap ada di katalog, kini tanpa usaha mitra.' });
    for (const p of made) {
      const pub = (await call('GET', `/catalog/products/${p.id}`, undefined, {})).json().data;
      expect(pub).toMatchObject({ id: p.id, business_id: null, business_name: null });
    }
  });

  it('lists every city of the store province (27 in Jawa Barat), not just 25', async () => {
    const cities = (await call('GET', '/locations/rajaongkir/provinces/32/cities', undefined, {})).json().data as unknown[];
    expect(cities.length).toBe(27);
  });
});
