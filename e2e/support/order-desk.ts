/** The admin's order desk as a signed-in admin reaches it. */
import type { Locator, Page } from 'playwright-core';

/** Opens one order's detail panel on the order desk and waits for it. */
export async function openDeskPanel(page: Page, orderId: number): Promise<Locator> {
  await page.goto('/admin/orders');
  const row = page.locator(`tr[data-order-id="${orderId}"]`);
  await row.waitFor();
  await row.getByRole('button', { name: `Detail pesanan #${orderId}` }).click();
  const panel = page.getByRole('complementary', { name: `Detail pesanan #${orderId}` });
  await panel.waitFor();
  return panel;
}
