/**
 * Issue 13 §9 (docs/issues.md) end to end: a cashier has a product in the POS cart when an admin changes its price.
 * Paying is refused with a notice of what changed, the cart takes the new price and total, and the
 * second payment records exactly what was charged: cash with "Uang pas" (the exact total), and
 * QRIS, whose code is drawn again for the new total.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Product } from '@pasar/core/catalog';
import type { AdminOrder } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { isValidQris, parseTlv, posMessages } from '@pasar/core/pos';
import { unitPrice } from '@pasar/core/pricing';
import { productId } from './support/api';
import { screenshot } from './support/harness';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

/** An admin edits the product in the back office (PUT with the version read), raising its price. */
async function adminRaisesPrice(id: number, by: number): Promise<Product> {
  const product = await e2e.adminApi<Product>('GET', `/products/${id}`);
  return e2e.adminApi<Product>('PUT', `/products/${id}`, { ...product, price: product.price + by, version: product.version });
}

const orderCount = async () => (await e2e.adminApi<{ total: number }>('GET', '/orders')).total;

async function openPos(page: Page): Promise<void> {
  await signInAsAdmin(page, e2e.baseUrl);
  await page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: 'Kasir (POS)' }).click();
  await page.getByRole('list', { name: 'Daftar produk POS' }).waitFor();
}

async function addToCart(page: Page, name: string, times: number): Promise<void> {
  await page.getByLabel('Cari produk').fill(name);
  // The card is named by its own text, "Tambah <name> <partner> <price> Stok <n>" (issue 31 item 27).
  const card = page.getByRole('button', { name: new RegExp(`^Tambah ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
  for (let i = 0; i < times; i += 1) await card.click();
  await expect.poll(() => page.getByRole('spinbutton', { name: `Jumlah ${name}` }).inputValue()).toBe(String(times));
}

/** A cashier's page with `times` of the product `name` in the POS cart; the product's id and unit price before any change. */
async function posCartWith(name: string, times: number): Promise<{ page: Page; consoleErrors: string[]; id: number; unit: number }> {
  const { page, consoleErrors } = await e2e.openPage();
  const id = await productId(e2e.baseUrl, name);
  await openPos(page);
  await addToCart(page, name, times);
  return { page, consoleErrors, id, unit: unitPrice(await e2e.adminApi<Product>('GET', `/products/${id}`)) };
}

/** The 409 the browser logs for the refused sale is expected; anything else still fails the test. */
function expectOnlyTheRefusal(consoleErrors: string[]): void {
  const others = consoleErrors.filter((e) => !e.includes('status of 409'));
  expect(consoleErrors.length - others.length).toBe(1);
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

/** Presses "Bayar" for `total`; the sale is saved and its receipt shows that total and `method`. */
async function payAndReadReceipt(page: Page, total: number, method: string): Promise<{ receipt: Locator; orderId: number }> {
  await page.getByRole('button', { name: `Bayar ${formatRupiah(total)}` }).click();
  const receipt = page.getByRole('dialog', { name: 'Struk' });
  await receipt.waitFor();
  await page.getByText(posMessages.saved).waitFor();
  await expect.poll(() => receipt.getByTestId('receipt-total').textContent()).toBe(formatRupiah(total));
  await expect.poll(() => receipt.getByTestId('receipt-method').textContent()).toBe(method);
  const orderId = Number((await receipt.getByText(/^No: #\d+$/).textContent())!.replace(/\D/g, ''));
  return { receipt, orderId };
}

describe('POS prices that change while a product is in the cart', () => {
  it('cash with "Uang pas": the notice and the new total, then the exact new total is charged and stored', async () => {
    const name = 'Opak Ketan Bakar';
    const { page, consoleErrors, id, unit } = await posCartWith(name, 2);
    const oldTotal = unit * 2;
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe(formatRupiah(oldTotal));

    // 1 375 more: the new total is not a multiple of the Rp1.000 cash step.
    const after = await adminRaisesPrice(id, 1375);
    const newUnit = unitPrice(after);
    const newTotal = newUnit * 2;
    expect(newTotal).toBeGreaterThan(oldTotal);
    const ordersBefore = await orderCount();

    await page.getByRole('button', { name: 'Uang pas' }).click();
    await expect.poll(() => page.getByLabel('Uang diterima (Rp)').inputValue()).toBe(String(oldTotal));
    await page.getByRole('button', { name: /^Bayar/ }).click();

    const notice = page.getByTestId('pos-price-change');
    await notice.getByText(posMessages.priceChanged).waitFor();
    await notice.getByText(`${name}: ${formatRupiah(unit)} → ${formatRupiah(newUnit)}`).waitFor();
    await expect.poll(() => notice.getByTestId('pos-price-change-total').textContent()).toBe(formatRupiah(newTotal));
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe(formatRupiah(newTotal));
    await expect.poll(() => page.getByTestId('pos-line-price').textContent()).toContain(formatRupiah(newUnit));
    // The cart is kept, nothing was recorded and no receipt shown.
    await expect.poll(() => page.getByRole('spinbutton', { name: `Jumlah ${name}` }).inputValue()).toBe('2');
    expect(await orderCount()).toBe(ordersBefore);
    expect(await page.getByRole('dialog', { name: 'Struk' }).count()).toBe(0);
    expectOnlyTheRefusal(consoleErrors);
    await screenshot(page, 'pos-price-changed');

    // The money counted for the old total is not enough for the new one.
    await page.getByRole('button', { name: /^Bayar/ }).click();
    await page.getByText(posMessages.shortCash).waitFor();

    await page.getByRole('button', { name: 'Uang pas' }).click();
    await expect.poll(() => page.getByLabel('Uang diterima (Rp)').inputValue()).toBe(String(newTotal));
    await expect.poll(() => page.getByTestId('pos-change').textContent()).toBe(formatRupiah(0));
    const { orderId } = await payAndReadReceipt(page, newTotal, 'Tunai');
    const stored = await e2e.adminApi<AdminOrder>('GET', `/orders/${orderId}`);
    expect(stored).toMatchObject({ order_type: 'pos', payment_method: 'cash', total_amount: newTotal, cash_received: newTotal, change_due: 0 });
    expect(stored.order_items.map((i) => [i.product_name, i.quantity, i.price])).toEqual([[name, 2, newUnit]]);
    expect(await orderCount()).toBe(ordersBefore + 1);
  });

  it('QRIS: the code is drawn again for the new total, and the sale is stored with that total and the reference', async () => {
    const { page, consoleErrors, id, unit: oldTotal } = await posCartWith('Sirup Markisa Asli', 1);

    await page.getByRole('button', { name: 'QRIS', exact: true }).click();
    const qrisDialog = page.getByRole('dialog', { name: 'Bayar dengan QRIS' });
    const amountOf = async () => parseTlv((await qrisDialog.getByRole('img').getAttribute('data-qris'))!).find((t) => t.tag === '54')?.value;
    await qrisDialog.getByRole('img').waitFor();
    await expect.poll(() => qrisDialog.getByTestId('qris-amount').textContent()).toBe(formatRupiah(oldTotal));
    await expect.poll(amountOf).toBe(String(oldTotal));
    await qrisDialog.getByRole('button', { name: 'Tutup', exact: true }).last().click();
    await page.getByLabel('Referensi pembayaran (opsional)').fill('QR-778899');

    const newTotal = unitPrice(await adminRaisesPrice(id, 2500));
    const ordersBefore = await orderCount();
    await page.getByRole('button', { name: /^Bayar/ }).click();

    // Refused: the modal comes back by itself with a code for the new total and says why.
    await qrisDialog.getByText(posMessages.qrisRedrawn).waitFor();
    await expect.poll(() => qrisDialog.getByTestId('qris-amount').textContent()).toBe(formatRupiah(newTotal));
    await expect.poll(amountOf).toBe(String(newTotal));
    expect(isValidQris((await qrisDialog.getByRole('img').getAttribute('data-qris'))!)).toBe(true);
    await screenshot(page, 'pos-price-changed-qris');
    expect(await orderCount()).toBe(ordersBefore);
    expectOnlyTheRefusal(consoleErrors);
    await qrisDialog.getByRole('button', { name: 'Tutup', exact: true }).last().click();
    await page.getByTestId('pos-price-change').getByText(posMessages.priceChanged).waitFor();
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe(formatRupiah(newTotal));

    const { receipt, orderId } = await payAndReadReceipt(page, newTotal, 'QRIS');
    await expect.poll(() => receipt.getByTestId('receipt-reference').textContent()).toBe('QR-778899');
    const stored = await e2e.adminApi<AdminOrder>('GET', `/orders/${orderId}`);
    expect(stored).toMatchObject({ order_type: 'pos', payment_method: 'qris', total_amount: newTotal, payment_reference: 'QR-778899', cash_received: null });
  });
});
