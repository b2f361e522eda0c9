/**
 * Issue 17 (docs/issues.md): one store time zone. In a browser set to UTC the order desk, the dashboard
 * and the bell show the store's time (WIB by default); when the admin picks another zone every
 * screen follows it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@pasar/core/orders';
import { formatDateTime } from '@pasar/core/time';
import { localCourierOption, localCourierOrderPayload, productId } from './support/api';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

afterAll(async () => {
  await e2e.adminApi('PUT', '/settings/time-zone', { time_zone: 'Asia/Jakarta' });
});

describe('one store time zone (issue 17)', () => {
  it('a UTC browser shows WIB on the desk, the dashboard and the bell, and WITA once the store says so', async () => {
    const id = await productId(e2e.baseUrl, 'Opak Ketan Bakar');
    const local = await localCourierOption(e2e.baseUrl);
    const order = await e2e.api<AdminOrder>('POST', '/orders', localCourierOrderPayload({ productId: id, quantity: 1, local, name: 'Tamu Zona', guestEmail: `zona-${Date.now()}@contoh.id` }));
    const { page } = await e2e.openPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await signInAsAdmin(page, e2e.baseUrl);
    const wib = formatDateTime(order.created_at, { timeZone: 'Asia/Jakarta' });
    expect(wib).toMatch(/ WIB$/);
    // Dashboard's activity and the bell.
    await page.getByText(wib).first().waitFor();
    await page.getByRole('button', { name: /Notifikasi|pesanan baru/i }).first().click();
    await expect.poll(() => page.getByText(wib).count()).toBeGreaterThan(1);
    // The order desk's row.
    await page.goto('/admin/orders');
    await page.locator(`tr[data-order-id="${order.id}"]`).getByText(wib).waitFor();

    // The admin picks WITA: the same order reads an hour later, in WITA, after the change.
    await page.goto('/admin/settings/payments');
    await page.getByLabel('Zona waktu', { exact: true }).selectOption('Asia/Makassar');
    await page.getByRole('button', { name: 'Simpan zona waktu' }).click();
    await page.getByText('Zona waktu toko disimpan.').waitFor();
    const wita = formatDateTime(order.created_at, { timeZone: 'Asia/Makassar' });
    expect(wita).toMatch(/ WITA$/);
    await page.goto('/admin/orders');
    await page.locator(`tr[data-order-id="${order.id}"]`).getByText(wita).waitFor();
    await page.goto('/admin/dashboard');
    await page.getByText(wita).first().waitFor();
  });
});
