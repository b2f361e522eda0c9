/**
 * Issue 17 (docs/issues.md): the point of sale as a cashier uses it all day. The sale being rung up
 * survives another screen and a reload until it is paid or emptied; on a 360 px phone the count and
 * total stay in view and the cart is one tap away; two sizes of one product have their own names.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Product } from '@pasar/core/catalog';
import { formatRupiah } from '@pasar/core/money';
import { unitPrice } from '@pasar/core/pricing';
import { screenshot } from './support/harness';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

/** A demo product with at least two sizes in stock, and a plain one in stock. */
async function pickProducts(): Promise<{ sized: Product; sizes: [string, string]; plain: Product }> {
  const page = await e2e.adminApi<{ items: Product[] }>('GET', '/products/?page_size=48&status=active');
  const sized = page.items.find((p) => p.is_active && p.size_variants.filter((v) => v.stock > 0).length >= 2);
  const plain = page.items.find((p) => p.is_active && p.size_variants.length === 0 && p.stock > 2);
  if (!sized || !plain) throw new Error('demo data has no sized and plain products');
  const inStock = sized.size_variants.filter((v) => v.stock > 0);
  return { sized, sizes: [inStock[0]!.label, inStock[1]!.label], plain };
}

async function tapProduct(page: Page, product: Product, size?: string): Promise<void> {
  await page.getByLabel('Cari produk').fill(product.name);
  // The card is named by its own text, "Tambah <name> <partner> <price> Stok <n>" (issue 31 item 27).
  await page.getByRole('button', { name: new RegExp(`^Tambah ${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) }).click();
  if (size) await page.getByRole('dialog', { name: `Pilih ukuran ${product.name}` }).getByRole('button', { name: new RegExp(`^${size}\\b`) }).click();
}

const quantity = (page: Page, label: string) => page.getByRole('spinbutton', { name: `Jumlah ${label}`, exact: true });

async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return !!box && !!size && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}

describe('POS all day (issue 17)', () => {
  it('keeps the sale across another screen and a reload, until it is paid', async () => {
    const { sized, sizes, plain } = await pickProducts();
    const { page } = await e2e.openPage();
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin(page, e2e.baseUrl);
    const menu = page.getByRole('navigation', { name: 'Menu admin' });
    await menu.getByRole('link', { name: 'Kasir (POS)' }).click();
    await tapProduct(page, plain);
    await tapProduct(page, sized, sizes[0]);
    await tapProduct(page, sized, sizes[1]);
    await page.getByRole('button', { name: 'Data pelanggan' }).click();
    await page.getByRole('dialog', { name: 'Data pelanggan' }).getByLabel(/Nama/).fill('Bu Sari');
    await page.getByRole('dialog', { name: 'Data pelanggan' }).getByRole('button', { name: 'Tutup' }).click();
    const total = unitPrice(plain) + unitPrice(sized, sizes[0]) + unitPrice(sized, sizes[1]);
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe(formatRupiah(total));

    // Two sizes of one product: two lines whose controls say which size they change.
    await quantity(page, `${sized.name} (${sizes[0]})`).waitFor();
    await quantity(page, `${sized.name} (${sizes[1]})`).waitFor();
    expect(await page.getByRole('button', { name: `Hapus ${sized.name} (${sizes[1]})` }).count()).toBe(1);

    // Another screen and back: the sale is still there.
    await menu.getByRole('link', { name: 'Dasbor' }).click();
    await page.waitForURL(`${e2e.baseUrl}/admin/dashboard`);
    await menu.getByRole('link', { name: 'Kasir (POS)' }).click();
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe(formatRupiah(total));
    await expect.poll(() => quantity(page, plain.name).inputValue()).toBe('1');

    // A reload too, with the customer.
    await page.reload();
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe(formatRupiah(total));
    await page.getByRole('button', { name: 'Bu Sari' }).waitFor();

    // Paid: the receipt, and the next sale starts empty, also after a reload.
    await page.getByRole('button', { name: 'Uang pas' }).click();
    await page.getByRole('button', { name: /^Bayar/ }).click();
    await page.getByRole('dialog', { name: 'Struk' }).waitFor();
    await page.getByRole('dialog', { name: 'Struk' }).getByRole('button', { name: 'Tutup' }).first().click();
    await page.reload();
    await page.getByText('Keranjang kosong. Ketuk produk untuk menambahkannya.').waitFor();
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe(formatRupiah(0));
  });

  it('the cashier can empty the cart, and it stays empty after a reload', async () => {
    const { plain } = await pickProducts();
    const { page } = await e2e.openPage();
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/pos');
    await tapProduct(page, plain);
    await quantity(page, plain.name).waitFor();
    await page.getByRole('button', { name: 'Kosongkan keranjang' }).click();
    await page.getByText('Keranjang kosong. Ketuk produk untuk menambahkannya.').waitFor();
    await page.reload();
    await page.getByText('Keranjang kosong. Ketuk produk untuk menambahkannya.').waitFor();
  });

  it('at 360 px a tapped product shows in a summary bar in view, and a sale is paid with the total in view', async () => {
    const { plain } = await pickProducts();
    const { page } = await e2e.openPage({ mobile: true });
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/pos');
    await page.getByRole('list', { name: 'Daftar produk POS' }).waitFor();
    await page.getByText('Keranjang kosong. Ketuk produk untuk menambahkannya.').waitFor({ state: 'attached' });

    await tapProduct(page, plain);
    await tapProduct(page, plain);
    const bar = page.getByRole('region', { name: 'Ringkasan keranjang' });
    const barTotal = bar.getByTestId('pos-bar-total');
    await expect.poll(() => barTotal.textContent()).toBe(formatRupiah(unitPrice(plain) * 2));
    await expect.poll(() => inViewport(page, barTotal)).toBe(true);
    await expect.poll(() => inViewport(page, bar.getByText('2 barang'))).toBe(true);

    // One tap brings the cart and its payment into view.
    await bar.getByRole('button', { name: 'Ke pembayaran' }).click();
    await expect.poll(() => inViewport(page, page.getByRole('heading', { name: 'Keranjang (2)' }))).toBe(true);
    await page.getByRole('button', { name: 'Uang pas' }).click();
    const pay = page.getByRole('button', { name: /^Bayar/ });
    await pay.scrollIntoViewIfNeeded();
    // Paying, the total is on screen: in the bar (and on the button).
    expect(await inViewport(page, barTotal)).toBe(true);
    await screenshot(page, 'pos-phone-pay');
    await pay.click();
    await page.getByRole('dialog', { name: 'Struk' }).waitFor();
  });
});
