/**
 * Sorting of the admin product grid (issue 17): every column both ways, pages that split the
 * result without overlap, the existing filters kept, and an unknown order falling back.
 */
import type { Product, ProductPage } from '@pasar/core/catalog';
import { unitPrice } from '@pasar/core/pricing';
import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@pasar/core/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { makeBusiness, makeCategory, makeProduct } from '../../test/factories';
import { sortCases, sortedBy, type SortDirection } from '../../test/sorting';
import { dataOf } from '../../test/answers';

let t: TestApp;
let admin: AuthHeaders;
let categoryIds: number[];

// Names without spaces or digits, so every collation (C on PGlite, a locale on a server) orders
// them as JavaScript does; the letter case is mixed so an order that ignored lower() would show.
const words = ['apel', 'Belimbing', 'ceri', 'DURIAN', 'elok'];
const prices = [10000, 20000, 30000, 40000];
const COUNT = 26;

beforeAll(async () => {
  ({ t, admin } = await appWithDemoSessions());
  const categories = [await makeCategory(t.db, { name: 'zortkatgamma' }), await makeCategory(t.db, { name: 'ZortKatAlfa' }), await makeCategory(t.db, { name: 'zortkatbeta' })];
  categoryIds = categories.map((c) => c.id);
  const businesses = [await makeBusiness(t.db, { name: 'ZortUsahaBaru' }), await makeBusiness(t.db, { name: 'zortusahaamanah' })];
  for (let i = 0; i < COUNT; i += 1) {
    const price = prices[i % prices.length]!;
    // Some with variants whose lowest price is above the product's own field: the grid shows (and
    // sorts by) the lowest variant's price, not the stored 1,000.
    const withVariants = i % 7 === 3;
    await makeProduct(t.db, {
      name: `Zorting${words[i % words.length]!}`,
      category_id: categories[i % categories.length]!.id,
      business_id: [businesses[0]!.id, businesses[1]!.id, null, businesses[0]!.id][i % 4]!,
      discount: i % 6 === 0 ? 50 : 0,
      ...(withVariants
        ? {
            price: 1000,
            variants: [
              { label: 'Kecil', price: price + 5000, stock: 1 },
              { label: 'Besar', price: price + 15000, stock: 2 },
            ],
          }
        : { price, stock: i % 4 }),
    });
  }
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<ProductPage> {
  return dataOf<ProductPage>(await t.app.inject({ method: 'GET', url: `/api/v1/products/?q=zorting&${query}`, headers: admin }));
}

/** Every page of the order, one after another. */
async function allPages(query: string): Promise<Product[]> {
  const first = await list(`${query}&page=1&page_size=12`);
  const rest: Product[] = [];
  for (let page = 2; page <= first.total_pages; page += 1) rest.push(...(await list(`${query}&page=${page}&page_size=12`)).items);
  return [...first.items, ...rest];
}

const keyOf: Record<AdminProductSort, (p: Product) => string | number | null> = {
  created_at: (p) => p.created_at,
  name: (p) => p.name.toLowerCase(),
  price: (p) => unitPrice(p),
  stock: (p) => p.stock,
  category: (p) => p.category!.name.toLowerCase(),
  business: (p) => p.business_name?.toLowerCase() ?? null,
};

/** The order the grid promises: the column, then the id, the same way; no business last both ways. */
function expectedOrder(items: Product[], sort: AdminProductSort, dir: SortDirection): number[] {
  return sortedBy(items, keyOf[sort], dir).map((p) => p.id);
}

describe(`admin product sorting (${testEngine})`, () => {
  it.each(sortCases(ADMIN_PRODUCT_SORTS))('sorts by %s %s across pages, each product on one page', async (sort, dir) => {
    const items = await allPages(`sort=${sort}&dir=${dir}`);
    const ids = items.map((p) => p.id);
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
    expect(ids).toEqual(expectedOrder(items, sort, dir));
  });

  it('sorts by the price the grid shows: the lowest variant price, less the discount', async () => {
    const items = await allPages('sort=price&dir=asc');
    const shown = items.map((p) => unitPrice(p));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // 1,000 is the stored field of the products with variants; were it sorted on, they would lead.
    expect(items[0]!.size_variants).toEqual([]);
    expect(items.filter((p) => p.size_variants.length > 0).every((p) => unitPrice(p) > 1000)).toBe(true);
  });

  it('keeps the filters, the totals and the stats while sorting', async () => {
    const unsorted = await list(`category_id=${categoryIds[1]}`);
    const sorted = await list(`category_id=${categoryIds[1]}&sort=stock&dir=desc`);
    expect(sorted.total).toBe(unsorted.total);
    expect(sorted.items.every((p) => p.category_id === categoryIds[1])).toBe(true);
    expect(sorted.items.map((p) => p.id)).toEqual(expectedOrder(sorted.items, 'stock', 'desc'));
    expect(sorted.items.map((p) => p.id).sort()).toEqual(unsorted.items.map((p) => p.id).sort());
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products/?sort=name', headers: admin })).json().data.stats.total).toBeGreaterThan(COUNT);
  });

  it('falls back to newest first for an unknown column or direction', async () => {
    const fallback = await allPages('sort=password_hash&dir=sideways');
    const newest = await allPages('sort=created_at&dir=desc');
    expect(fallback.map((p) => p.id)).toEqual(newest.map((p) => p.id));
    expect(fallback.map((p) => p.id)).toEqual(expectedOrder(fallback, 'created_at', 'desc'));
  });
});
