/**
 * Issue 13 (docs/issues.md) end to end, the admin's side (docs/decisions/013-payments.md): a guest pays a manual
 * transfer and sends a proof through the API; in the browser the admin sees it on the bell and
 * under "Menunggu verifikasi", looks at the proof and the amount in the order's panel, and confirms
 * it — the money moves from "Menunggu pembayaran" to "Pendapatan", on the order desk and the dashboard.
 * A proof is rejected only with a reason; a confirm that lost a race shows the server's word and
 * the real state; the WhatsApp link writes to the buyer's number; and kode unik, switched on in
 * the payment settings, is carried by the next order.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages } from '@pasar/core/payments';
import { refundMessages } from '@pasar/core/refunds';
import { localCourierOption, localCourierOrderPayload, productId } from './support/api';
import { screenshot } from './support/harness';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

interface PlacedOrder {
  id: number;
  total_amount: number;
  subtotal_amount: number;
  shipping_cost: number;
  payment_fee: number;
  unique_code: number;
  order_url: string;
  payment: { proof_status: string; rejection_reason: string | null; state_label: string } | null;
  payment_status: string;
  status: string;
}

let placed = 0;
/** A guest's manual-transfer order, as the checkout places it; each at its own address (the unpaid-orders cap counts per address). */
async function placeTransferOrder(name: string): Promise<PlacedOrder> {
  placed += 1;
  const payload = localCourierOrderPayload({
    productId: await productId(e2e.baseUrl, 'Opak Ketan Bakar'),
    quantity: 1,
    local: await localCourierOption(e2e.baseUrl),
    name,
    guestEmail: `transfer${placed}@contoh.id`,
  });
  return e2e.api<PlacedOrder>('POST', '/orders', { ...payload, shipping_address: `Jl. Braga No. ${100 + placed}` });
}

const accessToken = (order: PlacedOrder) => order.order_url.split('/').pop()!;

/** A picture of a transfer receipt, drawn by the browser (a real PNG, so the panel has something to show). */
async function proofPng(page: Page, amount: number): Promise<Buffer> {
  const base64 = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e0f2fe';
    g.fillRect(0, 0, 480, 300);
    g.fillStyle = '#0c4a6e';
    g.font = 'bold 28px sans-serif';
    g.fillText('BUKTI TRANSFER', 24, 60);
    g.font = '24px sans-serif';
    g.fillText(text, 24, 130);
    g.fillText('Berhasil', 24, 190);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, formatRupiah(amount));
  return Buffer.from(base64, 'base64');
}

/** The buyer sends the proof through the order link, as the order page does. */
async function uploadProof(order: PlacedOrder, bytes: Buffer, type = 'image/png'): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), type === 'application/pdf' ? 'bukti-transfer.pdf' : 'bukti-transfer.png');
  const res = await fetch(`${e2e.baseUrl}/api/v1/orders/access/${accessToken(order)}/payment-proof`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
}

const rupiah = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).getByTestId('stat-value');
/** A money card's figure once loaded (not '…'). */
async function cardAmount(page: Page, label: string): Promise<number> {
  await expect.poll(() => card(page, label).textContent()).toMatch(/^Rp/);
  return rupiah(await card(page, label).textContent());
}

describe('back office: payments on the order desk', () => {
  it('the admin sees a proof on the bell and under "Menunggu verifikasi", checks it and confirms the payment', async () => {
    const { page } = await e2e.openPage();
    await page.goto('/');
    const order = await placeTransferOrder('Tamu Transfer');
    expect(order.payment_status).toBe('unpaid');
    await uploadProof(order, await proofPng(page, order.total_amount));

    await signInAsAdmin(page, e2e.baseUrl);
    // The order desk's money before: received money and money still awaited, over every order.
    await page.goto('/admin/orders');
    const revenueBefore = await cardAmount(page, 'Pendapatan');
    const unpaidBefore = await cardAmount(page, 'Menunggu pembayaran');
    const api = await e2e.adminApi<{ summary: { revenue: number; unpaid_amount: number } }>('GET', '/orders');
    expect([revenueBefore, unpaidBefore]).toEqual([api.summary.revenue, api.summary.unpaid_amount]);
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Dasbor' }).click();
    const monthBefore = await cardAmount(page, 'Pendapatan bulan ini');
    const awaitingBefore = await cardAmount(page, 'Menunggu pembayaran');

    // The bell counts the proof with the new orders, and leads to the filter.
    const bellData = await e2e.adminApi<{ pending_total: number; awaiting_verification: number; attention: number }>('GET', '/dashboard/notifications');
    expect(bellData.awaiting_verification).toBeGreaterThanOrEqual(1);
    await page.getByTestId('bell-count').filter({ hasText: new RegExp(`^${bellData.attention}$`) }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: /^Notifikasi/ }).click();
    const bell = page.getByRole('dialog', { name: 'Pesanan menunggu konfirmasi' });
    await bell.waitFor();
    await screenshot(page, 'payment-bell-1280');
    await bell.getByRole('link', { name: `${bellData.awaiting_verification} bukti transfer menunggu verifikasi` }).click();
    await page.waitForURL(`${e2e.baseUrl}/admin/orders?payment=verification`);
    const filter = page.getByRole('button', { name: /^Menunggu verifikasi/ });
    await expect.poll(() => filter.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => filter.textContent()).toBe(`Menunggu verifikasi (${bellData.awaiting_verification})`);
    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('payment-status').filter({ visible: true }).textContent()).toBe('Menunggu verifikasi');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(bellData.awaiting_verification);

    // The panel: the proof itself, the amount to expect, the buyer's WhatsApp.
    await row.getByRole('button', { name: `Detail pesanan #${order.id}` }).click();
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${order.id}` });
    const proof = panel.getByRole('img', { name: `Bukti transfer pesanan #${order.id}` });
    await proof.waitFor();
    await expect.poll(() => proof.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);
    expect(await proof.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => panel.getByTestId('expected-amount').textContent()).toBe(formatRupiah(order.total_amount));
    const wa = panel.getByRole('link', { name: 'Hubungi via WhatsApp' });
    expect(await wa.getAttribute('target')).toBe('_blank');
    const waUrl = new URL((await wa.getAttribute('href'))!);
    expect(`${waUrl.origin}${waUrl.pathname}`).toBe('https://wa.me/6281234567890');
    const waText = waUrl.searchParams.get('text')!;
    expect(waText).toContain(`pesanan #${order.id} sebesar ${formatRupiah(order.total_amount)}`);
    expect(waText).toMatch(/^Halo Tamu Transfer,/);
    await screenshot(page, 'payment-desk-proof');

    // Issue 28: asked once, with the amount that should have arrived.
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await panel.getByRole('button', { name: 'Konfirmasi pembayaran' }).click();
    await panel.getByRole('status').filter({ hasText: 'Pembayaran dikonfirmasi.' }).waitFor();
    expect(asked).toBe(refundMessages.confirmPaymentQuestion(formatRupiah(order.total_amount)));
    // The panel stays with its order (which has left the filter) and shows the real state.
    await expect.poll(() => panel.getByTestId('payment-status').textContent()).toBe('Sudah dibayar');
    await expect.poll(() => panel.getByText('Dikonfirmasi', { exact: true }).count()).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Konfirmasi pembayaran' }).waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Tutup detail' }).click();
    await panel.waitFor({ state: 'detached' });

    // Without the filter: the row is paid and confirmed, and the money moved by exactly its total.
    await filter.click();
    await page.waitForURL(`${e2e.baseUrl}/admin/orders`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('payment-status').filter({ visible: true }).textContent()).toBe('Sudah dibayar');
    // Issue 28: the status is text beside explicit actions, no longer a dropdown.
    await expect.poll(() => row.getByTestId('desk-order-status').textContent()).toBe('Dikonfirmasi');
    await expect.poll(() => cardAmount(page, 'Pendapatan')).toBe(revenueBefore + order.total_amount);
    await expect.poll(() => cardAmount(page, 'Menunggu pembayaran')).toBe(unpaidBefore - order.total_amount);
    await screenshot(page, 'payment-desk-1280');

    // The dashboard too, and its activity link opens this order's panel.
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Dasbor' }).click();
    await expect.poll(() => cardAmount(page, 'Pendapatan bulan ini')).toBe(monthBefore + order.total_amount);
    await expect.poll(() => cardAmount(page, 'Menunggu pembayaran')).toBe(awaitingBefore - order.total_amount);
    await screenshot(page, 'payment-dashboard-1280');
    await page.locator(`a[href="/admin/orders?order=${order.id}"]`).first().click();
    await page.getByRole('complementary', { name: `Detail pesanan #${order.id}` }).getByTestId('payment-status').filter({ hasText: 'Sudah dibayar' }).waitFor();
  });

  it('a proof is rejected only with a reason, and a confirm that lost a race shows the server and the real state', async () => {
    const { page, consoleErrors } = await e2e.openPage({ mobile: true });
    await page.goto('/');
    const rejected = await placeTransferOrder('Tamu Ditolak');
    await uploadProof(rejected, await proofPng(page, rejected.total_amount));
    const raced = await placeTransferOrder('Tamu Balapan');
    await uploadProof(raced, await proofPng(page, raced.total_amount));

    await signInAsAdmin(page, e2e.baseUrl);
    // A link to an order opens its panel, even when the page shown does not list it.
    await page.goto(`/admin/orders?status=delivered&order=${rejected.id}`);
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${rejected.id}` });
    await expect.poll(() => panel.getByTestId('payment-status').textContent()).toBe('Menunggu verifikasi');
    await panel.getByRole('img', { name: `Bukti transfer pesanan #${rejected.id}` }).waitFor();
    await screenshot(page, 'payment-desk-panel-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await panel.getByRole('button', { name: 'Tolak', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Tolak bukti transfer #${rejected.id}` });
    await dialog.getByRole('button', { name: 'Tolak bukti transfer' }).click();
    await dialog.getByText('Tulis alasan penolakan.').waitFor();
    await screenshot(page, 'payment-reject-360');
    // Escape belongs to the dialog: the panel stays.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Tolak', exact: true }).click();
    await dialog.getByLabel('Alasan penolakan').fill('Nominal di bukti tidak sesuai dengan total pesanan.');
    // "Batal" with a reason typed asks first, as × does (kept here: the reason stays).
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect.poll(() => asked).toEqual(['Perubahan belum disimpan. Tutup dan buang perubahan?']);
    expect(await dialog.getByLabel('Alasan penolakan').inputValue()).toBe('Nominal di bukti tidak sesuai dengan total pesanan.');
    await dialog.getByRole('button', { name: 'Tolak bukti transfer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('status').filter({ hasText: 'Bukti pembayaran ditolak.' }).waitFor();
    await expect.poll(() => panel.getByTestId('payment-status').textContent()).toBe('Bukti ditolak');
    await panel.getByRole('region', { name: 'Pembayaran' }).getByText('Nominal di bukti tidak sesuai dengan total pesanan.', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Tolak', exact: true }).waitFor({ state: 'detached' });
    // The buyer's page says so too, and may send another proof.
    const buyerView = await e2e.api<PlacedOrder>('GET', `/orders/access/${accessToken(rejected)}`);
    expect(buyerView.payment).toMatchObject({ proof_status: 'rejected', rejection_reason: 'Nominal di bukti tidak sesuai dengan total pesanan.' });
    expect(buyerView.payment_status).toBe('unpaid');
    // The WhatsApp text follows the rejection.
    const waText = new URL((await panel.getByRole('link', { name: 'Hubungi via WhatsApp' }).getAttribute('href'))!).searchParams.get('text');
    expect(waText).toContain('(alasan: Nominal di bukti tidak sesuai dengan total pesanan.)');

    // Another admin confirms the second order first; this screen still shows it waiting.
    await page.goto(`/admin/orders?payment=verification&order=${raced.id}`);
    const racedPanel = page.getByRole('complementary', { name: `Detail pesanan #${raced.id}` });
    await expect.poll(() => racedPanel.getByTestId('payment-status').textContent()).toBe('Menunggu verifikasi');
    await e2e.adminApi('POST', `/orders/${raced.id}/payment/confirm`, {});
    page.once('dialog', (d) => void d.accept());
    await racedPanel.getByRole('button', { name: 'Konfirmasi pembayaran' }).click();
    // The server's own word for the 409, then the reloaded panel shows why.
    await racedPanel.getByRole('alert').filter({ hasText: paymentMessages.alreadyPaid }).waitFor();
    await expect.poll(() => racedPanel.getByTestId('payment-status').textContent()).toBe('Sudah dibayar');
    await racedPanel.getByRole('button', { name: 'Konfirmasi pembayaran' }).waitFor({ state: 'detached' });
    // The browser logs the refused request (409); that one is expected.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 409/.test(e)));
  });

  it('payment settings: checked before saving, and kode unik switched on is carried by the next order', async () => {
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Pengaturan pembayaran' }).click();
    await page.waitForURL(`${e2e.baseUrl}/admin/settings/payments`);
    const saved = await e2e.adminApi<{ bank_accounts: unknown[]; unique_code_enabled: boolean; manual_deadline_hours: number }>('GET', '/settings/payments');
    expect(saved.unique_code_enabled).toBe(false);
    const deadline = page.getByLabel('Batas waktu pembayaran (jam)');
    await expect.poll(() => deadline.inputValue()).toBe(String(saved.manual_deadline_hours));
    const accounts = page.locator('fieldset');
    await expect.poll(() => accounts.count()).toBe(saved.bank_accounts.length);

    // The core schema's words, next to their fields; nothing is sent.
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/v1/settings/payments')) puts += 1;
    });
    await deadline.fill('0');
    await page.getByLabel('Email pemberitahuan').fill('bukan-email');
    const add = page.getByRole('button', { name: '+ Tambah rekening' });
    await add.click();
    await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
    await page.getByText('Batas waktu minimal 1 jam.').waitFor();
    await page.getByText('Format email tidak valid.').waitFor();
    const newAccount = page.getByRole('group', { name: `Rekening ${saved.bank_accounts.length + 1}` });
    await expect.poll(() => newAccount.getByText('Wajib diisi.').count()).toBe(3);
    expect(puts).toBe(0);
    await screenshot(page, 'payment-settings-errors-1280');

    // At most five accounts: the add button stops there.
    while ((await accounts.count()) < 5) await add.click();
    await expect.poll(() => add.isDisabled()).toBe(true);
    while ((await accounts.count()) > saved.bank_accounts.length) await page.getByRole('button', { name: `Hapus rekening ${await accounts.count()}` }).click();
    await expect.poll(() => add.isDisabled()).toBe(false);

    await deadline.fill('48');
    await page.getByLabel('Email pemberitahuan').fill('');
    await page.getByLabel('Tambahkan kode unik pada transfer manual').check();
    await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
    await page.getByRole('status').filter({ hasText: /disimpan/i }).waitFor();
    expect(puts).toBe(1);
    const now = await e2e.adminApi<{ unique_code_enabled: boolean; manual_deadline_hours: number }>('GET', '/settings/payments');
    expect(now).toMatchObject({ unique_code_enabled: true, manual_deadline_hours: 48 });
    await page.reload();
    await expect.poll(() => page.getByLabel('Tambahkan kode unik pada transfer manual').isChecked()).toBe(true);

    // The next manual-transfer order carries its kode unik inside the total, and the panel shows the line.
    const order = await placeTransferOrder('Tamu Kode Unik');
    expect(order.unique_code).toBeGreaterThanOrEqual(1);
    expect(order.unique_code).toBeLessThanOrEqual(999);
    expect(order.total_amount).toBe(order.subtotal_amount + order.shipping_cost + order.payment_fee + order.unique_code);
    // This buyer sends the proof as a PDF: the panel offers it as a download, not a picture.
    await uploadProof(order, Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), 'application/pdf');
    await page.goto(`/admin/orders?order=${order.id}`);
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${order.id}` });
    const pdf = panel.getByRole('link', { name: 'Unduh bukti transfer (PDF)' });
    await pdf.waitFor();
    expect(await pdf.getAttribute('download')).toBe(`bukti-transfer-pesanan-${order.id}.pdf`);
    expect(await pdf.getAttribute('href')).toMatch(/^blob:/);
    const download = page.waitForEvent('download');
    await pdf.click();
    expect((await download).suggestedFilename()).toBe(`bukti-transfer-pesanan-${order.id}.pdf`);
    await expect.poll(() => panel.getByTestId('expected-amount').textContent()).toBe(formatRupiah(order.total_amount));
    await panel.getByText(`+${formatRupiah(order.unique_code)} (sudah termasuk dalam jumlah)`).waitFor();
    const waText = new URL((await panel.getByRole('link', { name: 'Hubungi via WhatsApp' }).getAttribute('href'))!).searchParams.get('text');
    // A proof is in: the message says it is being checked, for the amount with its kode unik.
    expect(waText).toContain(`bukti transfer pesanan #${order.id} sebesar ${formatRupiah(order.total_amount)} dan sedang memeriksanya`);
  });

  it('the settings screen, the bell and the desk fit a phone', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    await page.goto('/');
    const order = await placeTransferOrder('Tamu Ponsel');
    await uploadProof(order, await proofPng(page, order.total_amount));
    await signInAsAdmin(page, e2e.baseUrl);
    await page.getByRole('banner').getByRole('button', { name: /^Notifikasi/ }).click();
    const bell = page.getByRole('dialog', { name: 'Pesanan menunggu konfirmasi' });
    await bell.getByRole('link', { name: /bukti transfer menunggu verifikasi$/ }).waitFor();
    await screenshot(page, 'payment-bell-360');
    const box = (await bell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await page.goto('/admin/settings/payments');
    await page.getByRole('heading', { name: 'Rekening bank' }).waitFor();
    await screenshot(page, 'payment-settings-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/admin/orders');
    await cardAmount(page, 'Menunggu pembayaran');
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'payment-desk-360');
    // The wide table scrolls inside its box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/admin/dashboard');
    await cardAmount(page, 'Menunggu pembayaran');
    await screenshot(page, 'payment-dashboard-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
