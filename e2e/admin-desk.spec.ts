/**
 * Issue 6 (docs/issues.md) end to end: a courier price for a district becomes a local option at checkout; the
 * order desk moves an order through its statuses and the buyer sees each one in "Pesanan Saya";
 * a cashier sells several items for cash, sees the change and prints the receipt (checked in the
 * PDF Chromium prints: the receipt alone, whole, on 58 mm paper).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { isValidQris, parseTlv } from '@pasar/core/pos';
// The API's own PDF text reader (pdf.js, a dependency of apps/api), to read what would be printed.
import { extractText } from '../apps/api/src/features/knowledge/file-text';
import { customerAccount, localCourierOption, localCourierOrderPayload, login, productId } from './support/api';
import { newPage, screenshot } from './support/harness';
import { signInAsAdmin, storeSession } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

/** Page objects in a PDF as Chromium writes it (one `/Type /Page` dictionary per page). */
const pdfPageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g) ?? []).length;

/** The demo customer in a second browser; its uncaught exceptions count as the test page's console errors. */
async function buyerPage(consoleErrors: string[]): Promise<Page> {
  const buyer = await newPage(e2e.browser, e2e.baseUrl);
  e2e.closeAfterTest(buyer.context);
  buyer.page.on('pageerror', (err) => consoleErrors.push(err.message));
  await storeSession(buyer.page, await login(e2e.baseUrl, customerAccount.username, customerAccount.password));
  return buyer.page;
}

/** Places an order through the API as the checkout does, with the customer's token if given. */
async function placeOrder(body: unknown, token?: string): Promise<number> {
  const placed = await fetch(`${e2e.baseUrl}/api/v1/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(placed.status).toBe(201);
  return ((await placed.json()) as { data: { id: number } }).data.id;
}

describe('back office: couriers, orders, point of sale', () => {
  it('a courier price for a district shows up as a local option at checkout in that district', async () => {
    const { page, consoleErrors } = await e2e.openPage();
    page.on('dialog', (d) => void d.accept());
    await signInAsAdmin(page, e2e.baseUrl);
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Kurir' }).click();
    await page.getByRole('list', { name: 'Daftar kurir' }).waitFor();
    await page.getByRole('link', { name: 'Tambah kurir' }).click();
    // The spec's validation messages on an empty save.
    await page.getByRole('button', { name: 'Simpan kurir' }).click();
    await page.getByText('Courier name is required').waitFor();
    await page.getByText('Phone number is required').waitFor();
    await page.getByLabel('Nama kurir').fill('Kurir Uji Andalan');
    await page.getByLabel('Nomor telepon').fill('0812-7777-1234');
    await page.getByLabel('Nomor kendaraan').fill('D 7777 UJI');
    await page.getByRole('button', { name: 'Simpan kurir' }).click();
    await page.getByText('Kurir berhasil ditambahkan.').waitFor();
    await page.getByRole('heading', { name: 'Pricing Regions' }).waitFor();
    await page.getByText('Pricing not set yet').waitFor();

    await page.getByRole('button', { name: 'Tambah harga' }).click();
    const district = page.getByLabel('Kecamatan');
    await page.waitForFunction(() => ((document.querySelector("#price-district") as HTMLSelectElement | null)?.options.length ?? 0) > 2);
    await district.selectOption({ index: 2 });
    const districtName = (await district.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]!.textContent)) as string;
    await expect.poll(() => page.getByLabel('Wilayah', { exact: true }).inputValue()).toBe(districtName);
    await page.getByLabel('Harga dasar (Rp)').fill('7000');
    await page.getByLabel('Harga minimum (Rp)').fill('8000');
    await page.getByRole('button', { name: 'Simpan harga' }).click();
    await page.getByText('Harga wilayah berhasil ditambahkan.').waitFor();
    await page.getByRole('table', { name: 'Harga wilayah' }).getByRole('cell', { name: districtName }).first().waitFor();
    await screenshot(page, 'admin-courier-pricing');

    const buyer = await buyerPage(consoleErrors);
    await buyer.goto(`/product/${await productId(e2e.baseUrl, 'Opak Ketan Bakar')}`);
    await buyer.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await buyer.getByText('Ditambahkan ke keranjang.').waitFor();
    await buyer.goto('/checkout');
    await buyer.getByLabel('Nama penerima').fill('Pembeli Uji');
    await buyer.getByLabel('Alamat lengkap').fill('Jl. Uji No. 1');
    await buyer.getByLabel('Provinsi').selectOption({ label: 'Jawa Barat' });
    await buyer.getByLabel('Kota/Kabupaten').selectOption({ label: 'Kota Bandung' });
    await buyer.getByLabel('Kecamatan').selectOption({ label: districtName });
    await buyer.getByLabel('Kode pos').fill('40111');
    await buyer.getByLabel('Nomor telepon').fill('081234567890');
    await buyer.getByRole('button', { name: 'Pilih layanan pengiriman' }).click();
    const modal = buyer.getByRole('dialog', { name: 'Pilih layanan pengiriman' });
    const option = modal.locator('label').filter({ hasText: 'Kurir Uji Andalan' });
    await option.waitFor();
    await expect.poll(() => option.textContent()).toContain(districtName);
    await expect.poll(() => option.textContent()).toMatch(/Rp\s?8\.000/);
  });

  it('the admin confirms, ships and delivers an order and the buyer sees each status', async () => {
    const { page, consoleErrors } = await e2e.openPage();
    const session = await login(e2e.baseUrl, customerAccount.username, customerAccount.password);
    const local = await localCourierOption(e2e.baseUrl);
    const orderId = await placeOrder(
      localCourierOrderPayload({ productId: await productId(e2e.baseUrl, 'Kacang Sangrai Bawang'), quantity: 2, local, name: 'Pembeli Setia' }),
      session.token,
    );

    const buyer = await buyerPage(consoleErrors);
    await buyer.goto(`/pesanan/${orderId}`);
    await expect.poll(() => buyer.getByTestId('order-status').first().textContent()).toBe('Menunggu konfirmasi');

    await signInAsAdmin(page, e2e.baseUrl);
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Pesanan' }).click();
    await page.getByLabel('Cari pesanan').fill(String(orderId));
    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    await row.waitFor();
    // Issue 28: the money first (confirming the transfer confirms the order), then the shipment's
    // own actions on the order desk, and the buyer's "Pesanan diterima" completes it.
    await e2e.adminApi('POST', `/orders/${orderId}/payment/confirm`, {});
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('order-status').first().textContent()).toBe('Dikonfirmasi');
    // The desk's list may have been read before that confirmation (the search's answer can come either
    // side of it): the admin reloads, as one would after a change made elsewhere.
    await page.reload();
    await row.waitFor();
    await row.getByRole('button', { name: `Detail pesanan #${orderId}` }).click();
    const shipPanel = page.getByRole('complementary', { name: `Detail pesanan #${orderId}` });
    await shipPanel.getByRole('button', { name: 'Kirim', exact: true }).click();
    await shipPanel.getByRole('form', { name: 'Kirim paket 1' }).getByRole('button', { name: 'Kirim', exact: true }).click();
    await shipPanel.getByText('Paket ditandai dikirim.').waitFor();
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('order-status').first().textContent()).toBe('Dikirim');
    await shipPanel.getByRole('button', { name: 'Tandai sampai' }).click();
    await expect.poll(async () => (await e2e.adminApi<{ shipments: { status: string }[] }>('GET', `/orders/${orderId}`)).shipments[0]?.status).toBe('delivered');
    await buyer.reload();
    await buyer.getByRole('button', { name: 'Pesanan diterima' }).click();
    await expect.poll(() => buyer.getByTestId('order-status').first().textContent()).toBe('Sudah diterima');
    await buyer.goto('/pesanan');
    await buyer.getByTestId('my-order').first().waitFor();
    await expect.poll(() => buyer.locator(`a[href="/pesanan/${orderId}"]`).getByTestId('order-status').textContent()).toBe('Sudah diterima');

    // The order desk reads the buyer's confirmation on its next load: payment, shipped (the admin), received (the buyer).
    await page.reload();
    await row.waitFor();
    await row.getByRole('button', { name: `Detail pesanan #${orderId}` }).click();
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${orderId}` });
    await panel.getByText('Kacang Sangrai Bawang').waitFor();
    const trail = panel.getByRole('list', { name: 'Riwayat perubahan' }).getByRole('listitem');
    await expect.poll(() => trail.count()).toBe(3);
    await expect.poll(() => trail.nth(1).textContent()).toContain('@admin');
    await expect.poll(() => trail.last().textContent()).toContain('Pembeli Setia');
    await screenshot(page, 'admin-orders');
  });

  it('the order desk disables a row while its update runs, follows the URL, closes the panel of a filtered-out order and says when a reload fails', async () => {
    const { page, consoleErrors } = await e2e.openPage();
    const local = await localCourierOption(e2e.baseUrl);
    const orderId = await placeOrder(
      localCourierOrderPayload({ productId: await productId(e2e.baseUrl, 'Opak Ketan Bakar'), quantity: 1, local, name: 'Tamu Meja Uji', guestEmail: 'meja-uji@contoh.id' }),
    );

    await signInAsAdmin(page, e2e.baseUrl);
    const menuLink = page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Pesanan' });
    await menuLink.click();
    const searchBox = page.getByLabel('Cari pesanan');
    await searchBox.fill('meja-uji@contoh.id');
    await page.waitForURL(/[?&]q=meja-uji/);
    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    const status = row.getByTestId('desk-order-status');
    await row.waitFor();
    // Issue 28: an unpaid order is not confirmed on the order desk; its money comes first.
    await expect.poll(() => row.getByRole('button', { name: `Konfirmasi pesanan #${orderId}` }).isDisabled()).toBe(true);
    await e2e.adminApi('POST', `/orders/${orderId}/payment/confirm`, {});
    await page.reload();
    await expect.poll(() => status.textContent()).toBe('Dikonfirmasi');
    await row.getByRole('button', { name: `Detail pesanan #${orderId}` }).click();
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${orderId}` });
    await panel.waitFor();

    // "Kirim" is held at the network until the test lets it go: meanwhile its button is off and
    // the row still shows what the server last said.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/shipments/*/ship', async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Kirim', exact: true }).click();
    const shipForm = panel.getByRole('form', { name: 'Kirim paket 1' });
    await shipForm.getByRole('button', { name: 'Kirim', exact: true }).click();
    await shipForm.getByRole('button', { name: 'Memproses…' }).waitFor();
    expect(await shipForm.getByRole('button', { name: 'Memproses…' }).isDisabled()).toBe(true);
    await expect.poll(() => status.textContent()).toBe('Dikonfirmasi');
    release();
    await expect.poll(() => status.textContent()).toBe('Dikirim');
    await page.unroute('**/api/v1/shipments/*/ship');

    // A reload that fails while the list is shown says so and keeps the list (the console's
    // "status of 503" lines from these answers are expected and taken out below).
    const orderList = (url: URL) => url.pathname === '/api/v1/orders';
    await page.route(orderList, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Server sedang sibuk.', code: 'UNAVAILABLE' }) }),
    );
    await panel.getByRole('button', { name: 'Tandai sampai' }).click();
    const stale = page.getByRole('alert').filter({ hasText: 'Failed to fetch orders: Server sedang sibuk.' });
    await stale.waitFor();
    await row.waitFor();
    await page.unroute(orderList);
    await stale.getByRole('button', { name: 'Coba lagi' }).click();
    await stale.waitFor({ state: 'detached' });
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 503/.test(e)));

    // The panel closes itself when its order leaves the filter: it is shipped, not pending.
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.getByRole('tab', { name: /^Menunggu konfirmasi/ }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /^Dikirim/ }).click();
    await row.waitFor();

    // The cancelled tab's money card names what it shows, never a bare Rp0: a second, unpaid order
    // of the same buyer cancelled (a paid one is cancelled with its refund, decision 050).
    const other = await placeOrder(
      localCourierOrderPayload({ productId: await productId(e2e.baseUrl, 'Opak Ketan Bakar'), quantity: 1, local, name: 'Tamu Meja Uji', guestEmail: 'meja-uji@contoh.id' }),
    );
    await e2e.adminApi('PUT', `/orders/${other}`, { status: 'cancelled' });
    await page.getByRole('tab', { name: /^Dibatalkan/ }).click();
    await page.locator(`tr[data-order-id="${other}"]`).waitFor();
    const card = page.getByRole('group', { name: 'Nilai pesanan dibatalkan' });
    await card.waitFor();
    await expect.poll(() => card.getByTestId('stat-value').textContent()).not.toBe('Rp0');
    await card.getByText('Tidak dihitung sebagai pendapatan').waitFor();

    // The search box follows the URL: the menu link clears it for good, Back brings it again.
    await menuLink.click();
    await page.waitForURL(`${e2e.baseUrl}/admin/orders`);
    // The box follows the URL in an effect after the navigation renders: poll, don't snapshot.
    await expect.poll(() => searchBox.inputValue()).toBe('');
    await page.waitForTimeout(800);
    expect(new URL(page.url()).search).toBe('');
    await page.goBack();
    await page.waitForURL(/[?&]q=meja-uji/);
    await expect.poll(() => searchBox.inputValue()).toBe('meja-uji@contoh.id');
  });

  it('a cashier sells several items for cash, sees the change and prints the receipt alone, unclipped', async () => {
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Kasir (POS)' }).click();
    await page.getByRole('list', { name: 'Daftar produk POS' }).waitFor();
    // Paying with an empty cart is refused with the spec's message.
    await page.getByRole('button', { name: /^Bayar/ }).click();
    await page.getByText('Tambahkan produk ke keranjang terlebih dahulu.').waitFor();

    const items = ['Opak Ketan Bakar', 'Kacang Sangrai Bawang', 'Gantungan Kunci Angklung', 'Angklung Mini Souvenir', 'Sirup Markisa Asli', 'Bandrek Instan Jahe Merah'];
    for (const name of items) {
      await page.getByLabel('Cari produk').fill(name);
      await page.getByRole('button', { name: `Tambah ${name}` }).click();
      await page.locator('aside').getByText(name).waitFor();
    }
    const totalText = (await page.getByTestId('pos-total').textContent())!;
    const total = Number(totalText.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);

    // QRIS shows a real dynamic code for the exact amount, then back to cash.
    await page.getByRole('button', { name: 'QRIS', exact: true }).click();
    const qrisDialog = page.getByRole('dialog', { name: 'Bayar dengan QRIS' });
    const qrImage = qrisDialog.getByRole('img');
    await qrImage.waitFor();
    const qris = (await qrImage.getAttribute('data-qris'))!;
    expect(isValidQris(qris)).toBe(true);
    expect(parseTlv(qris).find((t) => t.tag === '54')?.value).toBe(String(total));
    await qrisDialog.getByRole('button', { name: 'Tutup', exact: true }).last().click();
    await page.getByRole('button', { name: 'Tunai' }).click();

    await page.getByLabel('Uang diterima (Rp)').fill(String(total - 1000));
    await page.getByRole('button', { name: /^Bayar/ }).click();
    await page.getByText('Pembayaran tunai kurang dari total belanja.').waitFor();
    const cash = 200000;
    expect(total).toBeLessThan(cash);
    const changeText = (cash - total).toLocaleString('id-ID');
    await page.getByLabel('Uang diterima (Rp)').fill(String(cash));
    await expect.poll(() => page.getByTestId('pos-change').textContent()).toContain(changeText);
    await page.getByRole('button', { name: /^Bayar/ }).click();

    const receipt = page.getByRole('dialog', { name: 'Struk' });
    await receipt.waitFor();
    await page.getByText('Transaksi berhasil disimpan.').waitFor();
    await expect.poll(() => receipt.getByTestId('receipt-total').textContent()).toBe(totalText);
    await expect.poll(() => receipt.getByTestId('receipt-change').textContent()).toContain(changeText);
    await receipt.getByText('Opak Ketan Bakar').waitFor();
    const orderNo = (await receipt.getByText(/^No: #\d+$/).textContent())!;
    await screenshot(page, 'pos-receipt');

    // Printing: the receipt alone, 58 mm wide.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await receipt.getByRole('button', { name: 'Cetak struk' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const layout = await page.locator('#pos-receipt').evaluate((el) => {
      const clipping: string[] = [];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed' || style.position === 'sticky' || style.overflowY !== 'visible' || style.overflowX !== 'visible') {
          clipping.push(`${a.tagName}.${a.className} ${style.position} ${style.overflowX}/${style.overflowY}`);
        }
      }
      const shown = Array.from(document.body.children).filter((c) => getComputedStyle(c).display !== 'none').map((c) => c.className);
      return { clipping, shown, width: el.getBoundingClientRect().width };
    });
    // In normal flow: nothing fixed or clipping above it, and nothing else on the page.
    expect(layout.clipping).toEqual([]);
    expect(layout.shown).toEqual([expect.stringContaining('pos-receipt-layer')]);
    expect(layout.width).toBeLessThanOrEqual((58 / 25.4) * 96);
    await expect.poll(() => page.getByRole('button', { name: 'Cetak struk' }).isVisible()).toBe(false);

    // The printed PDF on 58 mm paper: one page holding the whole receipt and nothing else.
    const normalised = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
    const pdf = await page.pdf({ width: '58mm' });
    expect(pdfPageCount(pdf)).toBe(1);
    const printed = normalised(await extractText(pdf, 'struk.pdf'));
    for (const expected of [orderNo, totalText, changeText, 'Kembali', 'Terima kasih telah mendukung UMKM lokal!', ...items]) expect(printed).toContain(expected);
    for (const absent of ['Cari produk', 'Cetak struk', 'Menu admin']) expect(printed).not.toContain(absent);
    // Longer than the paper (a 40 mm page here): it runs on over pages, every line still printed.
    const paged = await page.pdf({ width: '58mm', height: '40mm' });
    expect(pdfPageCount(paged)).toBeGreaterThan(1);
    expect(pdfPageCount(paged)).toBeLessThan(8);
    const pagedText = normalised(await extractText(paged, 'struk.pdf'));
    for (const expected of [orderNo, changeText, 'Terima kasih telah mendukung UMKM lokal!', ...items]) expect(pagedText).toContain(expected);
    await page.emulateMedia({ media: 'screen' });

    // The sale reset the cart and the method.
    await receipt.getByRole('button', { name: 'Tutup' }).click();
    await page.getByText('Keranjang kosong. Ketuk produk untuk menambahkannya.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Tunai' }).getAttribute('aria-pressed')).toBe('true');
  });
});
