/**
 * Trust marks in the server-rendered storefront (issue 29, docs/decisions/059-trust-marks.md): the
 * product page and the catalogue's cards draw the business's verified marks as badges, and the
 * catalogue's Halal filter is read from the address by the loader and the screen alike (one query
 * key, so the browser hydrates the page the server drew without asking again).
 */
import { describe, expect, it } from 'vitest';
import type { Category, Product, ProductPage, ProductPageQuery, StorefrontSource } from '@pasar/core/catalog';
import { defaultPaymentSettings } from '@pasar/core/payments';
import type { PublicStoreSettings } from '@pasar/core/settings';
import { catalogueProduct } from '@pasar/core/testing';
import { render } from '../../app/entry-server';
import { PAGE_STATE_ID, type PageState } from '../../app/page-state';

const category: Category = { id: 3, name: 'Makanan', description: '', is_active: true, created_at: '2026-01-01T00:00:00.000Z' };
const settings = { store_location: null, bank_account: null, bank_accounts: [], store_profile: null, payment_sandbox: false, public_demo: false, time_zone: 'Asia/Jakarta', max_line_quantity: defaultPaymentSettings.max_line_quantity } as PublicStoreSettings;

function product(id: number, name: string, marks: NonNullable<Product['business']>['trust_marks']): Product {
  return catalogueProduct({
    id,
    name,
    description: `${name} dari Bandung`,
    price: 25000,
    reseller_price: 25000,
    stock: 5,
    category_id: category.id,
    category: { id: category.id, name: category.name },
    business_id: 7,
    business: { id: 7, name: 'Dapur Bu Imas', district_id: 1, district_name: 'Coblong', city_id: 2, trust_marks: marks },
    business_name: 'Dapur Bu Imas',
  });
}

const rendang = product(21, 'Rendang Daging', [
  { kind: 'nib', number: '1234567890123' },
  { kind: 'halal', number: 'ID32110000123450324' },
]);
const keripik = product(22, 'Keripik Tempe', []);

function source(): StorefrontSource & { asked: ProductPageQuery[] } {
  const asked: ProductPageQuery[] = [];
  const page: ProductPage = { items: [rendang, keripik], page: 1, page_size: 12, total: 2, total_pages: 1, stats: { total_products: 2, partners: 1, in_stock: 2 } };
  return {
    asked,
    categories: async () => [category],
    productPage: async (query) => (asked.push(query), page),
    product: async (id) => [rendang, keripik].find((p) => p.id === id) ?? null,
    shelf: async () => [rendang, keripik],
    storeSettings: async () => settings,
  };
}

function pageState(stateScript: string): PageState {
  const json = new RegExp(`^<script type="application/json" id="${PAGE_STATE_ID}">(.*)</script>$`).exec(stateScript)?.[1];
  return JSON.parse(json!) as PageState;
}

/** The badge list's markup, or '' when the page has none. */
const badges = (html: string) => /<ul aria-label="Tanda terverifikasi Dinas"[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? '';

describe('trust marks in the storefront', () => {
  it("draws the product page's verified marks with their numbers, and none for a business without any", async () => {
    const result = await render('http://localhost/product/21', source());
    expect(result).toMatchObject({ kind: 'page', status: 200 });
    if (result.kind !== 'page') return;
    const list = badges(result.html);
    expect(list).toContain('NIB');
    expect(list).toContain('1234567890123');
    expect(list).toContain('Halal');
    expect(list).toContain('ID32110000123450324');
    expect(result.html).toContain('Dapur Bu Imas: terverifikasi Dinas');

    const plain = await render('http://localhost/product/22', source());
    expect(plain.kind === 'page' && plain.html).not.toContain('Tanda terverifikasi Dinas');
  });

  it('puts the marks on the catalogue cards and the landing shelves', async () => {
    for (const url of ['http://localhost/catalog', 'http://localhost/']) {
      const result = await render(url, source());
      if (result.kind !== 'page') throw new Error(`${url} was not drawn`);
      // One list, on Rendang's card; Keripik's business has no verified mark.
      expect(result.html.match(/aria-label="Tanda terverifikasi Dinas"/g)).toHaveLength(1);
      expect(badges(result.html)).toContain('Halal');
    }
  });

  it('reads the Halal filter from the address on the server, under the key the screen reads, with the chip pressed', async () => {
    const from = source();
    const result = await render('http://localhost/catalog?halal=true&q=rendang', from);
    if (result.kind !== 'page') throw new Error('the catalogue was not drawn');
    expect(from.asked).toEqual([{ q: 'rendang', categoryId: undefined, halal: true, page: 1, pageSize: 12 }]);
    const keys = pageState(result.stateScript).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['catalog', 'products', { q: 'rendang', halal: true, page: 1, pageSize: 12 }]));
    expect(result.html).toMatch(/aria-pressed="true"[^>]*>Halal/);

    // Without it (or with anything but true) there is no filter, and the chip is not pressed.
    for (const url of ['http://localhost/catalog', 'http://localhost/catalog?halal=ya']) {
      const plain = source();
      const page = await render(url, plain);
      expect(plain.asked[0]?.halal).toBeUndefined();
      expect(page.kind === 'page' && page.html).toMatch(/aria-pressed="false"[^>]*>Halal/);
    }
  });
});
