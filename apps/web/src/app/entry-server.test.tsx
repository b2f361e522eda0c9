/**
 * The server's half of the storefront (docs/decisions/026-server-rendered-storefront.md), run here
 * against a stand-in StorefrontSource: which paths it draws, the products in the markup, the state
 * block, the 404 of a missing product, and the shell when a loader fails.
 */
import { describe, expect, it } from 'vitest';
import type { Category, Product, ProductPage, ProductPageQuery, StorefrontSource } from '@pasar/core/catalog';
import { publicDemoNotice } from '@pasar/core/demo';
import { defaultPaymentSettings } from '@pasar/core/payments';
import type { PublicStoreSettings } from '@pasar/core/settings';
import { catalogueProduct } from '@pasar/core/testing';
import { PAGE_STATE_ID, type PageState } from './page-state';
import { render } from './entry-server';

const category: Category = { id: 3, name: 'Minuman', description: 'Kopi & teh', is_active: true, created_at: '2026-01-01T00:00:00.000Z' };

function product(id: number, name: string, price: number): Product {
  return catalogueProduct({
    id,
    name,
    description: `${name} dari Bandung`,
    price,
    reseller_price: price,
    stock: 5,
    category_id: category.id,
    category: { id: category.id, name: category.name },
    business_name: 'Kebun <Uji>',
  });
}

const kopi = product(11, 'Kopi </script><script>alert(1)</script>', 45000);
const teh = product(12, 'Teh Walini', 18000);
const settings = { store_location: null, bank_account: null, bank_accounts: [], store_profile: null, payment_sandbox: false, public_demo: false, time_zone: 'Asia/Jakarta', max_line_quantity: defaultPaymentSettings.max_line_quantity } as PublicStoreSettings;

function source(overrides: Partial<StorefrontSource> = {}): StorefrontSource & { asked: string[] } {
  const asked: string[] = [];
  const page: ProductPage = { items: [kopi, teh], page: 1, page_size: 12, total: 2, total_pages: 1, stats: { total_products: 2, partners: 1, in_stock: 2 } };
  return {
    asked,
    categories: async () => (asked.push('categories'), [category]),
    productPage: async (query) => (asked.push(`page ${JSON.stringify(query)}`), page),
    product: async (id) => (asked.push(`product ${id}`), [kopi, teh].find((p) => p.id === id) ?? null),
    shelf: async (id, limit) => (asked.push(`shelf ${id} ${limit}`), [kopi, teh]),
    storeSettings: async () => (asked.push('settings'), settings),
    ...overrides,
  };
}

function pageState(stateScript: string): PageState {
  const json = new RegExp(`^<script type="application/json" id="${PAGE_STATE_ID}">(.*)</script>$`).exec(stateScript)?.[1];
  expect(json).toBeDefined();
  // The block cannot be closed by the data: every < is written \u003c.
  expect(json).not.toContain('<');
  return JSON.parse(json!) as PageState;
}

describe('the storefront renderer', () => {
  it('draws the catalogue page the address asks for, with its products and state', async () => {
    const from = source();
    const result = await render('http://localhost/catalog?category=3&page=1&page_size=8&q=kopi', from);
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.status).toBe(200);
    expect(result.html).toContain('Teh Walini');
    expect(result.html).toContain('Rp18.000');
    // React writes a text's '>' as '&gt;', Preact leaves it: without a '<' it opens no tag either way.
    expect(result.html.replaceAll('&gt;', '>')).toContain('Kopi &lt;/script>&lt;script>alert(1)&lt;/script>');
    expect(from.asked).toContain(`page ${JSON.stringify({ q: 'kopi', categoryId: 3, page: 1, pageSize: 8 })}`);
    const state = pageState(result.stateScript);
    const keys = state.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        '["settings","store"]',
        '["catalog","categories"]',
        JSON.stringify(['catalog', 'products', { q: 'kopi', categoryId: 3, page: 1, pageSize: 8 }]),
      ]),
    );
    expect(Object.values(state.router.loaderData ?? {})).toEqual([null, null]);
  });

  it('draws the landing page with a shelf per category, and an unknown path as the landing page', async () => {
    for (const url of ['http://localhost/', 'http://localhost/tidak/ada']) {
      const from = source();
      const result = await render(url, from);
      expect(result.kind === 'page' && result.html.includes('Belanja per kategori') && result.html.includes('Teh Walini')).toBe(true);
      expect(from.asked).toContain('shelf 3 4');
    }
  });

  it('answers a product nobody has with its not-found page and 404', async () => {
    for (const url of ['http://localhost/product/99', 'http://localhost/product/abc']) {
      const result = await render(url, source());
      expect(result).toMatchObject({ kind: 'page', status: 404 });
      expect(result.kind === 'page' && result.html).toContain('Produk tidak ditemukan.');
    }
    const found = await render('http://localhost/product/12', source());
    expect(found).toMatchObject({ kind: 'page', status: 200 });
    expect(found.kind === 'page' && found.html).toContain('<h1 class="mt-2 text-3xl font-extrabold">Teh Walini</h1>');
  });

  it('says "Mode demo" above a public demo\'s page, and nothing of it in a shop that is not one (decision 043)', async () => {
    const demo = await render('http://localhost/catalog', source({ storeSettings: async () => ({ ...settings, public_demo: true }) }));
    expect(demo.kind === 'page' && demo.html).toContain(publicDemoNotice);
    const shop = await render('http://localhost/catalog', source());
    expect(shop.kind === 'page' && shop.html).not.toContain('Mode demo');
  });

  it('leaves the cart, checkout, accounts and back office to the browser', async () => {
    for (const path of ['/cart', '/checkout', '/login', '/register', '/profile', '/pesanan', '/admin/dashboard', '/admin/pos', '/operator/x']) {
      const from = source();
      // With the page's own title for the shell's <title> (issue 31 item 12; app/page-navigation.test.tsx).
      expect(await render(`http://localhost${path}`, from)).toEqual({ kind: 'shell', title: expect.stringMatching(/ · Pasar UMKM$/) });
      expect(from.asked).toEqual([]);
    }
  });

  it('redirects a catalogue page past the last to the last page, the other parameters kept', async () => {
    const pages = (total_pages: number) => (query: ProductPageQuery) =>
      Promise.resolve({ items: [], page: query.page, page_size: query.pageSize, total: total_pages * 8, total_pages, stats: { total_products: 0, partners: 0, in_stock: 0 } });
    expect(await render('http://localhost/catalog?q=kopi&page=99&page_size=8&view=list', source({ productPage: pages(5) }))).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/catalog?q=kopi&page=5&page_size=8&view=list',
    });
    expect(await render('http://localhost/catalog?page=2&category_id=3', source({ productPage: pages(1) }))).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/catalog?category_id=3',
    });
    expect(await render('http://localhost/catalog?page=2', source({ productPage: pages(1) }))).toEqual({ kind: 'redirect', status: 302, location: '/catalog' });
    // The last page itself, and a catalogue with no page at all, are drawn.
    expect(await render('http://localhost/catalog?page=5', source({ productPage: pages(5) }))).toMatchObject({ kind: 'page', status: 200 });
    expect(await render('http://localhost/catalog?page=3', source({ productPage: pages(0) }))).toMatchObject({ kind: 'page', status: 200 });
  });

  it('answers the shell, with the error, when a loader fails', async () => {
    const failure = new Error('database down');
    const result = await render('http://localhost/catalog', source({ productPage: () => Promise.reject(failure) }));
    expect(result).toEqual({ kind: 'shell', error: failure });
  });
});
