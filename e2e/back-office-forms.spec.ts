/**
 * Issue 31 (items 14, 15, 16, 18): back-office forms keep what was stored and what was typed. The
 * business dialog shows a stored city and district on its first opening; "Batal", Back and reload
 * ask before typed work is dropped; a save that lost a race to another admin offers the latest
 * version or one's own; a session that ran out mid-edit comes back to the same page with the draft.
 */
import { describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { signInAsAdmin } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

/** Answers the next browser dialogs in turn and records their messages. */
function answerDialogs(page: Page, answers: boolean[]): { messages: string[]; types: string[] } {
  const seen = { messages: [] as string[], types: [] as string[] };
  page.on('dialog', (d: Dialog) => {
    seen.messages.push(d.message());
    seen.types.push(d.type());
    void ((answers.shift() ?? true) ? d.accept() : d.dismiss());
  });
  return seen;
}

const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name, exact: true });

interface Business {
  id: number;
  name: string;
  city_id: number | null;
  district_id: number | null;
  version: number;
}

describe('back-office forms (issue 31)', () => {
  it('item 14: the first "Edit" after the page loads shows the stored city and district, and saves without re-picking', async () => {
    const businesses = await e2e.adminApi<Business[]>('GET', '/businesses/');
    const stored = businesses.find((b) => b.city_id && b.district_id);
    if (!stored) throw new Error('the demo data has no business with a district');
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    // A fresh load of the page: nothing about cities is cached yet.
    await page.goto('/admin/businesses');
    await page.getByRole('button', { name: `Edit ${stored.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah usaha mitra' });
    const city = dialog.getByLabel('Kota/kabupaten', { exact: true });
    const district = dialog.getByLabel('Kecamatan');
    await expect.poll(() => city.inputValue()).toBe(String(stored.city_id));
    await expect.poll(() => district.inputValue()).toBe(String(stored.district_id));
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = (await e2e.adminApi<Business[]>('GET', '/businesses/')).find((b) => b.id === stored.id);
    expect(after).toMatchObject({ city_id: stored.city_id, district_id: stored.district_id, version: stored.version + 1 });
  });
});
