import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, categories, productVariants, products } from '../../db/schema';
import { createTestApp, testEngine, type TestApp } from '../../test/app';

let t: TestApp;
const ids = { food: 0, craft: 0, hidden: 0, keripik: 0, batik: 0, inactive: 0, variant: 0, hiddenCat: 0 };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const [food, craft, hidden] = await t.db
    .insert(categories)
    .values([
      { name: 'Makanan', description: 'Camilan' },
      { name: 'Kerajinan', description: 'Tangan' },
      { name: 'Arsip', description: 'Tidak tampil', is_active: false },
    ])
    .returning();
  const [tempeHouse, batikHouse] = await t.db
    .insert(businesses)
    .values([
      { name: 'Dapur Bu Imas', city_id: 3273, district_id: 327319, district_name: 'Sumur Bandung' },
      { name: 'Sanggar Batik Cigadung', city_id: 3273, district_id: 327314 },
    ])
    .returning();
  ids.food = food!.id;
  ids.craft = craft!.id;
  ids.hidden = hidden!.id;
  const rows = await t.db
    .insert(products)
    .values([
      { name: 'Keripik Tempe Original', description: 'Renyah dan gurih', price: 15000, reseller_price: 12000, discount: 10, stock: 20, category_id: food!.id, business_id: tempeHouse!.id },
      { name: 'Batik Tulis Mega Mendung', description: 'Kain katun primisima', price: 350000, reseller_price: 300000, stock: 3, category_id: craft!.id, business_id: batikHouse!.id },
      { name: 'Dodol Lama', description: 'Tidak dijual lagi', price: 10000, reseller_price: 9000, stock: 5, category_id: food!.id, is_active: false },
      { name: 'Kopi Arabika', description: 'Sangrai sedang', price: 60000, reseller_price: 50000, stock: 9, category_id: food!.id, business_id: tempeHouse!.id, option_groups: [{ name: 'Giling', values: ['Biji', 'Bubuk'] }] },
      { name: 'Kain Arsip', description: 'Kategori nonaktif', price: 1000, reseller_price: 1000, stock: 1, category_id: hidden!.id },
      { name: 'Sambal Bawang', description: "'; DROP TABLE products; -- pedas", price: 20000, reseller_price: 18000, stock: 0, category_id: food!.id, business_id: tempeHouse!.id },
    ])
    .returning();
  ids.keripik = rows[0]!.id;
  ids.batik = rows[1]!.id;
  ids.inactive = rows[2]!.id;
  ids.variant = rows[3]!.id;
  ids.hiddenCat = rows[4]!.id;
  await t.db.insert(productVariants).values([
    { product_id: ids.variant, label: '250 g', price: 60000, reseller_price: 50000, stock: 4, position: 0 },
    { product_id: ids.variant, label: '500 g', price: 110000, reseller_price: 95000, stock: 5, position: 1 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`public catalogue API (${testEngine})`, () => {
  it('lists active categories with product counts', async () => {
    const res = await get('/api/v1/catalog/categories/');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Kerajinan', 'Makanan']);
    expect(res.json().data.find((c: { name: string }) => c.name === 'Makanan').product_count).toBe(3);
  });

  it('answers the plain list of active products without parameters', async () => {
    const res = await get('/api/v1/catalog/products/');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number }[];
    expect(Array.isArray(list)).toBe(true);
    const listed = list.map((p) => p.id);
    expect(listed).toContain(ids.keripik);
    expect(listed).not.toContain(ids.inactive);
    expect(listed).not.toContain(ids.hiddenCat);
  });

  it('answers one product with the spec fields, variants and option groups', async () => {
    const res = await get(`/api/v1/catalog/products/${ids.variant}`);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      id: ids.variant,
      name: 'Kopi Arabika',
      price: 60000,
      discount: 0,
      category: { id: ids.food, name: 'Makanan' },
      business_name: 'Dapur Bu Imas',
      business: { name: 'Dapur Bu Imas', district_id: 327319, district_name: 'Sumur Bandung', city_id: 3273 },
      size_variants: [
        { label: '250 g', price: 60000, reseller_price: 50000, stock: 4 },
        { label: '500 g', price: 110000, reseller_price: 95000, stock: 5 },
      ],
      option_groups: [{ name: 'Giling', values: ['Biji', 'Bubuk'] }],
      images: [],
      image_url: null,
    });
    expect(typeof p.created_at).toBe('string');
  });

  it('404s an unknown or inactive product and 400s a malformed id', async () => {
    for (const id of [999999, ids.inactive, ids.hiddenCat]) {
      const res = await get(`/api/v1/catalog/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Produk tidak ditemukan.', code: 'NOT_FOUND' });
    }
    for (const id of ['abc', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/v1/catalog/products/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: 'ID tidak valid.' });
    }
  });

  it('lists products of a category, optionally a few at random', async () => {
    const res = await get(`/api/v1/catalog/products/by-category?category_id=${ids.food}`);
    expect(res.json().data.map((p: { name: string }) => p.name).sort()).toEqual(['Keripik Tempe Original', 'Kopi Arabika', 'Sambal Bawang']);
    const few = await get(`/api/v1/catalog/products/by-category?category_id=${ids.food}&limit=2&order=random`);
    expect(few.json().data).toHaveLength(2);
    expect((await get('/api/v1/catalog/products/by-category?category_id=x')).statusCode).toBe(400);
    expect((await get('/api/v1/catalog/products/by-category')).statusCode).toBe(400);
  });

  it('pages with totals and stats, clamping a huge page size', async () => {
    const res = await get('/api/v1/catalog/products/?page=1&page_size=100000');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.page_size).toBe(100);
    expect(page.total).toBe(4);
    expect(page.stats).toEqual({ total_products: 4, partners: 2, in_stock: 3, approximate: false });
    const second = (await get('/api/v1/catalog/products/?page=2&page_size=3')).json().data;
    expect(second.items).toHaveLength(1);
    expect(second.total_pages).toBe(2);
    expect((await get('/api/v1/catalog/products/?page=0')).statusCode).toBe(400);
    expect((await get('/api/v1/catalog/products/?page_size=abc')).statusCode).toBe(400);
  });

  it('searches name, description and business name case-insensitively', async () => {
    const byName = (await get('/api/v1/catalog/products/?q=KOPI')).json().data;
    expect(byName.items.map((p: { id: number }) => p.id)).toEqual([ids.variant]);
    const byBusiness = (await get('/api/v1/catalog/products/?q=cigadung')).json().data;
    expect(byBusiness.items.map((p: { id: number }) => p.id)).toEqual([ids.batik]);
    const byDescription = (await get('/api/v1/catalog/products/?q=primisima')).json().data;
    expect(byDescription.total).toBe(1);
    const filtered = (await get(`/api/v1/catalog/products/?q=dapur&category_id=${ids.craft}`)).json().data;
    expect(filtered.total).toBe(0);
  });

  it('forgives spelling variants and one typo in words of 5+ letters', async () => {
    const kripik = (await get('/api/v1/catalog/products/?q=kripik')).json().data;
    expect(kripik.items[0].name).toBe('Keripik Tempe Original');
    const batk = (await get('/api/v1/catalog/products/?q=batk')).json().data;
    expect(batk.items[0].name).toBe('Batik Tulis Mega Mendung');
    const swapped = (await get('/api/v1/catalog/products/?q=btaik%20tulis')).json().data;
    expect(swapped.items[0].name).toBe('Batik Tulis Mega Mendung');
    // Short words must match as typed: no fuzzy 'kopi' from 'kapi'.
    expect((await get('/api/v1/catalog/products/?q=kapi')).json().data.total).toBe(0);
  });

  it('ranks exact matches first', async () => {
    const res = (await get('/api/v1/catalog/products/?q=sambal')).json().data;
    expect(res.items[0].name).toBe('Sambal Bawang');
  });

  it('treats SQL-looking search text as text', async () => {
    const res = await get(`/api/v1/catalog/products/?q=${encodeURIComponent("'; DROP TABLE products; --")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((p: { name: string }) => p.name)).toEqual(['Sambal Bawang']);
    const still = await get('/api/v1/catalog/products/');
    expect(still.json().data.length).toBe(4);
    const weird = await get(`/api/v1/catalog/products/?q=${encodeURIComponent('%_\\')}`);
    expect(weird.statusCode).toBe(200);
    expect(weird.json().data.total).toBe(4);
  });

  it('keeps the search text current when a business is renamed', async () => {
    const { eq } = await import('drizzle-orm');
    await t.db.update(businesses).set({ name: 'Rumah Tempe Ceria' }).where(eq(businesses.name, 'Dapur Bu Imas'));
    const res = (await get('/api/v1/catalog/products/?q=ceria')).json().data;
    expect(res.total).toBe(3);
  });
});
