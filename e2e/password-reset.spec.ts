/**
 * Issue 28, account recovery on a 360 px phone: "Lupa kata sandi?" on /login asks for a link (the
 * same answer for an address without an account), the link is read from the admin's outbox (no
 * SMTP in tests: the mail is kept there), the new password is set twice, signs in, and the old
 * one is refused; the used link is dead. Then "Ubah kata sandi" on the profile.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

const sameAnswer = 'Jika email terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk dan folder spam Anda.';
const invalidLink = 'Tautan atur ulang kata sandi tidak berlaku atau sudah kedaluwarsa. Minta tautan baru.';

interface OutboxItem {
  kind: string;
  to_address: string;
  text_body: string;
}

/** The reset links mailed to this address, newest first, as the admin's outbox shows them. */
async function resetLinks(email: string): Promise<string[]> {
  const outbox = await e2e.adminApi<{ items: OutboxItem[] }>('GET', '/outbox?page_size=50');
  return outbox.items
    .filter((m) => m.kind === 'password_reset' && m.to_address === email)
    .map((m) => /https?:\/\/\S+\/reset-password\?token=[0-9a-f]{64}/.exec(m.text_body)?.[0] ?? '')
    .filter(Boolean);
}

async function askForLink(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Kirim tautan' }).click();
  await page.getByRole('status').filter({ hasText: sameAnswer }).waitFor();
}

/** The browser reports each refused call (400, 401) as a console error; those are this test's own. */
function dropRefusedCalls(consoleErrors: string[], statuses: number[]) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !statuses.some((s) => e.includes(`status of ${s}`))));
}

describe('password reset through the outbox, on a phone', () => {
  it('asks for a link, sets a new password from it, signs in with it, and the old password and the used link are refused', async () => {
    const email = 'lupa.hp@contoh.id';
    await e2e.api('POST', '/auth/register', { username: 'lupa.hp', email, password: 'lama12345', first_name: 'Rina', last_name: 'Lupa' });
    const { page, consoleErrors } = await e2e.openPage({ mobile: true });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
    await page.waitForURL(`${e2e.baseUrl}/lupa-password`);
    await page.getByRole('heading', { name: 'Lupa kata sandi' }).waitFor();
    // An address without an account gets the same words, and no mail.
    await askForLink(page, 'tidak.terdaftar@contoh.id');
    expect(await resetLinks('tidak.terdaftar@contoh.id')).toEqual([]);
    await page.reload();
    await askForLink(page, email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const [link] = await resetLinks(email);
    if (!link) throw new Error('no reset link in the outbox');
    const { pathname, search } = new URL(link);
    expect(pathname).toBe('/reset-password');
    await page.goto(`${pathname}${search}`);
    await page.getByRole('heading', { name: 'Atur kata sandi baru' }).waitFor();
    await page.getByLabel('Kata sandi baru', { exact: true }).fill('baru12345');
    await page.getByLabel('Konfirmasi kata sandi baru').fill('baru1234');
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await page.getByText('Kata sandi tidak cocok.').waitFor();
    await page.getByLabel('Konfirmasi kata sandi baru').fill('baru12345');
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await page.getByRole('status').filter({ hasText: 'Kata sandi berhasil diatur ulang. Silakan masuk dengan kata sandi baru.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'Masuk', exact: true }).last().click();
    await page.waitForURL(`${e2e.baseUrl}/login`);

    await signIn(page, email, 'lama12345');
    await page.getByText('Username/email atau kata sandi salah.').waitFor();
    await signIn(page, email, 'baru12345');
    await page.waitForURL(`${e2e.baseUrl}/`);
    await expect.poll(() => page.getByTestId('header-user').textContent()).toBe('Rina Lupa');

    // The link worked once.
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('Kata sandi baru', { exact: true }).fill('lagi12345');
    await page.getByLabel('Konfirmasi kata sandi baru').fill('lagi12345');
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await page.getByRole('alert').filter({ hasText: invalidLink }).waitFor();
    await page.getByRole('link', { name: 'Minta tautan baru' }).click();
    await page.waitForURL(`${e2e.baseUrl}/lupa-password`);
    dropRefusedCalls(consoleErrors, [400, 401]);
  });

  it("changes the password on the profile: a wrong current one is refused on its field", async () => {
    await e2e.api('POST', '/auth/register', { username: 'ubah.hp', email: 'ubah.hp@contoh.id', password: 'lama12345', first_name: 'Budi', last_name: 'Ubah' });
    const { page, consoleErrors } = await e2e.openPage({ mobile: true });
    await signIn(page, 'ubah.hp', 'lama12345');
    await page.waitForURL(`${e2e.baseUrl}/`);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Ubah kata sandi' }).waitFor();
    await page.getByLabel('Kata sandi saat ini').fill('bukan-ini');
    await page.getByLabel('Kata sandi baru', { exact: true }).fill('baru12345');
    await page.getByLabel('Konfirmasi kata sandi baru').fill('baru12345');
    await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
    await expect.poll(() => page.locator('#current_password-error').textContent()).toBe('Kata sandi saat ini salah.');
    await page.getByLabel('Kata sandi saat ini').fill('lama12345');
    await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
    await page.getByRole('status').filter({ hasText: 'Kata sandi berhasil diubah. Sesi di perangkat lain telah dikeluarkan.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // This device stays signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Profil Saya' }).waitFor();
    dropRefusedCalls(consoleErrors, [400]);
  });
});
