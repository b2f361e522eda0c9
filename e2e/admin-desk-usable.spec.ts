/**
 * Issue 17 (docs/issues.md): the order desk used all day. At 1280×900 the open order leaves the
 * tabs, the rows' actions and "Ekspor CSV" usable; on a phone it has a backdrop that closes it.
 * A refused (stale) shipment action shows the order's real state (issue 28: explicit actions, no
 * status dropdown; cancelling is the panel's "Batalkan pesanan"); the dashboard's activity links
 * open their order; the table sorts by its headings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminOrder } from '@pasar/core/orders';
import { localCourierOption, localCourierOrderPayload, productId } from './support/api';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

// Every order here goes to one demo address; the cap on unpaid orders per address is lifted.
beforeAll(async () => {
  const settings = await e2e.adminApi<Record<string, unknown>>('GET', '/settings/payments');
  await e2e.adminApi('PUT', '/settings/payments', { ...settings, max_unpaid_per_address: 100, max_unpaid_per_email: 100 });
});

async function placeOrder(quantity = 1): Promise<AdminOrder> {
  const id = await productId(e2e.baseUrl, 'Opak Ketan Bakar');
  const local = await localCourierOption(e2e.baseUrl);
  return e2e.api<AdminOrder>('POST', '/orders', localCourierOrderPayload({ productId: id, quantity, local, name: 'Pembeli Meja', guestEmail: `meja-${Date.now()}-${quantity}@contoh.id` }));
}

const orderOf = (id: number) => e2e.adminApi<AdminOrder>('GET', `/orders/${id}`);
const confirmButton = (page: Page, id: number) => page.getByRole('button', { name: `Konfirmasi pesanan #${id}` });
const deskStatus = (page: Page, id: number) => page.locator(`tr[data-order-id="${id}"]`).getByTestId('desk-order-status');

async function openDesk(page: Page): Promise<void> {
  await signInAsAdmin(page, e2e.baseUrl);
  await page.goto('/admin/orders');
  await page.getByRole('table', { name: 'Daftar pesanan' }).waitFor();
}

describe('order desk usable all day (issue 17)', () => {
  it("at 1280×900 an open order leaves the export, the rows' actions and the tabs reachable", async () => {
    const a = await placeOrder(1);
    const b = await placeOrder(2);
    const { page } = await e2e.openPage();
    await openDesk(page);
    await page.getByRole('button', { name: `Detail pesanan #${a.id}` }).click();
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${a.id}` });
    await panel.waitFor();

    // Plain clicks: Playwright refuses them when another element (the panel) would take the click.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ekspor CSV' }).click({ timeout: 5000 });
    await download;
    // Unpaid: "Konfirmasi pesanan" is off and says why (issue 28), but nothing covers it.
    await confirmButton(page, b.id).hover({ timeout: 5000 });
    expect(await confirmButton(page, b.id).isDisabled()).toBe(true);
    expect(await panel.isVisible()).toBe(true);
    await page.getByRole('tab', { name: /^Dibatalkan/ }).click({ timeout: 5000 });
    await expect.poll(() => page.getByRole('tab', { name: /^Dibatalkan/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: /^Sudah diterima/ }).click({ timeout: 5000 });
    await expect.poll(() => page.getByRole('tab', { name: /^Sudah diterima/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('on a phone the open order has a backdrop that closes it', async () => {
    const a = await placeOrder(1);
    const { page } = await e2e.openPage({ mobile: true });
    await openDesk(page);
    await page.getByRole('button', { name: `Detail pesanan #${a.id}` }).click();
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${a.id}` });
    await panel.waitFor();
    await page.getByTestId('order-panel-backdrop').waitFor();
    // The panel leaves a strip of the list on the left, under the backdrop.
    await page.mouse.click(12, 400);
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('after a refused stale "Kirim" the desk shows the real state', async () => {
    const a = await placeOrder(1);
    await e2e.adminApi('POST', `/orders/${a.id}/payment/confirm`, {});
    const { page, consoleErrors } = await e2e.openPage();
    await openDesk(page);
    await expect.poll(() => deskStatus(page, a.id).textContent()).toBe('Dikonfirmasi');
    await page.getByRole('button', { name: `Detail pesanan #${a.id}` }).click();
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${a.id}` });
    await panel.getByRole('button', { name: 'Kirim', exact: true }).click();
    // Someone else sends the shipment while this order desk still shows it as being packed.
    const shipment = (await orderOf(a.id)).shipments[0]!;
    await e2e.adminApi('POST', `/shipments/${shipment.id}/ship`, { version: shipment.version });
    await panel.getByRole('form', { name: 'Kirim paket 1' }).getByRole('button', { name: 'Kirim', exact: true }).click();
    await panel.getByRole('alert').first().waitFor();
    await expect.poll(() => deskStatus(page, a.id).textContent()).toBe('Dikirim');
    expect((await orderOf(a.id)).status).toBe('shipped');
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('409')));
  });

  it("a dashboard activity link opens its order's panel", async () => {
    const a = await placeOrder(3);
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    const link = page.locator(`a[href="/admin/orders?order=${a.id}"]`).first();
    await link.click();
    await page.getByRole('complementary', { name: `Detail pesanan #${a.id}` }).waitFor();
  });

  it('sorts by a heading, and the order survives a reload', async () => {
    await placeOrder(1);
    await placeOrder(4);
    const { page } = await e2e.openPage();
    await openDesk(page);
    const totals = async () => {
      const cells = await page.locator('table[aria-label="Daftar pesanan"] tbody tr').evaluateAll((rows) => rows.map((r) => Number((r.children[5]?.textContent ?? '').replace(/\D/g, ''))));
      return cells;
    };
    await page.getByRole('button', { name: /^Total/ }).click();
    await expect.poll(async () => {
      const t = await totals();
      return t.length > 1 && t.every((v, i) => i === 0 || t[i - 1]! <= v);
    }).toBe(true);
    await page.getByRole('button', { name: /^Total/ }).click();
    await expect.poll(async () => {
      const t = await totals();
      return t.length > 1 && t.every((v, i) => i === 0 || t[i - 1]! >= v);
    }).toBe(true);
    await page.reload();
    await expect.poll(() => page.locator('th[aria-sort="descending"]').textContent()).toContain('Total');
    await expect.poll(async () => {
      const t = await totals();
      return t.length > 1 && t.every((v, i) => i === 0 || t[i - 1]! >= v);
    }).toBe(true);
  });
});
