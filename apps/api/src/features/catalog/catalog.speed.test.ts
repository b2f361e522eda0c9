/**
 * Issue 15: the catalogue's fast paths answer exactly what the slow ones did. Counts and stats
 * come from the counts the database's triggers maintain (`catalog_counts`, migration 0010), searches from a cache keyed by the catalogue's
 * version, shelves from random id picks: every test changes the data through the ordinary writers
 * and checks the answer against the data, on PGlite and on PostgreSQL (TEST_POSTGRES_URL).
 */
import { DEFAULT_CATALOG_PAGE_SIZE } from '@pasar/core/catalog';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, categories, products } from '../../db/schema';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeCategory, makeProduct } from '../../test/factories';

let t: TestApp;
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
type Page = { items: { id: number; name: string }[]; total: number; total_pages: number; stats: { total_products: number; partners: number; in_stock: number; approximate?: boolean } };
const search = (q: string, extra = '') => get(`/api/v1/catalog/products/?q=${encodeURIComponent(q)}&page_size=24${extra}`) as Promise<Page>;
const names = (page: Page) => page.items.map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** The stats tiles as counted straight from the products table, for comparison. */
async function countedStats(categoryId?: number) {
  const inCategory = categoryId === undefined ? sql`` : sql`AND p.category_id = ${categoryId}`;
  const result = await t.db.execute(
    sql`SELECT count(*)::int AS total_products, count(DISTINCT p.business_id)::int AS partners, count(*) FILTER (WHERE p.stock > 0)::int AS in_stock
        FROM products p JOIN categories c ON c.id = p.category_id WHERE p.is_active AND c.is_active ${inCategory}`,
  );
  return { ...(result as unknown as { rows: { total_products: number; partners: number; in_stock: number }[] }).rows[0]!, approximate: false };
}

describe(`catalogue counts kept by the database (${testEngine})`, () => {
  it('keeps category counts and stats tiles right through inserts, edits, stock, hiding, moves and deletes', async () => {
    const a = await makeCategory(t.db, { name: 'Hitung A' });
    const b = await makeCategory(t.db, { name: 'Hitung B' });
    const x = await makeBusiness(t.db, { name: 'Usaha Hitung X' });
    const y = await makeBusiness(t.db, { name: 'Usaha Hitung Y' });
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeProduct(t.db, { name: `Barang Hitung ${i}`, category_id: a.id, business_id: i % 2 ? x.id : y.id, stock: i }));
    await makeProduct(t.db, { name: 'Barang Tanpa Mitra', category_id: b.id, stock: 3 });
    await makeProduct(t.db, { name: 'Barang Tersembunyi', category_id: a.id, business_id: x.id, is_active: false });

    const check = async () => {
      const cats = (await get('/api/v1/catalog/categories/')) as { id: number; product_count: number }[];
      for (const c of [a, b]) {
        const expected = await countedStats(c.id);
        // A hidden category is not listed; its products count nowhere.
        expect(cats.find((row) => row.id === c.id)?.product_count ?? 0).toBe(expected.total_products);
        const page = (await get(`/api/v1/catalog/products/?category_id=${c.id}&page=1&page_size=12`)) as Page;
        expect(page.stats).toEqual(expected);
        expect(page.total).toBe(expected.total_products);
      }
      expect(((await get('/api/v1/catalog/products/?page=1')) as Page).stats).toEqual(await countedStats());
    };
    await check();
    expect(((await get(`/api/v1/catalog/products/?category_id=${a.id}&page=1`)) as Page).stats).toEqual({ total_products: 5, partners: 2, in_stock: 4, approximate: false });

    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, made[4]!.id)); // sells out
    await t.db.update(products).set({ stock: 7 }).where(eq(products.id, made[0]!.id)); // comes back
    await t.db.update(products).set({ is_active: false }).where(eq(products.id, made[1]!.id)); // hidden
    await t.db.update(products).set({ category_id: b.id }).where(eq(products.id, made[2]!.id)); // moved
    await t.db.update(products).set({ business_id: null }).where(eq(products.id, made[3]!.id)); // partner gone
    await check();
    await t.db.delete(products).where(eq(products.id, made[0]!.id));
    await t.db.delete(businesses).where(eq(businesses.id, y.id)); // its products keep no partner
    await check();
    // A hidden category leaves the counts of the whole catalogue.
    await t.db.update(categories).set({ is_active: false }).where(eq(categories.id, b.id));
    await check();
    await t.db.update(categories).set({ is_active: true }).where(eq(categories.id, b.id));
  });

  it('pages newest first without gaps or repeats', async () => {
    const c = await makeCategory(t.db, { name: 'Halaman Uji' });
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await makeProduct(t.db, { name: `Halaman ${i}`, category_id: c.id })).id);
    const seen = [];
    for (let page = 1; page <= 3; page++) {
      const p = (await get(`/api/v1/catalog/products/?category_id=${c.id}&page=${page}&page_size=3`)) as Page;
      expect(p.total_pages).toBe(3);
      seen.push(...p.items.map((i) => i.id));
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('pages the default page size (a statement of its own) newest first without gaps or repeats, in a category and overall', async () => {
    const c = await makeCategory(t.db, { name: 'Halaman Bawaan' });
    const ids = [];
    for (let i = 0; i < DEFAULT_CATALOG_PAGE_SIZE * 2 + 3; i++) ids.push((await makeProduct(t.db, { name: `Bawaan ${i}`, category_id: c.id })).id);
    const seen = [];
    for (let page = 1; page <= 3; page++) {
      const p = (await get(`/api/v1/catalog/products/?category_id=${c.id}&page=${page}`)) as Page;
      expect(p.total_pages).toBe(3);
      seen.push(...p.items.map((i) => i.id));
    }
    expect(seen).toEqual([...ids].reverse());
    // The newest products of the whole catalogue are these; its page 2 goes on where page 1 stopped.
    const overall = [];
    for (let page = 1; page <= 2; page++) overall.push(...((await get(`/api/v1/catalog/products/?page=${page}&page_size=${DEFAULT_CATALOG_PAGE_SIZE}`)) as Page).items.map((i) => i.id));
    expect(overall).toEqual([...ids].reverse().slice(0, DEFAULT_CATALOG_PAGE_SIZE * 2));
  });

  it.each([
    ['whose ids are kept', 620],
    // Above SHELF_POOL_IDS (5,000 public products): picked by random ids in the database.
    ['too big to keep its ids', 11_200],
  ])('draws a random shelf of distinct active products of a category %s', async (_kind, count) => {
    const big = await makeCategory(t.db, { name: `Rak Besar ${count}` });
    const other = await makeCategory(t.db, { name: `Rak Lain ${count}` });
    await t.db.execute(
      sql`INSERT INTO products (name, price, reseller_price, stock, category_id, is_active)
          SELECT 'Rak ' || i, 1000, 900, 1, CASE WHEN i % 2 = 1 THEN ${big.id}::int ELSE ${other.id}::int END, i % 10 <> 0
          FROM generate_series(0, ${count - 1}) i`,
    );
    const seen = new Set<number>();
    for (let round = 0; round < 5; round++) {
      const shelf = (await get(`/api/v1/catalog/products/by-category?category_id=${big.id}&limit=4&order=random`)) as { id: number; category_id: number; is_active: boolean }[];
      expect(shelf).toHaveLength(4);
      expect(new Set(shelf.map((p) => p.id)).size).toBe(4);
      for (const p of shelf) {
        expect(p.category_id).toBe(big.id);
        expect(p.is_active).toBe(true);
        seen.add(p.id);
      }
    }
    // Random, not the same four every time.
    expect(seen.size).toBeGreaterThan(4);
  });

  it('brings every product of a category round on its shelf within a few sample windows', async () => {
    const category = await makeCategory(t.db, { name: 'Rak Bergilir' });
    const made = await t.db
      .insert(products)
      .values(Array.from({ length: 60 }, (_, i) => ({ name: `Bergilir ${i}`, price: 1000, reseller_price: 900, stock: 1, category_id: category.id })))
      .returning({ id: products.id });
    const seen = new Set<number>();
    const realNow = Date.now;
    try {
      // Each minute draws a new sample of 48 of the 60: twenty minutes, thirty visits each.
      for (let minute = 0; minute < 20; minute++) {
        const at = realNow() + minute * 60_000;
        Date.now = () => at;
        const inWindow = new Set<number>();
        for (let visit = 0; visit < 30; visit++) {
          const shelf = (await get(`/api/v1/catalog/products/by-category?category_id=${category.id}&limit=4&order=random`)) as { id: number }[];
          expect(new Set(shelf.map((p) => p.id)).size).toBe(4);
          for (const p of shelf) {
            seen.add(p.id);
            inWindow.add(p.id);
          }
        }
        // Within one window the visits are drawn from that window's sample.
        expect(inWindow.size).toBeLessThanOrEqual(48);
      }
    } finally {
      Date.now = realNow;
    }
    expect([...seen].sort()).toEqual(made.map((p) => p.id).sort());
  });
});

describe(`catalogue search ranking, typos and cache (${testEngine})`, () => {
  let craft = 0;
  beforeAll(async () => {
    craft = (await makeCategory(t.db, { name: 'Kerajinan Cari' })).id;
    const food = (await makeCategory(t.db, { name: 'Makanan Cari' })).id;
    const rotanHouse = await makeBusiness(t.db, { name: 'Sanggar Rotan Cigondewah' });
    // Order of insertion = id order: the newest would win within a rank, so the best matches go in first.
    await makeProduct(t.db, { name: 'Kap Lampu Anyaman Rotan', description: 'Lampu gantung', category_id: craft });
    await makeProduct(t.db, { name: 'Pot Tanaman Gerabah', description: 'Untuk tanaman hias', category_id: craft });
    await makeProduct(t.db, { name: 'Keranjang Rotan', description: 'Anyaman tangan halus', category_id: craft });
    await makeProduct(t.db, { name: 'Tikar Pandan', description: 'Dijual bersama rotan', category_id: craft, business_id: rotanHouse.id });
    await makeProduct(t.db, { name: 'Sambal Cabai Rawit', description: 'Pedas', category_id: food });
    await makeProduct(t.db, { name: 'Sambel Cabe Ijo', description: 'Pedas', category_id: food });
    await makeProduct(t.db, { name: 'Kripik Singkong Balado', description: 'Renyah', category_id: food });
    await makeProduct(t.db, { name: 'Keripik Tempe Sagu', description: 'Renyah', category_id: food });
  });

  it('corrects a typo even when the typed word is inside another catalogue word (anaman ⊂ tanaman)', async () => {
    const page = await search('anaman rotan');
    expect(page.total).toBeGreaterThan(0);
    expect(names(page)[0]).toBe('Kap Lampu Anyaman Rotan');
    expect(names(page)).not.toContain('Pot Tanaman Gerabah');
  });

  it('tolerates colloquial spellings both ways', async () => {
    for (const q of ['sambel cabe', 'sambal cabai', 'sambel cabai']) {
      expect(names(await search(q)).sort()).toEqual(['Sambal Cabai Rawit', 'Sambel Cabe Ijo']);
    }
    for (const q of ['kripik', 'keripik']) {
      expect(names(await search(q)).sort()).toEqual(['Keripik Tempe Sagu', 'Kripik Singkong Balado']);
    }
  });

  it('ranks the whole phrase in the name, then name words, then typo matches, then description and business', async () => {
    await makeProduct(t.db, { name: 'Tas Rotan Anyaman Jumbo', category_id: craft }); // words in the name, not the phrase
    expect(names(await search('anyaman rotan'))).toEqual([
      'Kap Lampu Anyaman Rotan', // the whole phrase in the name (older, still first)
      'Tas Rotan Anyaman Jumbo', // every word in the name
      'Keranjang Rotan', // 'anyaman' only in the description
    ]);
    // 'anaman' is inside 'tanaman' (a name word as typed) and one typo from 'anyaman'.
    expect(names(await search('anaman'))).toEqual([
      'Pot Tanaman Gerabah', // the typed word in the name
      'Tas Rotan Anyaman Jumbo', // in the name through a typo, newest first
      'Kap Lampu Anyaman Rotan',
      'Keranjang Rotan', // through a typo, in the description only
    ]);
    // The business name counts as a match, ranked with the description.
    expect(names(await search('rotan cigondewah'))).toEqual(['Tikar Pandan']);
  });

  it('serves a repeated search from the cache until the catalogue changes, on any writer', async () => {
    const first = await search('gerabah');
    expect(names(first)).toEqual(['Pot Tanaman Gerabah']);
    await makeProduct(t.db, { name: 'Vas Gerabah Kasongan', category_id: craft, stock: 0 });
    const second = await search('gerabah');
    expect(names(second)).toEqual(['Vas Gerabah Kasongan', 'Pot Tanaman Gerabah']);
    expect(second.stats).toEqual({ total_products: 2, partners: 0, in_stock: 1, approximate: false });
    // Restocked: the in-stock tile follows.
    await t.db.update(products).set({ stock: 5 }).where(eq(products.name, 'Vas Gerabah Kasongan'));
    expect((await search('gerabah')).stats.in_stock).toBe(2);
    // Renamed and hidden through plain SQL, as another process would.
    await t.db.execute(sql`UPDATE products SET name = 'Vas Tanah Liat' WHERE name = 'Vas Gerabah Kasongan'`);
    expect(names(await search('gerabah'))).toEqual(['Pot Tanaman Gerabah']);
    await t.db.execute(sql`UPDATE categories SET is_active = false WHERE id = ${craft}`);
    expect((await search('gerabah')).total).toBe(0);
    await t.db.execute(sql`UPDATE categories SET is_active = true WHERE id = ${craft}`);
    expect((await search('gerabah')).total).toBe(1);
  });

  it('keeps a filtered search apart from the unfiltered one', async () => {
    const all = await search('pedas');
    expect(all.total).toBe(2);
    expect((await search('pedas', `&category_id=${craft}`)).total).toBe(0);
  });
});
