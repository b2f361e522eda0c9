/**
 * Issue 17 (docs/issues.md), the back office's long lists at 1280 px and on a 360 px phone:
 * products sorted by price through the order control, kept by the address across a reload;
 * users searched by e-mail, paged, sorted, and stepped back a page after the last row of a page
 * is deleted.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/harness';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

const widths = [
  { name: '1280 px', mobile: false, tag: 'lebar' },
  { name: '360 px', mobile: true, tag: 'ponsel' },
] as const;

const productNames = (page: Page) => page.getByRole('list', { name: 'Daftar produk' }).getByRole('listitem').getByRole('heading').allTextContents();
/** The usernames of the rows on screen, in order ("@name · e-mail · role"). */
const usernames = async (page: Page) =>
  (await page.getByRole('list', { name: 'Daftar pengguna' }).getByRole('listitem').allTextContents()).map((text) => /@(\S+)/.exec(text)?.[1] ?? text);

describe.each(widths)('back-office lists at $name', ({ mobile, tag }) => {
  it('sorts the products by price through the order control, and the order survives a reload', async () => {
    const categoryId = (await e2e.adminApi<{ id: number }[]>('GET', '/catalog/categories/'))[0]!.id;
    // Made in an order unlike their prices, so the newest-first grid differs from both price orders.
    const made = [
      { name: `Batik Urut ${tag} Ayu`, price: 30000 },
      { name: `Batik Urut ${tag} Bening`, price: 10000 },
      { name: `Batik Urut ${tag} Cerah`, price: 50000 },
      { name: `Batik Urut ${tag} Dalu`, price: 20000 },
    ];
    for (const p of made) await e2e.adminApi('POST', '/products/', { name: p.name, price: p.price, stock: 5, category_id: categoryId, weight_grams: 200 });
    const newest = made.map((p) => p.name).reverse();
    const cheapest = [...made].sort((a, b) => a.price - b.price).map((p) => p.name);

    const { page } = await e2e.openPage({ mobile });
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto(`/admin/products?q=${encodeURIComponent(`Batik Urut ${tag}`)}`);
    await expect.poll(() => productNames(page)).toEqual(newest);

    const order = page.getByLabel('Urutkan');
    await order.selectOption({ label: 'Harga termurah' });
    await expect.poll(() => productNames(page)).toEqual(cheapest);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price');
    expect(new URL(page.url()).searchParams.get('dir')).toBe('asc');

    await page.reload();
    await expect.poll(() => productNames(page)).toEqual(cheapest);
    expect(await page.getByLabel('Urutkan').inputValue()).toBe('price:asc');

    await page.getByLabel('Urutkan').selectOption({ label: 'Harga termahal' });
    await expect.poll(() => productNames(page)).toEqual([...cheapest].reverse());
    await screenshot(page, `admin-products-sorted-${tag}`);
  });

  it('finds a customer by e-mail, pages through the rest, sorts, and steps back after deleting the last row of a page', async () => {
    // 21 customers: 20 on the first page (the default size) and one on the second.
    const all = Array.from({ length: 21 }, (_, i) => `hal${tag}.${String(i + 1).padStart(2, '0')}`);
    const customerRole = (await e2e.adminApi<{ id: number; name: string }[]>('GET', '/roles/')).find((r) => r.name === 'customer')!.id;
    for (const username of all) {
      await e2e.adminApi('POST', '/users/', {
        username,
        email: `${username}@pelanggan-uji.id`,
        password: 'rahasia1',
        first_name: 'Pelanggan',
        last_name: `Halaman ${tag}`,
        role_id: customerRole,
      });
    }
    const { page } = await e2e.openPage({ mobile });
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/users');
    const search = page.getByRole('searchbox', { name: 'Cari' });
    const pager = page.getByRole('navigation', { name: 'Halaman pengguna' });

    // One customer by e-mail, typed in capitals.
    await search.fill(`  HAL${tag.toUpperCase()}.07@PELANGGAN-UJI.ID `);
    await expect.poll(() => usernames(page)).toEqual([`hal${tag}.07`]);
    await pager.getByText('Halaman 1 dari 1 · 1 pengguna').waitFor();

    // Everyone of this run: 20 on page 1, the rest on page 2, nobody twice.
    await search.fill(`Halaman ${tag}`);
    await pager.getByText('Halaman 1 dari 2 · 21 pengguna').waitFor();
    await expect.poll(async () => (await usernames(page)).length).toBe(20);
    const first = await usernames(page);
    await pager.getByRole('button', { name: 'Berikutnya' }).click();
    await pager.getByText('Halaman 2 dari 2 · 21 pengguna').waitFor();
    await expect.poll(() => usernames(page)).toHaveLength(1);
    const second = await usernames(page);
    expect([...first, ...second].sort()).toEqual(all);
    await screenshot(page, `admin-users-page-2-${tag}`);

    // Username Z–A puts the last one first; the order, the search and the page are in the address.
    await page.getByLabel('Urutkan').selectOption({ label: 'Username Z–A' });
    await expect.poll(async () => (await usernames(page))[0]).toBe(`hal${tag}.21`);
    await page.reload();
    await expect.poll(async () => (await usernames(page))[0]).toBe(`hal${tag}.21`);
    await pager.getByText('Halaman 1 dari 2 · 21 pengguna').waitFor();

    // Deleting the only row of the last page goes back to the page before.
    await pager.getByRole('button', { name: 'Berikutnya' }).click();
    await expect.poll(() => usernames(page)).toEqual([`hal${tag}.01`]);
    await page.getByRole('button', { name: `Hapus hal${tag}.01` }).click();
    await page.getByText('Pengguna berhasil dihapus.').waitFor();
    await pager.getByText('Halaman 1 dari 1 · 20 pengguna').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(async () => (await usernames(page)).length).toBe(20);
    expect(await page.getByText('Tidak ada pengguna yang cocok dengan pencarian ini.').count()).toBe(0);
  });
});
