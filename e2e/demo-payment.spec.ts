/**
 * Issue 16 part 3 §4: the demo gateway as a shopper meets it, on a 360 px phone. The chooser, the
 * success message, the order page and the e-mail name it in plain words ("Pembayaran online
 * (demo)") with the "Mode demo" label and never "sandbox"; its pay page speaks Indonesian, names
 * the payment's and the order's states by core's labels, and leads back to the order and the shop.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paymentMessages } from '@pasar/core/payments';
import { screenshot } from './support/harness';
import { guestAtCheckout } from './support/checkout';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();
const recipient = { name: 'Tamu Demo', address: 'Jl. Riau No. 3', phone: '081233334444' };
const shopperName = 'Pembayaran online (demo)';

/** The words a shopper reads on the page (links' addresses are not read). */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

describe('the demo gateway, as a shopper sees it', () => {
  it('names it in plain words with the demo label, and its pay page leads back in Indonesian', async () => {
    const { context, page } = await e2e.openPage({ mobile: true });
    await guestAtCheckout(page, e2e.baseUrl, 'Kacang Sangrai Bawang', recipient, 'tamu.demo@contoh.id');

    await page.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
    const chooser = page.getByRole('dialog');
    await chooser.getByTestId('sandbox-notice').waitFor();
    expect(await chooser.getByTestId('sandbox-notice').textContent()).toBe(paymentMessages.sandboxNotice);
    await expect.poll(() => chooser.getByText(shopperName).count()).toBeGreaterThan(0);
    expect(await chooser.textContent()).not.toMatch(/sandbox/i);
    await screenshot(page, 'demo-payment-chooser-360');
    await chooser.getByText('QRIS (semua e-wallet & m-banking)').click();
    await page.getByText(paymentMessages.sandboxNotice).waitFor();

    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    const popup = await popupPromise;
    await page.getByRole('status').filter({ hasText: `Pesanan berhasil dibuat. Selesaikan pembayaran melalui ${shopperName}.` }).waitFor();
    await page.getByTestId('payment-instructions').getByTestId('sandbox-notice').waitFor();
    expect(await visibleText(page)).not.toMatch(/sandbox/i);
    const heading = (await page.getByTestId('payment-info').getByRole('heading', { level: 1 }).textContent()) ?? '';
    const orderId = Number(/#(\d+)/.exec(heading)?.[1]);
    expect(orderId).toBeGreaterThan(0);

    // The pay page: Indonesian, the demo label, no English status.
    await popup.getByRole('button', { name: 'Bayar sekarang' }).waitFor();
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe('id');
    expect(await visibleText(popup)).toContain(paymentMessages.sandboxNotice);
    expect(await popup.getByTestId('pay-status').textContent()).toBe('Belum dibayar');
    await screenshot(popup, 'demo-payment-pay-page-360');
    await popup.getByRole('button', { name: 'Bayar sekarang' }).click();
    await expect.poll(() => popup.getByRole('status').getByTestId('pay-status').textContent()).toBe('Sudah dibayar');
    expect(await popup.getByTestId('order-status').textContent()).toBe('Menunggu konfirmasi');
    const paid = await visibleText(popup);
    expect(paid).not.toMatch(/sandbox|Status: |paid|pending/i);
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(popup, 'demo-payment-paid-360');

    // Back to the order's own page, then to the shop.
    await popup.getByRole('link', { name: 'Lihat halaman pesanan' }).click();
    await popup.waitForURL(/\/pesanan\/akses\/[0-9a-f]{64}$/);
    await expect.poll(() => popup.getByRole('heading', { level: 1 }).textContent()).toBe(`Pesanan #${orderId}`);
    await expect.poll(() => popup.getByTestId('payment-status').textContent()).toBe('Sudah dibayar');
    expect(await visibleText(popup)).not.toMatch(/sandbox/i);
    await popup.goBack();
    await popup.getByRole('link', { name: 'Kembali ke toko' }).click();
    await popup.waitForURL(`${e2e.baseUrl}/`);

    // The buyer's e-mail: the demo label, no "sandbox" in its words (the pay link's address aside).
    const outbox = await e2e.adminApi<{ items: { kind: string; order_id: number | null; to_address: string; text_body: string }[] }>('GET', '/outbox?page_size=50');
    // The confirmation sent at checkout; the payment just made has its own message since decision 051.
    const mail = outbox.items.find((m) => m.kind === 'order_created' && m.order_id === orderId && m.to_address === 'tamu.demo@contoh.id');
    expect(mail).toBeDefined();
    expect(mail?.text_body).toContain(paymentMessages.sandboxNotice);
    expect(mail?.text_body.replace(/https?:\/\/\S+/g, '')).not.toMatch(/sandbox/i);
  });
});
