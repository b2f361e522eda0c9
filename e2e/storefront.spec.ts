import { describe, expect, it } from 'vitest';
import { screenshot } from './support/harness';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

describe('a shopper on the storefront', () => {
  it('browses, searches, filters, chooses a variant and an option, and keeps the cart across a reload', async () => {
    const { page } = await e2e.openPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Belanja per kategori' }).waitFor();
    await page.getByRole('heading', { name: 'Minuman', exact: true }).waitFor();
    await screenshot(page, 'landing');

    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.getByLabel('Cari produk').fill('kripik');
    await page.getByRole('link', { name: 'Keripik Tempe Original' }).waitFor();
    expect(page.url()).toContain('q=kripik');

    await page.getByRole('button', { name: 'Reset filter' }).click();
    await page.getByRole('button', { name: 'Minuman', exact: true }).click();
    await page.getByRole('link', { name: 'Kopi Arabika Java Preanger' }).waitFor();
    expect(page.url()).toMatch(/category_id=\d+/);
    const categories = await page.locator('article p.uppercase').allTextContents();
    expect(new Set(categories)).toEqual(new Set(['Minuman']));

    await page.getByRole('link', { name: 'Kopi Arabika Java Preanger' }).click();
    await page.getByRole('heading', { name: 'Kopi Arabika Java Preanger' }).waitFor();
    await page.getByText('500 g', { exact: true }).click();
    await page.getByLabel('Gilingan').selectOption('Bubuk halus');
    await expect.poll(() => page.getByText('Rp150.000', { exact: true }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await page.getByText('Ditambahkan ke keranjang.').waitFor();

    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await line.first().waitFor();
    await expect.poll(() => line.count()).toBe(1);
    await line.getByText('Ukuran: 500 g').waitFor();
    await line.getByText('Gilingan: Bubuk halus').waitFor();
    await line.getByRole('button', { name: 'Tambah jumlah' }).click();
    await expect.poll(() => page.getByTestId('line-total').textContent()).toBe('Rp300.000');

    await page.reload();
    await page.getByTestId('cart-line').waitFor();
    await expect.poll(() => page.getByTestId('line-total').textContent()).toBe('Rp300.000');
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('Rp300.000');
    // Decreasing from 1 removes the line.
    await page.getByRole('button', { name: 'Kurangi jumlah' }).click();
    await page.getByRole('button', { name: 'Kurangi jumlah' }).click();
    await page.getByRole('link', { name: 'Mulai belanja' }).waitFor();
  });

  it('works on a 360 px phone without sideways scrolling', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    await page.goto('/catalog');
    await page.locator('article').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await page.getByRole('navigation', { name: 'Menu seluler' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('navigation', { name: 'Menu seluler' }).waitFor({ state: 'detached' });
    await screenshot(page, 'landing-360');
  });

  it('shows the landing page on an unknown path and a clear message for an unknown product', async () => {
    const { page, consoleErrors } = await e2e.openPage();
    await page.goto('/tidak/ada/halaman');
    await page.getByRole('heading', { name: 'Belanja per kategori' }).waitFor();
    await page.goto('/product/999999');
    await page.getByRole('heading', { name: 'Produk tidak ditemukan.' }).waitFor();
    await page.getByRole('link', { name: 'Kembali ke katalog' }).waitFor();
    // The browser logs the 404 answer of the API as a console error: expected here.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('404')));
  });
});
