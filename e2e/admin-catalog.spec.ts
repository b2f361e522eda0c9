/**
 * Issue 5 end to end: an admin builds a product from nothing in the back office and the storefront
 * follows every change (price, discount, deactivation); then a business and a knowledge entry.
 */
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, startServer, type RunningServer } from './support/harness';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  expect(consoleErrors).toEqual([]);
  await context?.close();
});

async function signInAsAdmin() {
  await page.goto('/login');
  await page.getByLabel('Username atau email').fill('admin');
  await page.getByLabel('Kata sandi').fill('admin12345');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
}

async function productIdByName(name: string): Promise<number | undefined> {
  const res = await fetch(`${server.baseUrl}/api/v1/catalog/products/?q=${encodeURIComponent(name)}&page_size=5`);
  const body = (await res.json()) as { data: { items: { id: number; name: string }[] } };
  return body.data.items.find((p) => p.name === name)?.id;
}

const rupiah = (digits: string) => new RegExp(`Rp\\s?${digits.replace('.', '\\.')}`);

describe('back office: catalogue and partners', () => {
  it('creates a category and a product with variants, options and an image; the storefront follows each change', async () => {
    ({ context, page, consoleErrors } = await newPage(browser, server.baseUrl));
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin();
    // The dashboard shows live figures.
    await page.getByRole('heading', { name: 'Dasbor' }).waitFor();
    await page.getByText('Pendapatan bulan ini').waitFor();

    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Kategori' }).click();
    await page.getByLabel('Nama kategori').fill('Kopi Lokal');
    await page.getByLabel('Deskripsi').fill('Kopi dari kebun Jawa Barat');
    await page.getByRole('button', { name: 'Tambah kategori' }).click();
    await page.getByText('Kategori berhasil ditambahkan.').waitFor();
    await page.getByRole('cell', { name: 'Kopi Lokal', exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Produk' }).click();
    await page.getByRole('button', { name: '+ Tambah produk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah produk' });
    // The form refuses an empty save with the spec's messages.
    await dialog.getByRole('button', { name: 'Simpan produk' }).click();
    await dialog.getByText('Nama produk wajib diisi.').waitFor();
    await dialog.getByText('Kategori wajib dipilih.').waitFor();

    await dialog.getByLabel('Nama produk').fill('Kopi Arabika Puntang');
    await dialog.getByLabel('Deskripsi', { exact: true }).fill('Biji kopi arabika dari Gunung Puntang, sangrai medium.');
    await dialog.getByLabel('Kategori').selectOption({ label: 'Kopi Lokal' });
    await dialog.getByLabel('Usaha mitra').selectOption({ index: 1 });
    await dialog.getByLabel('Harga (Rp)').fill('30000');
    await dialog.getByLabel('Diskon (%)').fill('10');
    await dialog.getByLabel('Berat (gram)').fill('250');
    await dialog.getByRole('button', { name: '+ Tambah varian' }).click();
    await dialog.getByLabel('Varian 1: nama').fill('250 g');
    await dialog.getByLabel('Harga', { exact: true }).first().fill('30000');
    await dialog.getByLabel('Stok', { exact: true }).nth(1).fill('8');
    await dialog.getByRole('button', { name: '+ Tambah varian' }).click();
    await dialog.getByLabel('Varian 2: nama').fill('500 g');
    await dialog.locator('#variant-1-price').fill('55000');
    await dialog.locator('#variant-1-stock').fill('5');
    await dialog.getByRole('button', { name: '+ Tambah kelompok opsi' }).click();
    await dialog.getByLabel('Opsi 1: nama').fill('Gilingan');
    await dialog.getByLabel('Nilai (pisahkan dengan koma)').fill('Biji utuh, Halus, Kasar');
    const picture = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#6b3e26' } }).jpeg().toBuffer();
    await dialog.getByLabel('Gambar sampul').setInputFiles({ name: 'kopi.jpg', mimeType: 'image/jpeg', buffer: picture });
    await dialog.getByRole('button', { name: 'Simpan produk' }).click();
    await page.getByText('Produk berhasil ditambahkan.').waitFor();
    const card = page.getByRole('list', { name: 'Daftar produk' }).getByRole('listitem').filter({ hasText: 'Kopi Arabika Puntang' });
    await card.getByText('Stok 13').waitFor();
    await screenshot(page, 'admin-products');

    const id = await productIdByName('Kopi Arabika Puntang');
    expect(id).toBeDefined();
    await page.goto(`/product/${id}`);
    await page.getByRole('heading', { name: 'Kopi Arabika Puntang' }).waitFor();
    // Lowest variant 30,000 minus 10% = 27,000.
    await page.getByText(rupiah('27.000')).first().waitFor();
    const img = page.locator('main img[srcset*="/uploads/products/"]').first();
    await img.waitFor();
    expect(await img.getAttribute('srcset')).toMatch(/-320\.webp 320w/);
    await page.getByText('Gilingan').first().waitFor();

    // Raise the discount to 20%: the storefront shows 24,000.
    await page.goto('/admin/products?q=Puntang');
    await page.getByRole('button', { name: 'Ubah Kopi Arabika Puntang' }).click();
    const edit = page.getByRole('dialog', { name: /Ubah produk/ });
    await edit.getByLabel('Diskon (%)').fill('20');
    await edit.getByRole('button', { name: 'Simpan produk' }).click();
    await page.getByText('Produk berhasil diperbarui.').waitFor();
    await page.goto(`/product/${id}`);
    await page.getByText(rupiah('24.000')).first().waitFor();

    // Deactivate: it vanishes from the catalogue.
    await page.goto('/admin/products?q=Puntang');
    await page.getByRole('button', { name: 'Ubah Kopi Arabika Puntang' }).click();
    await page.getByRole('dialog', { name: /Ubah produk/ }).getByLabel('Aktif (tampil di katalog)').uncheck();
    await page.getByRole('dialog', { name: /Ubah produk/ }).getByRole('button', { name: 'Simpan produk' }).click();
    await page.getByText('Produk berhasil diperbarui.').waitFor();
    expect(await productIdByName('Kopi Arabika Puntang')).toBeUndefined();
    await page.goto('/catalog?q=Puntang');
    await page.getByRole('heading', { name: 'Katalog Produk' }).waitFor().catch(() => undefined);
    await page.waitForTimeout(800);
    expect(await page.getByText('Kopi Arabika Puntang').count()).toBe(0);
  });

  it('adds a business with city and district, and a knowledge entry linked to a product', async () => {
    ({ context, page, consoleErrors } = await newPage(browser, server.baseUrl));
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin();
    await page.goto('/admin/businesses');
    await page.getByRole('button', { name: 'Add business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah usaha mitra' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Business name is required').waitFor();
    await dialog.getByText('Select a city / regency').waitFor();
    await dialog.getByText('Select a district').waitFor();
    // Escape closes the modal without saving.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add business' }).click();

    await dialog.getByLabel('Nama usaha').fill('Rajut Ceria Cibaduyut');
    await dialog.getByLabel('Cari kota/kabupaten').fill('kota ba');
    await dialog.getByLabel('Kota/kabupaten', { exact: true }).selectOption({ label: 'Kota Bandung' });
    await dialog.getByLabel('Kecamatan').selectOption({ label: 'Bojongloa Kidul' });
    await dialog.getByLabel('Email').fill('rajut@contoh.id');
    await dialog.getByLabel('Situs web').fill('rajutceria.id');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Usaha mitra berhasil ditambahkan.').waitFor();
    const card = page.getByRole('list', { name: 'Daftar usaha mitra' }).getByRole('listitem').filter({ hasText: 'Rajut Ceria Cibaduyut' });
    await card.getByText('Bojongloa Kidul, Kota Bandung').waitFor();
    await card.getByRole('link', { name: 'https://rajutceria.id' }).waitFor();
    await page.getByLabel('Cari usaha').fill('bojongloa');
    expect(await page.getByRole('list', { name: 'Daftar usaha mitra' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(1);

    await page.goto('/admin/knowledge');
    await page.getByLabel('Judul').fill('Cara menyimpan kopi bubuk');
    await page.getByLabel('Produk terkait').selectOption({ label: 'Keripik Tempe Original' });
    await page.getByLabel('Deskripsi').fill('Simpan dalam toples kedap udara, jauh dari sinar matahari.');
    await page.getByRole('button', { name: 'Tambah entri' }).click();
    await page.getByText('Entri pengetahuan berhasil ditambahkan.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Cara menyimpan kopi bubuk' });
    await row.getByRole('cell', { name: 'Keripik Tempe Original' }).waitFor();
    // The newest entry is first.
    expect(await page.getByRole('row').nth(1).textContent()).toContain('Cara menyimpan kopi bubuk');
  });
});
