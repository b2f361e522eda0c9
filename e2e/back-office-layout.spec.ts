/**
 * Issue 31 (items 21, 22's order panel, 25): the order desk reachable on a 390 px phone (the status
 * control in view without sideways scrolling) and beside the open panel at 1280 px (the id column
 * stays), the panel's own status control and focus, the courier edit page within 390 px, the
 * category form's label below the sticky header after "Ubah", and a list searched and sorted on
 * the server with both kept in the address.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminOrder } from '@pasar/core/orders';
import { localCourierOption, localCourierOrderPayload, productId } from './support/api';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

async function placeOrder(quantity = 1): Promise<AdminOrder> {
  const id = await productId(e2e.baseUrl, 'Opak Ketan Bakar');
  const local = await localCourierOption(e2e.baseUrl);
  return e2e.api<AdminOrder>('POST', '/orders', localCourierOrderPayload({ productId: id, quantity, local, name: 'Pembeli Tata', guestEmail: `tata-${Date.now()}-${quantity}@contoh.id` }));
}

async function phone(): Promise<Page> {
  const { page } = await e2e.openPage({ mobile: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, e2e.baseUrl);
  return page;
}

/** The order desk at the default 1280 px, signed in as the admin, with the order's row and its "Detail" clicked. */
async function deskWithDetail(order: AdminOrder): Promise<{ page: Page; row: Locator }> {
  const { page } = await e2e.openPage();
  await signInAsAdmin(page, e2e.baseUrl);
  await page.goto('/admin/orders');
  const row = page.locator(`tr[data-order-id="${order.id}"]`);
  await row.getByRole('button', { name: `Detail pesanan #${order.id}` }).click();
  return { page, row };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent?.trim() ?? '', label: document.activeElement?.getAttribute('aria-label') ?? '' }));

describe('back-office layout (issue 31)', () => {
  it('at 390 px the order desk fits the screen with the status control in view; the panel has it too and takes and returns focus', async () => {
    const order = await placeOrder(1);
    const page = await phone();
    await page.goto('/admin/orders');
    await page.getByRole('table', { name: 'Daftar pesanan' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    const status = row.getByTestId('desk-order-status');
    await status.waitFor();
    const box = (await status.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const confirm = row.getByRole('button', { name: `Konfirmasi pesanan #${order.id}` });
    const confirmBox = (await confirm.boundingBox())!;
    expect(confirmBox.x + confirmBox.width).toBeLessThanOrEqual(390);

    const detail = row.getByRole('button', { name: `Detail pesanan #${order.id}` });
    const detailBox = (await detail.boundingBox())!;
    expect(detailBox.x + detailBox.width).toBeLessThanOrEqual(390);
    await detail.click();
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${order.id}` });
    await panel.waitFor();
    // Focus in the panel, on its heading (item 22), not left on "Detail".
    await expect.poll(() => focused(page)).toEqual({ tag: 'H2', text: `Pesanan #${order.id}`, label: '' });
    // The row's status control, in the panel (item 21): unpaid, so "Konfirmasi pesanan" says why it is off.
    expect(await panel.getByTestId('panel-status').getByTestId('desk-order-status').textContent()).toBe('Menunggu konfirmasi');
    expect(await panel.getByRole('button', { name: `Konfirmasi pesanan #${order.id}` }).isDisabled()).toBe(true);

    await panel.getByRole('button', { name: 'Tutup detail' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => focused(page)).toMatchObject({ label: `Detail pesanan #${order.id}` });
  });

  it('the panel confirms a paid order from its own status control, and Escape returns focus to "Detail" at 1280 px', async () => {
    const order = await placeOrder(2);
    const { page, row } = await deskWithDetail(order);
    const panel = page.getByRole('complementary', { name: `Detail pesanan #${order.id}` });
    await panel.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', text: `Pesanan #${order.id}` });

    await e2e.adminApi('POST', `/orders/${order.id}/payment/confirm`, {});
    await page.reload();
    await row.getByRole('button', { name: `Detail pesanan #${order.id}` }).click();
    await panel.waitFor();
    const inPanel = panel.getByTestId('panel-status');
    if ((await inPanel.getByRole('button', { name: `Konfirmasi pesanan #${order.id}` }).count()) > 0) {
      await inPanel.getByRole('button', { name: `Konfirmasi pesanan #${order.id}` }).click();
    }
    await expect.poll(() => inPanel.getByTestId('desk-order-status').textContent()).toBe('Dikonfirmasi');
    await expect.poll(() => row.getByTestId('desk-order-status').textContent()).toBe('Dikonfirmasi');

    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => focused(page)).toMatchObject({ label: `Detail pesanan #${order.id}` });
  });

  it('at 1280 px with the panel open the id column stays in view while the table scrolls sideways', async () => {
    const order = await placeOrder(1);
    const { page, row } = await deskWithDetail(order);
    await page.getByRole('complementary', { name: `Detail pesanan #${order.id}` }).waitFor();
    const table = page.getByRole('table', { name: 'Daftar pesanan' });
    const scroller = table.locator('xpath=..');
    // Beside the panel the table is wider than its box: it scrolls (the point of the rule).
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    const box = (await scroller.boundingBox())!;
    const idCell = row.locator('td').first();
    await expect.poll(async () => (await idCell.boundingBox())!.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(await idCell.textContent()).toContain(`#${order.id}`);
    // And it covers what scrolls under it: the point at its middle is the id cell itself.
    const cellBox = (await idCell.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('td')?.textContent ?? '', [cellBox.x + cellBox.width / 2, cellBox.y + cellBox.height / 2]);
    expect(hit).toContain(`#${order.id}`);
  });

  it('the courier edit page fits a 390 px screen', async () => {
    const couriers = await e2e.adminApi<{ id: number; price_count: number }[]>('GET', '/couriers');
    const courier = couriers.find((c) => c.price_count > 0)!;
    const page = await phone();
    await page.goto(`/admin/couriers/${courier.id}/edit`);
    await page.getByRole('table').first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  it('after "Ubah" on Categories the form\'s label is below the sticky header', async () => {
    const tag = `Rak Tata ${Date.now()}`;
    for (let i = 0; i < 12; i++) await e2e.adminApi('POST', '/categories/', { name: `${tag} ${String(i).padStart(2, '0')}`, description: 'Kategori untuk menguji tata letak', is_active: true });
    const page = await phone();
    await page.goto('/admin/categories?sort=created_at&dir=asc');
    await page.getByRole('table', { name: 'Daftar kategori' }).waitFor();
    await page.getByRole('button', { name: `Ubah ${tag} 11` }).click();
    await expect.poll(() => page.getByLabel('Nama kategori').inputValue()).toBe(`${tag} 11`);
    const header = (await page.locator('header').first().boundingBox())!;
    const label = page.locator('label[for="category-name"]');
    // The page did scroll to the form (the row is far below it)…
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.waitForTimeout(200);
    // …and its label is not under the header.
    expect((await label.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  it('categories are searched and sorted on the server, and a reload keeps both', async () => {
    const tag = `Cari${Date.now()}`;
    for (const name of ['Bambu', 'anyaman', 'Cendana']) await e2e.adminApi('POST', '/categories/', { name: `${name} ${tag}`, description: '', is_active: true });
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/categories');
    const names = () => page.getByRole('table', { name: 'Daftar kategori' }).locator('tbody tr td:first-child').allTextContents();
    await page.getByLabel('Cari kategori').fill(tag.toLowerCase());
    await expect.poll(names).toEqual([`anyaman ${tag}`, `Bambu ${tag}`, `Cendana ${tag}`]);
    await page.getByRole('button', { name: /^Nama/ }).click();
    await expect.poll(names).toEqual([`Cendana ${tag}`, `Bambu ${tag}`, `anyaman ${tag}`]);
    const url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('sort'), url.searchParams.get('dir')]).toEqual([tag.toLowerCase(), 'name', 'desc']);
    await page.reload();
    await expect.poll(names).toEqual([`Cendana ${tag}`, `Bambu ${tag}`, `anyaman ${tag}`]);
    expect(await page.getByLabel('Cari kategori').inputValue()).toBe(tag.toLowerCase());
  });
});
