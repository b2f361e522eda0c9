/**
 * Issue 5 (docs/issues.md) end to end: an admin builds a product from nothing in the back office and the storefront
 * follows every change (price, discount, deactivation) while the dashboard's figures follow too;
 * then a business (with the city list's failure messages), a product of it and a knowledge entry
 * linked to that product; and the product pages after the last item of the last page goes.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findProductId } from './support/api';
import { screenshot } from './support/harness';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

const rupiah = (digits: string) => new RegExp(`Rp\\s?${digits.replace('.', '\\.')}`);

/** Waits until a dashboard stat card shows exactly this figure. */
const statIs = (p: Page, label: string, value: number) =>
  p.getByRole('group', { name: label, exact: true }).getByTestId('stat-value').filter({ hasText: new RegExp(`^${value}$`) }).waitFor();

describe('back office: catalogue and partners', () => {
  it('creates a category and a product with variants, options and an image; the storefront follows each change', async () => {
    const { page } = await e2e.openPage();
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin(page, e2e.baseUrl);
    // The dashboard shows the database's figures, not samples.
    const before = await e2e.adminApi<{ products: { total: number; low_stock: number }; businesses: { total: number; active: number } }>('GET', '/dashboard/summary');
    await page.getByRole('heading', { name: 'Dasbor' }).waitFor();
    await statIs(page, 'Produk', before.products.total);
    await page.getByRole('group', { name: 'Produk', exact: true }).getByText(`${before.products.low_stock} stok menipis (≤ 5)`).waitFor();
    await statIs(page, 'Usaha mitra', before.businesses.total);
    await page.getByRole('group', { name: 'Usaha mitra', exact: true }).getByText(`${before.businesses.active} aktif`).waitFor();

    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Kategori' }).click();
    await page.getByLabel('Nama kategori').fill('Kopi Lokal');
    await page.getByLabel('Deskripsi').fill('Kopi dari kebun Jawa Barat');
    await page.getByRole('button', { name: 'Tambah kategori' }).click();
    await page.getByText('Kategori berhasil ditambahkan.').waitFor();
    await page.getByRole('cell', { name: 'Kopi Lokal', exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Produk', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah produk' });
    // The modal's close button closes it without saving.
    await page.getByRole('button', { name: '+ Tambah produk' }).click();
    await dialog.getByLabel('Nama produk').fill('Tidak jadi disimpan');
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '+ Tambah produk' }).click();
    expect(await dialog.getByLabel('Nama produk').inputValue()).toBe('');
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
    // The dashboard counts it.
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Dasbor' }).click();
    await statIs(page, 'Produk', before.products.total + 1);
    await page.getByText('Produk baru: Kopi Arabika Puntang').waitFor();

    const id = await findProductId(e2e.baseUrl, 'Kopi Arabika Puntang');
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
    // Listed in the catalogue while active, next to the seeded coffee from Gunung Puntang.
    await page.goto('/catalog?q=Puntang');
    await page.locator('main').getByText('Kopi Arabika Puntang').first().waitFor();
    await page.locator('main').getByText('Kopi Arabika Java Preanger').first().waitFor();

    // Deactivate: it vanishes from the catalogue.
    await page.goto('/admin/products?q=Puntang');
    await page.getByRole('button', { name: 'Ubah Kopi Arabika Puntang' }).click();
    await page.getByRole('dialog', { name: /Ubah produk/ }).getByLabel('Aktif (tampil di katalog)').uncheck();
    await page.getByRole('dialog', { name: /Ubah produk/ }).getByRole('button', { name: 'Simpan produk' }).click();
    await page.getByText('Produk berhasil diperbarui.').waitFor();
    expect(await findProductId(e2e.baseUrl, 'Kopi Arabika Puntang')).toBeUndefined();
    // The same search still finds the seeded coffee from Gunung Puntang (the results have
    // rendered), but no longer ours.
    await page.goto('/catalog?q=Puntang');
    await page.locator('main').getByText('Kopi Arabika Java Preanger').first().waitFor();
    expect(await page.locator('main').getByText('Kopi Arabika Puntang').count()).toBe(0);
  });

  it('adds a business with city and district, a product of it, and a knowledge entry linked to that product', async () => {
    const { page, consoleErrors } = await e2e.openPage();
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin(page, e2e.baseUrl);
    const dialog = page.getByRole('dialog', { name: 'Tambah usaha mitra' });
    const citySelect = dialog.getByLabel('Kota/kabupaten', { exact: true });

    // The city list depends on the store settings: when they fail to load, the form says so.
    await page.route('**/api/v1/settings/store', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Terjadi kesalahan pada server.', code: 'INTERNAL' }) }));
    await page.goto('/admin/businesses');
    await page.getByRole('button', { name: 'Add business' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to load cities for the configured province. Please reload the page.' }).waitFor();
    expect(await citySelect.isDisabled()).toBe(true);
    // Chromium reports each refused request (the first try and the one retry) as a console error.
    expect(consoleErrors.length).toBeGreaterThan(0);
    expect(consoleErrors.every((e) => e.includes('status of 500'))).toBe(true);
    consoleErrors.length = 0;
    // When no store location is set, it says what to do.
    await page.route('**/api/v1/settings/store', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: { store_location: null, bank_account: null, store_profile: null } }) }));
    await page.reload();
    await page.getByRole('button', { name: 'Add business' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Lokasi toko belum diatur' }).waitFor();
    expect(await citySelect.isDisabled()).toBe(true);
    await page.unrouteAll();
    await page.reload();

    await page.getByRole('button', { name: 'Add business' }).click();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Business name is required').waitFor();
    await dialog.getByText('Select a city / regency').waitFor();
    await dialog.getByText('Select a district').waitFor();
    expect(await dialog.getByRole('alert').filter({ hasText: 'Failed to load cities' }).count()).toBe(0);
    // Escape closes the modal without saving; so does a click on the backdrop.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add business' }).click();
    await dialog.getByLabel('Nama usaha').fill('Tidak jadi');
    await page.mouse.click(10, 10);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add business' }).click();
    expect(await dialog.getByLabel('Nama usaha').inputValue()).toBe('');

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

    // A product of the new business, then a knowledge entry about that very product.
    const business = (await e2e.adminApi<{ id: number; name: string }[]>('GET', '/businesses/')).find((b) => b.name === 'Rajut Ceria Cibaduyut')!;
    const categoryId = (await e2e.adminApi<{ id: number }[]>('GET', '/catalog/categories/'))[0]!.id;
    const product = await e2e.adminApi<{ id: number }>('POST', '/products/', { name: 'Syal Rajut Cibaduyut', price: 65000, stock: 6, category_id: categoryId, business_id: business.id, weight_grams: 200 });
    await page.goto('/admin/knowledge');
    await page.getByLabel('Judul').fill('Cara mencuci syal rajut');
    await page.getByLabel('Produk terkait').selectOption({ label: 'Syal Rajut Cibaduyut' });
    await page.getByLabel('Deskripsi').fill('Cuci dengan tangan memakai air dingin, jangan diperas, keringkan mendatar.');
    await page.getByRole('button', { name: 'Tambah entri' }).click();
    await page.getByText('Entri pengetahuan berhasil ditambahkan.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Cara mencuci syal rajut' });
    await row.getByRole('cell', { name: 'Syal Rajut Cibaduyut' }).waitFor();
    // The newest entry is first, and it is linked to the product made above.
    expect(await page.getByRole('row').nth(1).textContent()).toContain('Cara mencuci syal rajut');
    const entries = await e2e.adminApi<{ title: string; product_id: number | null }[]>('GET', '/knowledge/');
    expect(entries.find((k) => k.title === 'Cara mencuci syal rajut')?.product_id).toBe(product.id);
  });

  it('goes back to the last page that exists after deleting the only product of the last page', async () => {
    const { page } = await e2e.openPage();
    page.on('dialog', (d) => void d.accept());
    const categoryId = (await e2e.adminApi<{ id: number }[]>('GET', '/catalog/categories/'))[0]!.id;
    // 13 products: 12 on page 1 and one on page 2.
    for (let i = 1; i <= 13; i += 1) {
      await e2e.adminApi('POST', '/products/', { name: `Gantungan Kunci Wayang ${String(i).padStart(2, '0')}`, price: 15000 + i, stock: 10, category_id: categoryId, weight_grams: 50 });
    }
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/products?q=Gantungan%20Kunci%20Wayang&page=2');
    const pager = page.getByRole('navigation', { name: 'Halaman produk' });
    await pager.getByText('Halaman 2 dari 2 · 13 produk').waitFor();
    const cards = page.getByRole('list', { name: 'Daftar produk' }).getByRole('listitem');
    expect(await cards.count()).toBe(1);
    const last = (await cards.first().getByRole('heading').textContent())!;
    await cards.first().getByRole('button', { name: `Hapus ${last}` }).click();
    await page.getByText('Produk berhasil dihapus.').waitFor();
    await pager.getByText('Halaman 1 dari 1 · 12 produk').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Daftar produk"] > li').length === 12);
    expect(await page.getByText('Tidak ada produk yang cocok dengan filter ini.').count()).toBe(0);
  });
});
