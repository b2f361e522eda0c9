/** The shopper's steps to a filled checkout, shared by the checkout and manual-transfer flows. */
import type { Page } from 'playwright-core';
import { productId } from './api';

export async function addToCartAndCheckout(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`/product/${await productId(baseUrl, name)}`);
  await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
  await page.getByText('Ditambahkan ke keranjang.').waitFor();
  await page.goto('/checkout');
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
}

/** A recipient in Sumur Bandung (the demo store's district), then waits for a shipping choice. */
export async function fillRecipient(page: Page, recipient: { name: string; address: string; phone: string }): Promise<void> {
  await page.getByLabel('Nama penerima').fill(recipient.name);
  await page.getByLabel('Alamat lengkap').fill(recipient.address);
  await page.getByLabel('Provinsi').selectOption({ label: 'Jawa Barat' });
  await page.getByLabel('Kota/Kabupaten').selectOption({ label: 'Kota Bandung' });
  await page.getByLabel('Kecamatan').selectOption({ label: 'Sumur Bandung' });
  await page.getByLabel('Kode pos').fill('40111');
  await page.getByLabel('Nomor telepon').fill(recipient.phone);
  await page.waitForFunction(() => !/Belum dipilih|Menghitung/.test(document.querySelector('[data-testid="shipping-choice"]')?.textContent ?? 'Belum dipilih'));
}

/** A guest's way to the order button: the product in the cart, the recipient filled, the guest's e-mail. */
export async function guestAtCheckout(page: Page, baseUrl: string, product: string, recipient: { name: string; address: string; phone: string }, email: string): Promise<void> {
  await addToCartAndCheckout(page, baseUrl, product);
  await fillRecipient(page, recipient);
  await page.getByLabel('Email').fill(email);
}
