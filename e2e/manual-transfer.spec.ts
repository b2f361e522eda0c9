/**
 * Issue 13 (docs/issues.md), the shopper's side of a manual transfer (docs/decisions/013-payments.md): the checkout
 * stays on a success panel with the order number, the exact amount (kode unik on its own line), the
 * store's accounts, the deadline in WIB and the transfer note; the order's own link opens in a
 * browser that never saw the checkout; a proof goes up and reads "Menunggu verifikasi"; the admin
 * confirms ("Sudah dibayar") or rejects with a reason, and the shopper sends a new proof.
 * Desktop (1280 px) and phone (360 px) pages alike; screenshots land in e2e/artifacts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Order } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages, type PaymentSettings } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import { customerAccount, localCourierOption, localCourierOrderPayload, login, productId } from './support/api';
import { screenshot } from './support/harness';
import { storeSession } from './support/session';
import { addToCartAndCheckout, fillRecipient, guestAtCheckout } from './support/checkout';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();
const recipient = { name: 'Tamu Transfer', address: 'Jl. Asia Afrika No. 8', phone: '081298765432' };

/** A real 1×1 PNG: the server recognises a proof by its first bytes, not by its name. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The order behind a page's "Lihat halaman pesanan" link, read as anyone holding the link would. */
async function orderOfLink(path: string): Promise<Order> {
  const token = /^\/pesanan\/akses\/([0-9a-f]{64})$/.exec(path)?.[1];
  if (!token) throw new Error(`not an order link: ${path}`);
  return e2e.api<Order>('GET', `/orders/access/${token}`);
}

async function uploadProof(page: Page, name = 'bukti.png') {
  await page.getByTestId('proof-upload').locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Kirim bukti transfer' }).click();
}

/** Both the badge and the proof panel read "Menunggu verifikasi", with the spec's words for a sent proof. */
async function expectAwaitingVerification(page: Page) {
  await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe(paymentMessages.awaitingVerification);
  await expect.poll(() => page.getByRole('status').filter({ hasText: paymentMessages.proofUploaded }).count()).toBe(1);
  await expect.poll(() => page.getByRole('heading', { name: paymentMessages.awaitingVerification }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Kirim bukti transfer' }).count()).toBe(0);
}

/** A guest's unpaid manual-transfer order placed straight through the API, and its page's path. */
async function guestOrderThroughApi(email: string): Promise<Order & { order_url: string }> {
  const order = await e2e.api<Order>(
    'POST',
    '/orders',
    localCourierOrderPayload({ productId: await productId(e2e.baseUrl, 'Dodol Garut Aneka Rasa'), quantity: 1, local: await localCourierOption(e2e.baseUrl), name: 'Tamu Ditolak', guestEmail: email }),
  );
  if (!order.order_url) throw new Error('POST /orders answered no order_url');
  return { ...order, order_url: order.order_url };
}

describe('manual transfer, the shopper side', () => {
  it('a guest checks out by transfer, keeps the link, sends a proof from another browser, and sees it paid once the admin confirms', async () => {
    // Kode unik on, so the exact amount carries its own line (decision 013; off in the demo seed).
    const settings = await e2e.adminApi<PaymentSettings>('GET', '/settings/payments');
    await e2e.adminApi('PUT', '/settings/payments', { ...settings, unique_code_enabled: true });

    const { page } = await e2e.openPage();
    await guestAtCheckout(page, e2e.baseUrl, 'Opak Ketan Bakar', recipient, 'tamu.transfer@contoh.id');

    // The demo shop's gateway is the sandbox: the chooser says so beside its channels.
    await page.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
    const chooser = page.getByRole('dialog');
    await expect.poll(() => chooser.getByTestId('sandbox-notice').textContent()).toBe(paymentMessages.sandboxNotice);
    await screenshot(page, 'manual-transfer-chooser-1280');
    await chooser.getByText('Transfer bank manual').click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('payment-choice').textContent()).toBe('Transfer bank manual');

    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    await page.getByRole('status').filter({ hasText: 'Pesanan berhasil dibuat. Terima kasih!' }).waitFor();
    // The browser stays on the success panel (decision 013), and the cart is empty.
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').items?.length ?? 0)).toBe(0);

    const link = page.getByRole('link', { name: 'Lihat halaman pesanan' });
    const path = (await link.getAttribute('href')) ?? '';
    const order = await orderOfLink(path);
    expect(order.payment_method).toBe('manual');
    expect(order.unique_code).toBeGreaterThan(0);
    expect(order.payment_due_at).not.toBeNull();
    const accounts = (await e2e.adminApi<PaymentSettings>('GET', '/settings/payments')).bank_accounts;
    expect(accounts.length).toBeGreaterThan(0);

    const panel = page.getByTestId('payment-info');
    await expect.poll(() => panel.getByRole('heading', { level: 1 }).textContent()).toBe(`Pesanan #${order.id}`);
    await expect.poll(() => panel.getByTestId('transfer-amount').textContent()).toBe(formatRupiah(order.total_amount));
    await expect.poll(() => panel.getByTestId('transfer-unique-code').textContent()).toContain(formatRupiah(order.unique_code));
    await expect.poll(() => panel.getByTestId('unique-code-line').textContent()).toBe(`Kode unik${formatRupiah(order.unique_code)}`);
    await expect.poll(() => panel.getByTestId('order-total').textContent()).toBe(formatRupiah(order.total_amount));
    await expect.poll(() => panel.getByTestId('bank-account').count()).toBe(accounts.length);
    for (const [i, account] of accounts.entries()) {
      const shown = (await panel.getByTestId('bank-account').nth(i).textContent()) ?? '';
      expect(shown).toContain(account.bank_name);
      expect(shown).toContain(account.account_number);
      expect(shown).toContain(account.account_name);
    }
    const deadline = formatDateTime(order.payment_due_at as string);
    expect(deadline).toMatch(/ WIB$/);
    await expect.poll(() => panel.getByTestId('payment-deadline').textContent()).toContain(deadline);
    await expect.poll(() => panel.getByTestId('transfer-note').textContent()).toBe(order.payment?.transfer_note);
    expect(order.payment?.transfer_note).toContain(String(order.id));
    await screenshot(page, 'manual-transfer-success-1280');

    // The link in a browser with nothing stored (no cart, no session), on a phone.
    const guest = await e2e.openPage({ mobile: true });
    expect(await guest.context.storageState()).toEqual({ cookies: [], origins: [] });
    await guest.page.goto(path);
    await expect.poll(() => guest.page.getByRole('heading', { level: 1 }).textContent()).toBe(`Pesanan #${order.id}`);
    await expect.poll(() => guest.page.getByTestId('payment-status').textContent()).toBe('Belum dibayar');
    await expect.poll(() => guest.page.getByTestId('transfer-amount').textContent()).toBe(formatRupiah(order.total_amount));
    await expect.poll(() => guest.page.getByTestId('bank-account').first().textContent()).toContain(accounts[0]?.account_number ?? '?');
    await expect.poll(() => guest.page.getByTestId('payment-deadline').textContent()).toContain(deadline);
    await expect.poll(() => guest.page.getByText('Opak Ketan Bakar').count()).toBeGreaterThan(0);
    await expect.poll(() => guest.page.getByText('Jl. Asia Afrika No. 8', { exact: false }).count()).toBe(1);
    await screenshot(guest.page, 'manual-transfer-order-page-360');
    // The page fits the phone: nothing wider than the screen.
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A file of another kind is refused before it is sent, in the spec's words.
    await guest.page.getByTestId('proof-upload').locator('input[type="file"]').setInputFiles({ name: 'bukti.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect.poll(() => guest.page.getByRole('alert').filter({ hasText: paymentMessages.proofBadType }).count()).toBe(1);
    await uploadProof(guest.page);
    await expectAwaitingVerification(guest.page);
    await screenshot(guest.page, 'manual-transfer-proof-sent-360');

    await e2e.adminApi('POST', `/orders/${order.id}/payment/confirm`, {});
    await guest.page.reload();
    await expect.poll(() => guest.page.getByTestId('payment-status').textContent()).toBe('Sudah dibayar');
    await expect.poll(() => guest.page.getByTestId('order-paid').count()).toBe(1);
    // Paid: no more instructions or upload.
    expect(await guest.page.getByTestId('payment-instructions').count()).toBe(0);
    expect(await guest.page.getByTestId('proof-upload').count()).toBe(0);
    await screenshot(guest.page, 'manual-transfer-paid-360');

    // Back on the checkout tab, the success panel is still there after a reload (history state).
    await page.reload();
    await expect.poll(() => page.getByTestId('payment-info').getByRole('heading', { level: 1 }).textContent()).toBe(`Pesanan #${order.id}`);
  });

  it('a rejected proof shows the admin\u2019s reason and takes a new one', async () => {
    const order = await guestOrderThroughApi('tamu.ditolak@contoh.id');
    const { page } = await e2e.openPage();
    await page.goto(order.order_url);
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Belum dibayar');
    await uploadProof(page);
    await expectAwaitingVerification(page);

    const reason = 'Nominal pada bukti tidak sesuai dengan tagihan.';
    await e2e.adminApi('POST', `/orders/${order.id}/payment/reject`, { reason });
    await page.reload();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Bukti ditolak');
    await expect.poll(() => page.getByTestId('rejection-reason').textContent()).toBe(reason);
    await expect.poll(() => page.getByTestId('proof-rejected').textContent()).toContain(paymentMessages.rejected);
    // Still unpaid: the instructions stay beside the new upload.
    await expect.poll(() => page.getByTestId('transfer-amount').textContent()).toBe(formatRupiah(order.total_amount));
    await screenshot(page, 'manual-transfer-rejected-1280');

    // Sending without choosing a file says so, without a call.
    await page.getByRole('button', { name: 'Kirim bukti transfer' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: paymentMessages.proofMissing }).count()).toBe(1);
    await uploadProof(page, 'bukti-baru.png');
    await expectAwaitingVerification(page);
    expect(await page.getByTestId('proof-rejected').count()).toBe(0);
    const after = await e2e.api<Order>('GET', `/orders/access/${order.order_url.split('/').pop()}`);
    expect(after.payment?.proof_status).toBe('submitted');
  });

  it('a signed-in customer pays by transfer on a phone, follows the link, and sends the proof from Pesanan Saya', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    await storeSession(page, await login(e2e.baseUrl, customerAccount.username, customerAccount.password));
    await addToCartAndCheckout(page, e2e.baseUrl, 'Keripik Singkong Balado');
    await fillRecipient(page, recipient);
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    await page.getByRole('status').filter({ hasText: 'Pesanan berhasil dibuat. Terima kasih!' }).waitFor();
    const heading = (await page.getByTestId('payment-info').getByRole('heading', { level: 1 }).textContent()) ?? '';
    const id = Number(/#(\d+)/.exec(heading)?.[1]);
    expect(id).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('bank-account').count()).toBeGreaterThan(0);
    await screenshot(page, 'manual-transfer-success-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The link works inside the app for the signed-in buyer too.
    await page.getByRole('link', { name: 'Lihat halaman pesanan' }).click();
    await page.waitForURL(/\/pesanan\/akses\/[0-9a-f]{64}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Pesanan #${id}`);

    // Pesanan Saya lists it with its payment state and a WIB date, and its page takes the proof.
    await page.goto('/pesanan');
    const row = page.getByTestId('my-order').filter({ hasText: `Pesanan #${id}` });
    await expect.poll(() => row.getByTestId('payment-status').textContent()).toBe('Belum dibayar');
    await expect.poll(() => row.textContent()).toMatch(/WIB/);
    await row.click();
    await page.waitForURL(`${e2e.baseUrl}/pesanan/${id}`);
    await uploadProof(page);
    await expectAwaitingVerification(page);
    await page.goto('/pesanan');
    await expect.poll(() => page.getByTestId('my-order').filter({ hasText: `Pesanan #${id}` }).getByTestId('payment-status').textContent()).toBe(paymentMessages.awaitingVerification);
    await screenshot(page, 'manual-transfer-my-orders-360');
  });

  it('a gateway order keeps its spec success (message, pay page in a new tab) and links to its page, steps drawn without raw HTML', async () => {
    const { context, page } = await e2e.openPage();
    await guestAtCheckout(page, e2e.baseUrl, 'Bandrek Instan Jahe Merah', recipient, 'tamu.va@contoh.id');
    await page.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
    await page.getByRole('dialog').getByText('BRI Virtual Account').click();
    await expect.poll(() => page.getByText(paymentMessages.sandboxNotice).count()).toBe(1);
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    const popup = await popupPromise;
    await page.getByText('Pesanan berhasil dibuat. Selesaikan pembayaran melalui Pembayaran online (demo).').waitFor();
    await popup.close();
    const instructions = page.getByTestId('payment-instructions');
    await expect.poll(() => instructions.getByTestId('sandbox-notice').textContent()).toBe(paymentMessages.sandboxNotice);
    // The gateway's steps carry <b>: drawn as bold text, never shown as markup.
    await expect.poll(() => instructions.locator('li b').count()).toBeGreaterThan(0);
    expect(await instructions.textContent()).not.toContain('<b>');
    await expect.poll(() => instructions.getByRole('link', { name: 'Buka halaman pembayaran' }).count()).toBe(1);
    await screenshot(page, 'gateway-success-1280');
    await page.getByRole('link', { name: 'Lihat halaman pesanan' }).click();
    await page.waitForURL(/\/pesanan\/akses\/[0-9a-f]{64}$/);
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Belum dibayar');
    await expect.poll(() => page.getByRole('link', { name: 'Buka halaman pembayaran' }).count()).toBe(1);
    // A gateway order is paid at the gateway: no proof of transfer here.
    expect(await page.getByTestId('proof-upload').count()).toBe(0);
  });

  // Issue 31 item 12: the message is the page's heading, no longer an alert.
  it('a link that leads nowhere says so', async () => {
    const { page, consoleErrors } = await e2e.openPage();
    await page.goto(`/pesanan/akses/${'0'.repeat(64)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: paymentMessages.accessNotFound }).count()).toBe(1);
    await page.goto('/pesanan/akses/bukan-token');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: paymentMessages.accessNotFound }).count()).toBe(1);
    // Expected: Chromium logs the API's 404 (unknown token) and 400 (malformed token) as failed loads.
    expect(consoleErrors.length).toBeGreaterThan(0);
    for (const error of consoleErrors) expect(error).toMatch(/status of 40[04]/);
    consoleErrors.length = 0;
  });
});
