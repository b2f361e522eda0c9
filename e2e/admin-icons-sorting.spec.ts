/**
 * Issue 17 (docs/issues.md), item 5 at 1280 px: courier cards name the vehicle type in text beside
 * an SVG icon (emoji showed as empty boxes without an emoji font); the business list is sorted by
 * the server through the order control and keeps the order in the address across a reload; a
 * category name already used in another letter case is refused under the name field.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Business } from '@pasar/core/businesses';
import { courierTypeLabels, type Courier, type CourierType } from '@pasar/core/couriers';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

const businessNames = (page: Page) => page.getByRole('list', { name: 'Daftar usaha mitra' }).getByRole('listitem').getByRole('heading').allTextContents();

/** The order the server must answer, worked out here from the data (the id breaks ties). */
const sortedNames = (list: Business[], key: (b: Business) => number, dir: 1 | -1) =>
  [...list].sort((a, b) => dir * (key(a) - key(b) || a.id - b.id)).map((b) => b.name);

describe('back office: icons, the business list order, category names', () => {
  it('courier cards say the vehicle type in text beside an SVG icon', async () => {
    const couriers = await e2e.adminApi<Courier[]>('GET', '/couriers');
    expect(new Set(couriers.map((c) => c.type))).toEqual(new Set(['motorcycle', 'car', 'truck']));
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/couriers');
    const cards = page.getByRole('list', { name: 'Daftar kurir' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(couriers.length);
    for (const c of couriers) {
      const type = cards.filter({ has: page.getByRole('heading', { name: c.courier_name, exact: true }) }).getByTestId('courier-type');
      await expect.poll(() => type.innerText(), { message: c.courier_name }).toContain(courierTypeLabels[c.type as CourierType]);
      // The icon is an SVG the screen reader skips; the text beside it is what it reads.
      expect(await type.locator('svg').getAttribute('aria-hidden')).toBe('true');
      expect(await type.locator('svg path, svg circle, svg rect').count()).toBeGreaterThan(0);
    }
    // A business card's location has its map pin as an SVG too.
    await page.goto('/admin/businesses');
    const location = page.getByRole('list', { name: 'Daftar usaha mitra' }).getByRole('listitem').first().locator('dd').first();
    await expect.poll(() => location.locator('svg[aria-hidden="true"]').count()).toBe(1);
  });

  it('sorts the business list through the order control, and the order survives a reload', async () => {
    const list = await e2e.adminApi<Business[]>('GET', '/businesses/');
    const byCount = sortedNames(list, (b) => b.product_count, -1);
    const oldestFirst = sortedNames(list, (b) => Date.parse(b.created_at), 1);
    // The demo data must make the orders differ, or the test could not tell them apart.
    expect(byCount).not.toEqual(list.map((b) => b.name));

    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/businesses');
    await expect.poll(() => businessNames(page)).toEqual(list.map((b) => b.name));

    await page.getByLabel('Urutkan').selectOption({ label: 'Produk terbanyak' });
    await expect.poll(() => businessNames(page)).toEqual(byCount);
    const address = new URL(page.url()).searchParams;
    expect([address.get('sort'), address.get('dir')]).toEqual(['product_count', 'desc']);

    await page.reload();
    await expect.poll(() => businessNames(page)).toEqual(byCount);
    expect(await page.getByLabel('Urutkan').inputValue()).toBe('product_count:desc');

    await page.getByLabel('Urutkan').selectOption({ label: 'Produk paling sedikit' });
    await expect.poll(() => businessNames(page)).toEqual(sortedNames(list, (b) => b.product_count, 1));
    await page.getByLabel('Urutkan').selectOption({ label: 'Terdaftar terlama' });
    await expect.poll(() => businessNames(page)).toEqual(oldestFirst);
  });

  it('refuses a category name already used in another letter case, under the name field', async () => {
    const { page, consoleErrors } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/categories');
    const name = page.getByLabel('Nama kategori');
    await name.fill('Tenun Garut');
    await page.getByRole('button', { name: 'Tambah kategori' }).click();
    await page.getByText('Kategori berhasil ditambahkan.').waitFor();
    await name.fill('  tenun GARUT ');
    await page.getByRole('button', { name: 'Tambah kategori' }).click();
    await expect.poll(() => page.locator('#category-name-error').textContent()).toBe('Nama kategori sudah digunakan.');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const rows = await page.getByRole('table', { name: 'Daftar kategori' }).getByRole('row').allTextContents();
    expect(rows.filter((r) => r.toLowerCase().includes('tenun garut'))).toHaveLength(1);
    // The browser logs the refused request (409) itself; nothing else may have gone wrong.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 409/.test(e)));
  });
});
