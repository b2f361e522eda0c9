/**
 * The server-rendered storefront reads the catalogue through storefrontSource
 * (docs/decisions/026-server-rendered-storefront.md): its answers must be the public API's, field
 * for field, or the page the browser hydrates would differ from what it would have fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeBusiness, makeCategory, makeProduct } from '../../test/factories';
import { storefrontSource } from './catalog.storefront';

let t: TestApp;
let categoryId = 0;
let productId = 0;
let inactiveId = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const category = await makeCategory(t.db, { name: 'Kopi Sumber' });
  const business = await makeBusiness(t.db, { name: 'Kebun Sumber' });
  categoryId = category.id;
  productId = (
    await makeProduct(t.db, {
      name: 'Kopi Arabika Sumber',
      description: 'Sangrai medium',
      category_id: categoryId,
      business_id: business.id,
      discount: 10,
      variants: [
        { label: '250 g', price: 60000, stock: 4 },
        { label: '500 g', price: 110000, stock: 0 },
      ],
    })
  ).id;
  await makeProduct(t.db, { name: 'Kopi Robusta Sumber', category_id: categoryId, price: 30000 });
  inactiveId = (await makeProduct(t.db, { name: 'Kopi Lama', category_id: categoryId, is_active: false })).id;
});
afterAll(async () => {
  await t?.close();
});

const api = async (url: string): Promise<unknown> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: unknown }).data;
};

describe('the storefront source', () => {
  it('answers what the public API answers', async () => {
    const source = storefrontSource({ config: t.config, database: t.database });
    expect(await source.categories()).toEqual(await api('/catalog/categories/'));
    expect(await source.product(productId)).toEqual(await api(`/catalog/products/${productId}`));
    expect(await source.productPage({ q: 'kopi', categoryId, page: 1, pageSize: 12 })).toEqual(
      await api(`/catalog/products/?q=kopi&category_id=${categoryId}&page=1&page_size=12`),
    );
    expect(await source.productPage({ page: 2, pageSize: 8 })).toEqual(await api('/catalog/products/?page=2&page_size=8'));
    expect(await source.storeSettings()).toEqual(await api('/settings/store'));
    // The shelf is in random order: the same products, whatever the order.
    const shelf = await source.shelf(categoryId, 4);
    const answered = (await api(`/catalog/products/by-category?category_id=${categoryId}&limit=4&order=random`)) as { id: number }[];
    expect(shelf.map((p) => p.id).sort()).toEqual(answered.map((p) => p.id).sort());
  });

  it('answers null for a product nobody may see, and refuses what the route refuses', async () => {
    const source = storefrontSource({ config: t.config, database: t.database });
    expect(await source.product(inactiveId)).toBeNull();
    expect(await source.product(999_999_999)).toBeNull();
    await expect(source.productPage({ q: 'k'.repeat(501), page: 1, pageSize: 12 })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
