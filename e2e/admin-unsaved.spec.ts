/**
 * Issue 17 (docs/issues.md): back-office work is not lost without a word. A drag out of a form
 * dialog keeps it; closing a dialog with edits (×, Escape, backdrop) asks; leaving a screen with a
 * half-typed form asks, and so does a reload; "Ubah" on a category far down a phone screen brings
 * the form into view.
 */
import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from './support/session';
import { adminPageAnswering, expectClosesUntouched, menu } from './support/back-office';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

describe('back office keeps unsaved work (issue 17)', () => {
  it('a product dialog survives a drag out of a field, and asks before × / Escape / backdrop throw the typing away', async () => {
    const { page, seen } = await adminPageAnswering(e2e, [false, false, false, true]);
    await menu(page, 'Produk').click();
    await page.getByRole('button', { name: '+ Tambah produk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah produk' });
    const name = dialog.getByLabel('Nama produk');
    await name.fill('Keripik Tempe Sagu');
    await dialog.getByLabel('Deskripsi', { exact: true }).fill('Renyah, dari Cimahi.');

    // Press inside "Nama produk", release past the dialog's edge (selecting text does this).
    const box = await name.boundingBox();
    if (!box) throw new Error('no box');
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(5, 5, { steps: 5 });
    await page.mouse.up();
    expect(await name.inputValue()).toBe('Keripik Tempe Sagu');
    expect(seen.messages).toEqual([]);

    // Escape, backdrop and × each ask; "cancel" keeps everything.
    await page.keyboard.press('Escape');
    await expect.poll(() => seen.messages.length).toBe(1);
    await page.mouse.click(5, 5);
    await expect.poll(() => seen.messages.length).toBe(2);
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect.poll(() => seen.messages.length).toBe(3);
    expect(await name.inputValue()).toBe('Keripik Tempe Sagu');
    expect(seen.messages[0]).toBe('Perubahan belum disimpan. Tutup dan buang perubahan?');
    await expect.poll(() => dialog.isVisible()).toBe(true);

    // "OK" closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(seen.messages).toHaveLength(4);

    // A dialog nobody typed in closes without a question.
    await expectClosesUntouched(page.getByRole('button', { name: '+ Tambah produk' }), dialog, 'Tutup', seen, 4);
  });

  it('leaving the categories screen with a half-typed category asks; staying keeps the text; a reload asks too', async () => {
    const { page, seen } = await adminPageAnswering(e2e, [false, false]);
    await menu(page, 'Kategori').click();
    await page.getByLabel('Nama kategori').fill('Anyaman Bambu');

    await menu(page, 'Dasbor').click();
    await expect.poll(() => seen.messages).toEqual(['Perubahan belum disimpan. Tinggalkan halaman ini?']);
    expect(new URL(page.url()).pathname).toBe('/admin/categories');
    expect(await page.getByLabel('Nama kategori').inputValue()).toBe('Anyaman Bambu');

    // A reload: the browser's own beforeunload prompt (dismissed: the page stays).
    await page.getByLabel('Nama kategori').press('End');
    await page.reload().catch(() => undefined);
    await expect.poll(() => seen.types).toEqual(['confirm', 'beforeunload']);
    expect(await page.getByLabel('Nama kategori').inputValue()).toBe('Anyaman Bambu');

    // After a save the screen is clean: leaving does not ask.
    await page.getByRole('button', { name: 'Tambah kategori' }).click();
    await page.getByText('Kategori berhasil ditambahkan.').waitFor();
    await menu(page, 'Dasbor').click();
    await page.waitForURL(`${e2e.baseUrl}/admin/dashboard`);
    expect(seen.types).toHaveLength(2);
  });

  it('"Ubah" on the last category of a phone screen brings the filled form into view', async () => {
    for (let i = 0; i < 8; i++) await e2e.adminApi('POST', '/categories/', { name: `Rak Ponsel ${i} ${Date.now()}`, description: 'Kategori untuk uji layar ponsel' });
    const { page } = await e2e.openPage({ mobile: true });
    await signInAsAdmin(page, e2e.baseUrl);
    await page.goto('/admin/categories');
    const edit = page.getByRole('button', { name: 'Ubah' }).last();
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    const name = page.getByLabel('Nama kategori');
    await expect.poll(() => name.inputValue()).not.toBe('');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        name.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
  });
});
