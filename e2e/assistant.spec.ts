/**
 * Issue 7 end to end: a shopper asks the assistant how to store a product, gets the knowledge
 * entry's answer with its source linked, and adds the suggested product to the cart from the
 * chat; an unanswered question reaches the admin's knowledge screen; an admin drafts an AI
 * description for a product.
 */
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

describe('shopping assistant', () => {
  it('answers how to store a product from its knowledge entry, links the source, and adds the product to the cart', async () => {
    ({ context, page, consoleErrors } = await newPage(browser, server.baseUrl, { mobile: true }));
    await page.goto('/catalog');
    await page.getByRole('button', { name: 'Tanya Asisten' }).click();
    const panel = page.getByRole('dialog', { name: 'Tanya Asisten' });
    await panel.getByLabel('Pertanyaan untuk asisten').fill('Bagaimana cara menyimpan keripik tempe supaya tetap renyah?');
    await panel.getByRole('button', { name: 'Kirim', exact: true }).click();
    const answer = panel.getByTestId('assistant-answer').last();
    await answer.getByText(/toples kedap udara/).waitFor();
    const source = answer.getByRole('link', { name: 'Cara menyimpan keripik tempe agar tetap renyah' });
    await expect(source.getAttribute('href')).resolves.toMatch(/^\/product\/\d+$/);
    const card = answer.getByTestId('assistant-product').filter({ hasText: 'Keripik Tempe Original' });
    await card.getByText(/Rp\s?15\.000/).waitFor();
    await screenshot(page, 'assistant-answer');

    await card.getByRole('button', { name: 'Tambah Keripik Tempe Original ke keranjang' }).click();
    await card.getByText('✓ Ditambahkan').waitFor();
    await page.getByRole('link', { name: 'Keranjang, 1 barang' }).waitFor();

    // The conversation survives moving to another page in the same browser session.
    await source.click();
    await page.waitForURL(/\/product\/\d+$/);
    await page.getByRole('dialog', { name: 'Tanya Asisten' }).getByText(/toples kedap udara/).waitFor();
    await page.goto('/cart');
    await page.getByText('Keripik Tempe Original').first().waitFor();
  });

  it('keeps an unanswered question for the admin and drafts an AI description', async () => {
    ({ context, page, consoleErrors } = await newPage(browser, server.baseUrl));
    await page.goto('/');
    await page.getByRole('button', { name: 'Tanya Asisten' }).click();
    const panel = page.getByRole('dialog', { name: 'Tanya Asisten' });
    await panel.getByLabel('Pertanyaan untuk asisten').fill('Apakah bisa pesan tumpeng untuk syukuran?');
    await panel.getByRole('button', { name: 'Kirim', exact: true }).click();
    await panel.getByText(/belum punya informasi/).waitFor();

    await signInAsAdmin();
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Pengetahuan' }).click();
    const questions = page.getByRole('list', { name: 'Pertanyaan yang belum terjawab' });
    const item = questions.getByRole('listitem').filter({ hasText: 'Apakah bisa pesan tumpeng untuk syukuran?' });
    await item.waitFor();
    await item.getByRole('button', { name: 'Jadikan entri' }).click();
    await expect(page.getByLabel('Judul').inputValue()).resolves.toBe('Apakah bisa pesan tumpeng untuk syukuran?');

    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Produk' }).click();
    await page.getByPlaceholder('Nama, deskripsi, usaha, atau ID').fill('Opak Ketan Bakar');
    await page.getByRole('button', { name: 'Ubah Opak Ketan Bakar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah produk: Opak Ketan Bakar' });
    await dialog.getByRole('button', { name: '✨ Buat deskripsi AI' }).click();
    await dialog.getByText('Draf dari data produk (tanpa model bahasa). Sunting lalu simpan.').waitFor();
    await expect(dialog.getByLabel('Deskripsi AI').inputValue()).resolves.toContain('Opak Ketan Bakar');
  });
});
