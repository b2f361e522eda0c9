import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';
import { businessForm, makeBusiness, makeProduct } from '../../test/factories';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) => callApi(t.app, method, url, payload, headers);

// Kota Bandung (3273) in Jawa Barat (32), district Sumur Bandung (327319); Kabupaten Bandung (3204).
const valid = businessForm;

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
    expectFieldErrors(res, {
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

describe(`sorting the business list (issue 17, ${testEngine})`, () => {
  /** Four businesses of this test, in the order the list answered `sort`/`dir`. */
  let made: Record<'beta' | 'alfa' | 'gamma' | 'delta', number>;
  const order = async (query: string, headers: Record<string, string> = admin) => {
    const res = await call('GET', `/businesses/${query}`, undefined, headers);
    expect(res.statusCode).toBe(200);
    const byId = new Map(Object.entries(made).map(([key, id]) => [id, key]));
    return (res.json().data as { id: number }[]).filter((b) => byId.has(b.id)).map((b) => byId.get(b.id));
  };

  beforeAll(async () => {
    const where = (district: string) => ({ district_name: district, city_name: 'Kota Bandung' });
    // Inserted one after another: the registration dates rise in this order.
    const beta = await makeBusiness(t.db, { name: 'Uji Urut Beta', ...where('Coblong') });
    const alfa = await makeBusiness(t.db, { name: 'uji urut alfa', ...where('Andir') });
    // No location names (a business from before locations were required): 'Lokasi belum diatur'.
    const gamma = await makeBusiness(t.db, { name: 'Uji Urut Gamma', city_name: '', district_name: '' });
    const delta = await makeBusiness(t.db, { name: 'Uji Urut Delta', ...where('Coblong') });
    for (const [business_id, count] of [[beta.id, 2], [gamma.id, 1], [delta.id, 2]] as const) {
      for (let i = 0; i < count; i++) await makeProduct(t.db, { business_id });
    }
    made = { beta: beta.id, alfa: alfa.id, gamma: gamma.id, delta: delta.id };
  });

  it('sorts by name (the default), either way, ignoring letter case', async () => {
    expect(await order('')).toEqual(['alfa', 'beta', 'delta', 'gamma']);
    expect(await order('?sort=name&dir=asc')).toEqual(['alfa', 'beta', 'delta', 'gamma']);
    expect(await order('?sort=name&dir=desc')).toEqual(['gamma', 'delta', 'beta', 'alfa']);
  });

  it('sorts by location as the card reads it, none set last either way, equal ones by id', async () => {
    expect(await order('?sort=location&dir=asc')).toEqual(['alfa', 'beta', 'delta', 'gamma']);
    expect(await order('?sort=location&dir=desc')).toEqual(['delta', 'beta', 'alfa', 'gamma']);
  });

  it('sorts by product count, equal counts by id', async () => {
    expect(await order('?sort=product_count&dir=asc')).toEqual(['alfa', 'gamma', 'beta', 'delta']);
    expect(await order('?sort=product_count&dir=desc')).toEqual(['delta', 'beta', 'gamma', 'alfa']);
  });

  it('sorts by registration date', async () => {
    expect(await order('?sort=created_at&dir=asc')).toEqual(['beta', 'alfa', 'gamma', 'delta']);
    expect(await order('?sort=created_at&dir=desc')).toEqual(['delta', 'gamma', 'alfa', 'beta']);
  });

  it('falls back to the default order for an unknown column or direction, and sorts the public list too', async () => {
    expect(await order('?sort=contact_email&dir=sideways')).toEqual(['alfa', 'beta', 'delta', 'gamma']);
    expect(await order('?sort=product_count&dir=desc', {})).toEqual(['delta', 'beta', 'gamma', 'alfa']);
  });
});
