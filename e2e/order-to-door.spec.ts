/**
 * Issue 28, end to end: a guest buys from three partners with one transfer and one proof, the admin
 * confirms and sends two of the three parcels with a resi each, and the buyer (on a 360 px phone)
 * follows them and confirms one as received; a paid order cancelled on the order desk records its
 * refund and the order desk's revenue gives the money back. Screenshots land in e2e/artifacts.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { localCourierOption, localCourierOrderPayload } from './support/api';
import { fillRecipient } from './support/checkout';
import { screenshot } from './support/harness';
import { openDeskPanel } from './support/order-desk';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

interface Business {
  id: number;
  name: string;
  district_id: number | null;
  is_active: boolean;
}

/** A real 1×1 PNG: the server recognises a proof by its first bytes. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let made = 0;
async function makeProduct(name: string, businessId: number): Promise<{ id: number; name: string }> {
  const categoryId = (await e2e.adminApi<{ id: number }[]>('GET', '/catalog/categories/'))[0]!.id;
  made += 1;
  const unique = `${name} ${made}`;
  const product = await e2e.adminApi<{ id: number }>('POST', '/products/', {
    name: unique,
    description: `Produk uji ${unique} untuk pesanan dari beberapa mitra.`,
    price: 25000,
    stock: 10,
    discount: 0,
    category_id: categoryId,
    business_id: businessId,
    weight_grams: 300,
  });
  return { id: product.id, name: unique };
}

function tokenOf(path: string): string {
  const token = /\/pesanan\/akses\/([0-9a-f]{64})$/.exec(path)?.[1];
  if (!token) throw new Error(`not an order link: ${path}`);
  return token;
}

describe('issue 28: one payment, parcels to the door, money back', () => {
  it('a guest buys from three partners with one transfer and one proof; two parcels go out with a resi; the buyer follows them and confirms one', async () => {
    const businesses = (await e2e.adminApi<Business[]>('GET', '/businesses/')).filter((b) => b.is_active && b.district_id);
    const partners: Business[] = [];
    for (const b of businesses) if (!partners.some((p) => p.district_id === b.district_id) && partners.length < 3) partners.push(b);
    expect(partners).toHaveLength(3);
    const products = [];
    for (const [i, p] of partners.entries()) products.push(await makeProduct(`Produk Mitra ${i + 1}`, p.id));

    const { page } = await e2e.openPage({ mobile: true });
    for (const [i, p] of products.entries()) {
      await page.goto(`/product/${p.id}`);
      await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
      await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{}') as { totalItems?: number }).totalItems ?? 0)).toBe(i + 1);
    }
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await page.getByLabel('Email').fill('tamu.tiga.mitra@contoh.id');
    await fillRecipient(page, { name: 'Tamu Tiga Mitra', address: 'Jl. Braga No. 28', phone: '081233344455' });
    await expect.poll(() => page.getByTestId('shipping-choice').count()).toBe(3);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="shipping-choice"]')).every((e) => !/Belum dipilih|Menghitung/.test(e.textContent ?? '')));
    await page.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
    await page.getByRole('dialog').getByText('Transfer bank manual').click();
    await expect.poll(() => page.getByTestId('payment-choice').textContent()).toBe('Transfer bank manual');
    await page.getByRole('complementary', { name: 'Ringkasan pesanan' }).getByText('Ongkos kirim (3 kiriman)').waitFor();
    await screenshot(page, 'issue28-three-partners-checkout-360');
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    await page.getByRole('status').filter({ hasText: 'Pesanan berhasil dibuat. Terima kasih!' }).waitFor();

    const path = (await page.getByRole('link', { name: 'Lihat halaman pesanan' }).getAttribute('href')) ?? '';
    const token = tokenOf(path);
    const placed = await e2e.api<Order>('GET', `/orders/access/${token}`);
    // One order, one payment, one amount; a shipment per partner.
    expect(placed.shipments).toHaveLength(3);
    expect(placed.payment?.provider).toBe('manual');
    expect(placed.shipping_cost).toBe(placed.shipments.reduce((s, x) => s + x.cost, 0));
    expect(placed.total_amount).toBe(placed.subtotal_amount + placed.shipping_cost + placed.payment_fee + placed.unique_code);
    expect(new Set(placed.shipments.map((s) => s.origin_district_id)).size).toBe(3);

    // One proof for the whole cart, from the order's page on the phone.
    await page.goto(path);
    await page.getByTestId('proof-upload').locator('input[type="file"]').setInputFiles({ name: 'bukti.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Kirim bukti transfer' }).click();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Menunggu verifikasi');

    // The admin confirms the one payment (asked once, with the amount), then sends two parcels with a resi.
    const admin = await e2e.openPage();
    await signInAsAdmin(admin.page, e2e.baseUrl);
    const panel = await openDeskPanel(admin.page, placed.id);
    let question = '';
    admin.page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await panel.getByRole('button', { name: 'Konfirmasi pembayaran' }).click();
    await panel.getByRole('button', { name: 'Konfirmasi pembayaran' }).waitFor({ state: 'detached' });
    expect(question).toContain(formatRupiah(placed.total_amount));
    const resi = ['LOKAL-0001', 'LOKAL-0002'];
    for (const [i, shipment] of placed.shipments.slice(0, 2).entries()) {
      const item = panel.locator(`li[data-shipment-id="${shipment.id}"]`);
      await item.getByRole('button', { name: 'Kirim', exact: true }).click();
      const form = item.getByRole('form', { name: `Kirim paket ${shipment.position}` });
      await form.getByLabel(/Nomor resi/).fill(resi[i]!);
      await form.getByRole('button', { name: 'Kirim', exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => item.textContent()).toContain(resi[i]!);
    }
    await screenshot(admin.page, 'issue28-desk-two-parcels-sent-1280');

    // The buyer's page: paid, each parcel's courier, resi and tracking; one confirmed as received.
    await page.reload();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Sudah dibayar');
    for (const [i, shipment] of placed.shipments.entries()) {
      const item = page.locator(`li[data-shipment-id="${shipment.id}"]`);
      await expect.poll(() => item.textContent()).toContain(shipment.courier_name ?? '?');
      if (i < 2) {
        await expect.poll(() => item.textContent()).toContain(`No. resi: ${resi[i]}`);
        await expect.poll(() => item.getByRole('list', { name: `Lacak paket ${shipment.position}` }).locator('li').count()).toBeGreaterThan(0);
      } else {
        expect(await item.getByText('No. resi').count()).toBe(0);
        expect(await item.getByRole('button', { name: 'Pesanan diterima' }).count()).toBe(0);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'issue28-buyer-tracking-360');
    const first = page.locator(`li[data-shipment-id="${placed.shipments[0]!.id}"]`);
    await first.getByRole('button', { name: 'Pesanan diterima' }).click();
    await expect.poll(() => first.textContent()).toContain('Diterima');
    expect(await first.getByRole('button', { name: 'Pesanan diterima' }).count()).toBe(0);

    const after = await e2e.api<Order>('GET', `/orders/access/${token}`);
    expect(after.shipments.map((s) => s.status)).toEqual(['received', 'shipped', 'packing']);
    expect(after.payment_status).toBe('paid');
    // The buyer heard of each step once: the payment and each parcel sent.
    const messages = await e2e.api<{ kind: string; channel: string }[]>('GET', `/orders/access/${token}/messages`);
    const emails = messages.filter((m) => m.channel === 'email').map((m) => m.kind);
    expect(emails.filter((k) => k === 'payment_received')).toHaveLength(1);
    expect(emails.filter((k) => k === 'shipment_shipped')).toHaveLength(2);
  });

  it('a paid order cancelled on the desk records its refund, and the desk revenue gives the money back', async () => {
    const local = await localCourierOption(e2e.baseUrl);
    const partner = (await e2e.adminApi<Business[]>('GET', '/businesses/')).find((b) => b.is_active)!;
    const product = await makeProduct('Produk Dibatalkan', partner.id);
    const order = await e2e.api<Order>('POST', '/orders', localCourierOrderPayload({ productId: product.id, quantity: 1, local, name: 'Tamu Refund', guestEmail: 'tamu.refund@contoh.id' }));
    await e2e.adminApi('POST', `/orders/${order.id}/payment/confirm`, {});
    const before = (await e2e.adminApi<{ summary: { revenue: number } }>('GET', '/orders')).summary.revenue;

    const { page } = await e2e.openPage({ mobile: true });
    await signInAsAdmin(page, e2e.baseUrl);
    const panel = await openDeskPanel(page, order.id);
    await panel.getByRole('button', { name: 'Batalkan pesanan' }).click();
    const dialog = page.getByRole('dialog', { name: `Batalkan pesanan #${order.id}` });
    await dialog.getByText(formatRupiah(order.total_amount)).first().waitFor();
    await dialog.getByLabel('Metode').selectOption({ label: 'Transfer bank' });
    await dialog.getByRole('button', { name: 'Batalkan pesanan' }).click();
    // A transfer refund needs its reference: refused in words, nothing lost.
    await dialog.getByText(/referensi/i).first().waitFor();
    await dialog.getByLabel('Nomor referensi').fill('TRF-REFUND-0042');
    await dialog.getByLabel('Alasan pengembalian').fill('Stok rusak saat dikemas.');
    await screenshot(page, 'issue28-cancel-with-refund-360');
    await dialog.getByRole('button', { name: 'Batalkan pesanan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => panel.getByRole('region', { name: 'Pengembalian dana' }).textContent()).toContain(formatRupiah(order.total_amount));

    const refunds = await e2e.adminApi<{ refunds: { amount: number; method: string; reference: string }[] }>('GET', `/orders/${order.id}/refunds`);
    expect(refunds.refunds).toEqual([expect.objectContaining({ amount: order.total_amount, method: 'transfer', reference: 'TRF-REFUND-0042' })]);
    const seen = await e2e.adminApi<{ status: string }>('GET', `/orders/${order.id}`);
    expect(seen.status).toBe('cancelled');
    const after = (await e2e.adminApi<{ summary: { revenue: number } }>('GET', '/orders')).summary.revenue;
    expect(after).toBe(before - order.total_amount);
    // The order desk and the buyer's own page both say the money went back.
    await expect.poll(() => panel.getByTestId('payment-status').first().textContent()).toBe('Dana dikembalikan');
    const buyer = await e2e.api<Order>('GET', `/orders/access/${tokenOf(order.order_url ?? '')}`);
    expect(buyer).toMatchObject({ status: 'cancelled', refunded_amount: order.total_amount, payment: { state_label: 'Dana dikembalikan' } });
  });
});
