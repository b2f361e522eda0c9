/**
 * Issue 29 end to end ("The partners are users"): a business applies at 360 px, the office approves
 * it as a new business, the partner adds a product that waits for curation and stays out of the
 * shop until the office approves it, a guest buys it by manual transfer, the office confirms the
 * payment, the partner prepares and sends the parcel with a resi from its phone, the buyer sees the
 * resi and confirms the parcel received, the office records the payout for the period ending today
 * and the partner reads it with its reference in Penjualan; last, the office downloads the sales
 * workbook and a real xlsx reader (exceljs) finds the partner's sales in it as numbers.
 * Screenshots land in e2e/artifacts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import type { Order } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { reportLabels } from '@pasar/core/reports';
import { commissionOn } from '@pasar/core/settlement';
import { api, findProductId, login } from './support/api';
import { fillRecipient } from './support/checkout';
import { screenshot } from './support/harness';
import { openDeskPanel } from './support/order-desk';
import { signIn, signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

const partner = {
  business: 'Keripik Tempe Coblong Rahayu',
  owner: 'Rahayu Lestari',
  phone: '0812-2929-2929',
  email: 'rahayu.keripik@contoh.id',
  address: 'Jl. Tubagus Ismail No. 29',
  // Kota Bandung: the demo's local couriers carry from here to the buyer in Sumur Bandung.
  province: 'Jawa Barat',
  city: 'Kota Bandung',
  district: 'Coblong',
  nib: '1234567890129',
  sells: 'Keripik tempe dan keripik singkong pedas, dibuat setiap pagi.',
  bank: 'BJB',
  account: '0029292929',
  holder: 'Rahayu Lestari',
  username: 'rahayu_keripik',
  password: 'rahayu-mitra-29',
} as const;

const product = { name: 'Keripik Tempe Rahayu 250 g', price: 27000 } as const;
const resi = 'KKB-2929-0001';
const payoutReference = 'BJB-TRF-20291127-29';

/** A real 1×1 PNG: the server recognises a proof by its first bytes. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('issue 29: the partners are users', () => {
  it('a business applies at 360 px, is approved, sells a curated product, ships it with a resi, is paid, and shows in the office workbook', { timeout: 300_000 }, async () => {
    // 1. A visitor applies on a phone, with the whole form.
    const visitor = await e2e.openPage({ mobile: true });
    const v = visitor.page;
    await v.goto('/daftar-mitra');
    await v.getByRole('heading', { name: 'Daftar jadi mitra' }).waitFor();
    const label = (text: string) => v.getByLabel(text, { exact: true });
    await label('Nama usaha').fill(partner.business);
    await label('Nama pemilik').fill(partner.owner);
    await label('Apa yang Anda jual?').fill(partner.sells);
    await label('Nomor telepon/WhatsApp').fill(partner.phone);
    await label('Email').fill(partner.email);
    await label('Alamat').fill(partner.address);
    // The store's province is chosen for the applicant once the list is drawn; chosen again here all the same.
    await expect.poll(() => label('Provinsi').locator('option').count()).toBeGreaterThan(1);
    await label('Provinsi').selectOption({ label: partner.province });
    await expect.poll(() => label('Kota/kabupaten').locator('option', { hasText: partner.city }).count()).toBe(1);
    await label('Kota/kabupaten').selectOption({ label: partner.city });
    await expect.poll(() => label('Kecamatan').locator('option', { hasText: partner.district }).count()).toBe(1);
    await label('Kecamatan').selectOption({ label: partner.district });
    await label('NIB (Nomor Induk Berusaha)').fill(partner.nib);
    await label('Nama bank').fill(partner.bank);
    await label('Nomor rekening').fill(partner.account);
    await label('Nama pemilik rekening').fill(partner.holder);
    await label('Username').fill(partner.username);
    await label('Kata sandi').fill(partner.password);
    await label('Konfirmasi kata sandi').fill(partner.password);
    await screenshot(v, 'issue29-apply-360');
    await v.getByRole('button', { name: 'Kirim pendaftaran' }).click();
    await v.getByRole('status').filter({ hasText: 'Pendaftaran terkirim' }).waitFor();
    // The application made the account: its status card says the office is reviewing it.
    await expect.poll(() => v.getByRole('article', { name: `Pendaftaran ${partner.business}` }).textContent()).toContain('Menunggu');
    expect(await noSideScroll(v)).toBeLessThanOrEqual(360);
    await screenshot(v, 'issue29-applied-360');

    // 2. The office approves it as a new business.
    const office = await e2e.openPage();
    const o = office.page;
    await signInAsAdmin(o, e2e.baseUrl);
    await o.goto('/admin/partner-applications');
    await o.getByRole('button', { name: `Periksa pendaftaran ${partner.business}` }).click();
    const application = o.getByRole('dialog', { name: `Pendaftaran: ${partner.business}` });
    await application.getByText(partner.nib).waitFor();
    expect(await application.getByLabel('Hubungkan akun ke usaha').inputValue()).toBe('');
    await screenshot(o, 'issue29-office-application-1280');
    await application.getByRole('button', { name: 'Setujui pendaftaran' }).click();
    await application.waitFor({ state: 'detached' });
    await o.getByText('Pendaftaran disetujui.', { exact: false }).first().waitFor();
    const business = (await e2e.adminApi<{ id: number; name: string; district_id: number | null; is_active: boolean }[]>('GET', '/businesses/')).find((b) => b.name === partner.business);
    expect(business).toMatchObject({ district_id: 327302, is_active: true });

    // 3. The partner signs in on its phone and lands in its corner; a new product waits for curation.
    const corner = await e2e.openPage({ mobile: true });
    const p = corner.page;
    await signIn(p, partner.username, partner.password);
    await p.waitForURL(/\/mitra(\/|$)/);
    await p.getByRole('navigation', { name: 'Menu mitra' }).getByRole('link', { name: 'Produk', exact: true }).click();
    await p.waitForURL(`${e2e.baseUrl}/mitra/produk`);
    await p.getByRole('link', { name: new RegExp(partner.business) }).waitFor();
    await p.getByText('Belum ada produk.').waitFor();
    await p.getByRole('button', { name: '+ Tambah' }).click();
    const form = p.getByRole('dialog', { name: 'Tambah produk' });
    await form.getByLabel('Nama produk').fill(product.name);
    await form.getByLabel('Deskripsi', { exact: true }).fill('Keripik tempe tipis dan renyah, digoreng dengan minyak baru setiap pagi.');
    const category = form.getByLabel('Kategori');
    await expect.poll(() => category.locator('option').count()).toBeGreaterThan(1);
    const categoryValue = await category.locator('option').nth(1).getAttribute('value');
    await category.selectOption(categoryValue ?? '');
    await form.getByLabel('Harga (Rp)').fill(String(product.price));
    await form.getByLabel('Stok', { exact: true }).fill('12');
    await screenshot(p, 'issue29-partner-product-form-360');
    await form.getByRole('button', { name: 'Simpan produk' }).click();
    await form.waitFor({ state: 'detached' });
    const card = p.getByRole('list', { name: 'Produk saya' }).getByRole('listitem').filter({ hasText: product.name });
    await expect.poll(() => card.textContent()).toContain('Menunggu kurasi');
    expect(await noSideScroll(p)).toBeLessThanOrEqual(360);
    await screenshot(p, 'issue29-partner-product-waiting-360');

    const partnerApi = api(e2e.baseUrl, (await login(e2e.baseUrl, partner.username, partner.password)).token);
    const mine = await partnerApi<{ id: number; name: string }[]>('GET', '/mitra/products');
    const productId = mine.find((x) => x.name === product.name)?.id;
    expect(productId).toBeTypeOf('number');
    // Held: not in the catalogue, and its page is not served to the shop.
    expect(await findProductId(e2e.baseUrl, product.name)).toBeUndefined();
    expect((await fetch(`${e2e.baseUrl}/api/v1/catalog/products/${productId}`)).status).toBe(404);

    // 4. The office approves it on the curation queue; the shop now shows it.
    await o.goto('/admin/curation');
    const queue = o.getByRole('list', { name: 'Antrean kurasi' });
    await queue.getByRole('listitem').filter({ hasText: product.name }).first().waitFor();
    await screenshot(o, 'issue29-office-curation-1280');
    await queue.getByRole('button', { name: `Setujui usulan ${product.name}` }).click();
    await queue.getByRole('button', { name: `Setujui usulan ${product.name}` }).waitFor({ state: 'detached' });
    await expect.poll(() => findProductId(e2e.baseUrl, product.name)).toBe(productId);
    await p.reload();
    await expect.poll(() => card.textContent()).toContain('Aktif');

    // 5. A guest buys it on a phone: the product page, the cart, a manual transfer and its proof.
    const shopper = await e2e.openPage({ mobile: true });
    const s = shopper.page;
    await s.goto(`/product/${productId}`);
    await s.getByRole('heading', { name: product.name }).waitFor();
    await s.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await expect.poll(() => s.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{}') as { totalItems?: number }).totalItems ?? 0)).toBe(1);
    await s.goto('/checkout');
    await s.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await s.getByLabel('Email').fill('pembeli.keripik@contoh.id');
    await fillRecipient(s, { name: 'Dewi Pembeli Keripik', address: 'Jl. Braga No. 29', phone: '081229290029' });
    await s.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
    await s.getByRole('dialog').getByText('Transfer bank manual').click();
    await expect.poll(() => s.getByTestId('payment-choice').textContent()).toBe('Transfer bank manual');
    await s.getByRole('button', { name: 'Buat pesanan' }).click();
    await s.getByRole('status').filter({ hasText: 'Pesanan berhasil dibuat. Terima kasih!' }).waitFor();
    const orderPath = (await s.getByRole('link', { name: 'Lihat halaman pesanan' }).getAttribute('href')) ?? '';
    const token = /\/pesanan\/akses\/([0-9a-f]{64})$/.exec(orderPath)?.[1];
    expect(token, orderPath).toBeTruthy();
    const placed = await e2e.api<Order>('GET', `/orders/access/${token}`);
    expect(placed.shipments).toHaveLength(1);
    expect(placed.shipments[0]!.origin_district_id).toBe(327302);
    await s.goto(orderPath);
    await s.getByTestId('proof-upload').locator('input[type="file"]').setInputFiles({ name: 'bukti.png', mimeType: 'image/png', buffer: png });
    await s.getByRole('button', { name: 'Kirim bukti transfer' }).click();
    await expect.poll(() => s.getByTestId('payment-status').textContent()).toBe('Menunggu verifikasi');

    // An unpaid order is not the partner's work yet.
    await p.goto('/mitra/pesanan');
    await p.getByRole('heading', { name: 'Pesanan', exact: true }).waitFor();
    await expect.poll(() => p.getByRole('tab', { name: /^Perlu dikirim/ }).textContent()).toBe('Perlu dikirim(0)');

    // 6. The office confirms the payment on the order desk.
    const panel = await openDeskPanel(o, placed.id);
    let asked = '';
    o.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await panel.getByRole('button', { name: 'Konfirmasi pembayaran' }).click();
    await panel.getByRole('status').filter({ hasText: 'Pembayaran dikonfirmasi.' }).waitFor();
    expect(asked).toContain(formatRupiah(placed.total_amount));
    await expect.poll(() => panel.getByTestId('payment-status').textContent()).toBe('Sudah dibayar');

    // 7. The partner prepares and sends the parcel with a resi, from its phone.
    await p.reload();
    const parcel = p.locator(`li[data-shipment-id="${placed.shipments[0]!.id}"]`);
    await parcel.waitFor();
    await expect.poll(() => parcel.textContent()).toContain(product.name);
    await expect.poll(() => parcel.textContent()).toContain('Dewi Pembeli Keripik');
    await parcel.getByRole('link', { name: /^Slip 58 mm pesanan/ }).waitFor();
    await screenshot(p, 'issue29-partner-parcel-to-send-360');
    await parcel.getByRole('button', { name: 'Siapkan' }).click();
    await parcel.getByRole('button', { name: 'Kirim', exact: true }).click();
    const send = p.getByRole('dialog', { name: /^Kirim pesanan / });
    await send.getByLabel(/Nomor resi/).fill(resi);
    await screenshot(p, 'issue29-partner-send-resi-360');
    await send.getByRole('button', { name: 'Kirim', exact: true }).click();
    await send.waitFor({ state: 'detached' });
    await p.getByRole('tab', { name: /^Dikirim/ }).click();
    const sent = p.getByRole('list', { name: 'Dikirim' }).locator(`li[data-shipment-id="${placed.shipments[0]!.id}"]`);
    await expect.poll(() => sent.textContent()).toContain(`Resi: ${resi}`);
    expect(await noSideScroll(p)).toBeLessThanOrEqual(360);
    await screenshot(p, 'issue29-partner-parcel-sent-360');

    // The buyer's page shows the resi; the buyer confirms the parcel received.
    await s.reload();
    await expect.poll(() => s.getByTestId('payment-status').textContent()).toBe('Sudah dibayar');
    const followed = s.locator(`li[data-shipment-id="${placed.shipments[0]!.id}"]`);
    await expect.poll(() => followed.textContent()).toContain(`No. resi: ${resi}`);
    await screenshot(s, 'issue29-buyer-resi-360');
    await followed.getByRole('button', { name: 'Pesanan diterima' }).click();
    await expect.poll(() => followed.textContent()).toContain('Diterima');
    const received = await e2e.api<Order>('GET', `/orders/access/${token}`);
    expect(received.shipments.map((x) => [x.status, x.tracking_number])).toEqual([['received', resi]]);

    // 8. The office records the payout for this month up to today; the partner reads it in Penjualan.
    await o.goto('/admin/payouts');
    await o.getByRole('button', { name: 'Bulan ini' }).click();
    const owedRow = o.getByRole('row').filter({ hasText: partner.business });
    await expect.poll(() => owedRow.textContent()).toContain(formatRupiah(product.price));
    await owedRow.getByRole('button', { name: 'Catat pembayaran' }).click();
    const payout = o.getByRole('dialog', { name: `Catat pembayaran: ${partner.business}` });
    const amount = Number(await payout.getByLabel('Jumlah (Rp)').inputValue());
    // Goods less the store's commission, plus the shipping of the parcel the partner sent itself (decision 057, core's one rule).
    const { commission_percent } = await e2e.adminApi<{ commission_percent: number }>('GET', '/settings/partner-program');
    expect(amount).toBe(product.price - commissionOn(product.price, commission_percent) + placed.shipping_cost);
    expect(placed.shipping_cost).toBeGreaterThan(0);
    await payout.getByLabel('Referensi bank').fill(payoutReference);
    await screenshot(o, 'issue29-office-payout-1280');
    await payout.getByRole('button', { name: 'Catat pembayaran' }).click();
    await payout.waitFor({ state: 'detached' });
    await o.getByText('Pembayaran dicatat; periode ditutup.').waitFor();
    // The period is closed up to today: the partner owes nothing more this month, and the payout is on record.
    await expect.poll(() => owedRow.count()).toBe(0);
    const recorded = await e2e.adminApi<{ payouts: { amount: number; bank_reference: string; period_end: string }[] }>('GET', `/payouts?business_id=${business!.id}`);
    expect(recorded.payouts).toEqual([expect.objectContaining({ amount, bank_reference: payoutReference })]);

    await p.getByRole('navigation', { name: 'Menu mitra' }).getByRole('link', { name: 'Penjualan' }).click();
    await p.waitForURL(`${e2e.baseUrl}/mitra/penjualan`);
    const payouts = p.getByRole('region', { name: 'Pembayaran dari Dinas' });
    await expect.poll(() => payouts.textContent()).toContain(`Ref. ${payoutReference}`);
    await expect.poll(() => payouts.textContent()).toContain(formatRupiah(amount));
    const balance = p.getByRole('region', { name: 'Saldo' });
    await expect.poll(() => balance.textContent()).toContain(`Sudah dibayar Dinas${formatRupiah(amount)}`);
    await expect.poll(() => balance.textContent()).toContain(`Masih terutang${formatRupiah(0)}`);
    expect(await noSideScroll(p)).toBeLessThanOrEqual(360);
    await screenshot(p, 'issue29-partner-penjualan-360');

    // 9. The office downloads the workbook; exceljs reads the partner's sales as numbers.
    await o.goto('/admin/reports');
    const download = o.waitForEvent('download');
    await o.getByRole('button', { name: 'Unduh Excel (.xlsx)' }).click();
    const file = await (await download).path();
    await screenshot(o, 'issue29-office-reports-1280');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet(reportLabels.sheets.partners);
    expect(sheet, book.worksheets.map((w) => w.name).join(', ')).toBeDefined();
    const header = (sheet!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([reportLabels.partner, reportLabels.district, reportLabels.orders, reportLabels.items, reportLabels.gmv, reportLabels.share]);
    const rows: unknown[][] = [];
    sheet!.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const mineRow = rows.find((r) => r[0] === partner.business);
    expect(mineRow, JSON.stringify(rows)).toBeDefined();
    const [, district, orders, items, gmv, share] = mineRow!;
    expect(district).toBe(partner.district);
    expect([orders, items, gmv]).toEqual([1, 1, product.price]);
    expect(typeof share).toBe('number');
    // The summary's GMV is a number too, and holds this sale.
    const summary = book.getWorksheet(reportLabels.sheets.summary)!;
    const totals: Record<string, unknown> = {};
    summary.eachRow((row) => {
      const [name, value] = (row.values as unknown[]).slice(1);
      if (typeof name === 'string') totals[name] = value;
    });
    expect(totals[reportLabels.gmv]).toBeTypeOf('number');
    expect(totals[reportLabels.gmv] as number).toBeGreaterThanOrEqual(product.price);
    expect(totals[reportLabels.from]).toBeInstanceOf(Date);
  });
});
