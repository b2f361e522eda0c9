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

async function productId(name: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/v1/catalog/products/?q=${encodeURIComponent(name)}&page_size=5`);
  const body = (await res.json()) as { data: { items: { id: number; name: string }[] } };
  const found = body.data.items.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found.id;
}

async function addToCartAndCheckout(name: string) {
  await page.goto(`/product/${await productId(name)}`);
  await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
  await page.getByText('Ditambahkan ke keranjang.').waitFor();
  await page.goto('/checkout');
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
}

async function fillRecipient() {
  await page.getByLabel('Nama penerima').fill('Tamu Bandung');
  await page.getByLabel('Alamat lengkap').fill('Jl. Braga No. 5, RT 01 RW 02');
  await page.getByLabel('Provinsi').selectOption({ label: 'Jawa Barat' });
  await page.getByLabel('Kota/Kabupaten').selectOption({ label: 'Kota Bandung' });
  await page.getByLabel('Kecamatan').selectOption({ label: 'Sumur Bandung' });
  await page.getByLabel('Kode pos').fill('40111');
  await page.getByLabel('Nomor telepon').fill('081234567890');
  await page.waitForFunction(() => !/Belum dipilih|Menghitung/.test(document.querySelector('[data-testid="shipping-choice"]')?.textContent ?? 'Belum dipilih'));
}

describe('checkout', () => {
  it('a guest buys with manual transfer and lands on the catalogue with the alert', async () => {
    ({ context, page, consoleErrors } = await newPage(browser, server.baseUrl));
    await addToCartAndCheckout('Opak Ketan Bakar');
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    await page.getByText('Lengkapi seluruh informasi pengiriman yang wajib diisi.').waitFor();
    await fillRecipient();
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    await page.getByText('Email dibutuhkan untuk pesanan tamu.').waitFor();
    await page.getByLabel('Email').fill('tamu@contoh.id');
    await page.getByText('Berat').waitFor();
    await expect(page.getByText('500 g', { exact: true }).count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'checkout');
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    await page.waitForURL(`${server.baseUrl}/catalog`);
    await page.getByRole('alert').filter({ hasText: 'Pesanan berhasil dibuat. Terima kasih!' }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').items?.length ?? 0)).toBe(0);
  });

  it('a signed-in customer pays through the sandbox gateway and sees the order paid', async () => {
    ({ context, page, consoleErrors } = await newPage(browser, server.baseUrl));
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'pembeli', password: 'pembeli12345' }) });
    const { data } = (await login.json()) as { data: { token: string; user: unknown } };
    await page.goto('/');
    await page.evaluate(([token, user]) => {
      localStorage.setItem('token', token as string);
      localStorage.setItem('user', JSON.stringify(user));
    }, [data.token, data.user] as const);
    await addToCartAndCheckout('Kacang Sangrai Bawang');
    await expect(page.getByLabel('Email').count()).resolves.toBe(0);
    await fillRecipient();
    await page.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
    await page.getByRole('dialog').getByText('QRIS (semua e-wallet & m-banking)').click();
    await page.getByText('Biaya pembayaran').waitFor();
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    const popup = await popupPromise;
    await page.getByTestId('payment-info').waitFor();
    await page.getByText('Pesanan berhasil dibuat. Selesaikan pembayaran melalui Gateway Sandbox.').waitFor();
    await popup.getByRole('button', { name: 'Bayar sekarang' }).click();
    await popup.getByText('Status: paid').waitFor();
    await page.goto('/pesanan');
    await page.getByTestId('my-order').first().waitFor();
    await expect(page.getByTestId('payment-status').first().textContent()).resolves.toBe('Sudah dibayar');
    await expect(page.getByTestId('order-status').first().textContent()).resolves.toBe('Menunggu konfirmasi');
  });
});
