/**
 * "Lupa kata sandi" and "Ubah kata sandi" (issue 28) through the real routes, on PGlite and (with
 * TEST_POSTGRES_URL) PostgreSQL: no account enumeration, one-time links that expire, sessions that
 * end with the old password.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, users } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { hashResetToken, RESET_ANSWER_FLOOR_MS } from './password-reset.service';
import { expectFieldErrors } from '../../test/answers';

let clock = new Date('2026-11-26T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { PUBLIC_URL: 'https://toko.contoh.id/' } });
});
afterAll(async () => {
  await t?.close();
});

const invalidLink = 'Tautan atur ulang kata sandi tidak berlaku atau sudah kedaluwarsa. Minta tautan baru.';
const sameAnswer = 'Jika email terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk dan folder spam Anda.';

let ipCount = 0;
/** A fresh client address per call site, so one test's requests do not count against another's limits. */
const freshIp = () => `10.28.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

const forgot = (email: string, ip = freshIp()) => t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password, password_confirmation: password }, remoteAddress: ip });
const login = (username: string, password: string, ip = freshIp()) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, remoteAddress: ip });
const profile = (auth: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: auth });

async function resetMails(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to)).orderBy(desc(mailOutbox.id));
}

/** The token of the newest reset mail to this address, read from the link in the mail. */
async function latestToken(to: string): Promise<string> {
  const [mail] = await resetMails(to);
  const token = /\/reset-password\?token=([0-9a-f]{64})/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return token;
}

/** Asks for a reset link for `email` and reads its token from the mail. */
async function requestResetToken(email: string, ip?: string): Promise<string> {
  await forgot(email, ip);
  return latestToken(email);
}

/** The account's password is now `to`: `from` no longer signs in (401), `to` does. */
async function expectPasswordChanged(username: string, from: string, to: string): Promise<void> {
  expect((await login(username, from)).statusCode).toBe(401);
  expect((await login(username, to)).statusCode).toBe(200);
}

async function registerCustomer(username: string, password: string): Promise<{ email: string }> {
  const email = `${username}@contoh.id`;
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username, email, password, first_name: 'Uji', last_name: 'Coba' } });
  expect(res.statusCode).toBe(201);
  return { email };
}

describe(`password reset (${testEngine})`, () => {
  it('answers the same, after the same floor, for an account and a stranger, and mails only the account', async () => {
    const before = (await t.db.select().from(mailOutbox)).length;
    let started = performance.now();
    const known = await forgot('PEMBELI@contoh.id');
    const knownMs = performance.now() - started;
    started = performance.now();
    const unknown = await forgot('tidak.ada@contoh.id');
    const unknownMs = performance.now() - started;

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ success: true, data: null, message: sameAnswer });
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);

    const after = await t.db.select().from(mailOutbox);
    expect(after.length - before).toBe(1);
    const [mail] = await resetMails('pembeli@contoh.id');
    expect(mail).toMatchObject({ kind: 'password_reset', status: 'kept', order_id: null });
    expect(mail?.subject).toMatch(/^Atur ulang kata sandi – /);
    // The link is built from PUBLIC_URL (without its trailing slash), never from the request.
    const token = await latestToken('pembeli@contoh.id');
    expect(mail?.text_body).toContain(`https://toko.contoh.id/reset-password?token=${token}`);
    expect(mail?.html_body).toContain(`<a href="https://toko.contoh.id/reset-password?token=${token}"`);
    expect(mail?.text_body).toContain('berlaku 60 menit');
    // Only the token's hash is kept.
    const stored = await t.db.select().from(passwordResetTokens);
    expect(stored.map((r) => r.token_hash)).toContain(hashResetToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const row = stored.find((r) => r.token_hash === hashResetToken(token));
    expect(row?.expires_at.getTime()).toBe(clock.getTime() + 60 * 60 * 1000);
  });

  it('sets the new password once, ends every old session and forgets the other links', async () => {
    const { email } = await registerCustomer('lupa.satu', 'lama12345');
    const phone = await signIn(t.app, 'lupa.satu', 'lama12345');
    const laptop = await signIn(t.app, 'lupa.satu', 'lama12345');
    const older = await requestResetToken(email);
    const token = await requestResetToken(email);
    expect(token).not.toBe(older);

    const done = await reset(token, 'baru12345');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Kata sandi berhasil diatur ulang. Silakan masuk dengan kata sandi baru.');
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(laptop)).statusCode).toBe(401);
    await expectPasswordChanged('lupa.satu', 'lama12345', 'baru12345');

    // Used once: the same link again, and the older unused link, are both dead, with one message.
    for (const dead of [token, older]) {
      const again = await reset(dead, 'lagi12345');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ success: false, error: invalidLink, fields: { token: invalidLink } });
    }
    expect((await login('lupa.satu', 'baru12345')).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const { email } = await registerCustomer('lupa.dua', 'lama12345');
    const token = await requestResetToken(email);
    const answers = await Promise.all([reset(token, 'pertama123'), reset(token, 'kedua12345')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'pertama123' : 'kedua12345';
    const loser = winner === 'pertama123' ? 'kedua12345' : 'pertama123';
    expect((await login('lupa.dua', winner)).statusCode).toBe(200);
    expect((await login('lupa.dua', loser)).statusCode).toBe(401);
  });

  it('refuses a link after its hour, and an unknown or malformed token, with the same message', async () => {
    const { email } = await registerCustomer('lupa.tiga', 'lama12345');
    const token = await requestResetToken(email);
    clock = new Date(clock.getTime() + 60 * 60 * 1000 + 1000);
    const late = await reset(token, 'baru12345');
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(invalidLink);
    expect((await login('lupa.tiga', 'lama12345')).statusCode).toBe(200);

    expect((await reset('0'.repeat(64), 'baru12345')).json().error).toBe(invalidLink);
    const blank = await reset('', 'baru12345');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.token).toBe(invalidLink);

    // Within its hour a link works.
    const fresh = await requestResetToken(email);
    clock = new Date(clock.getTime() + 59 * 60 * 1000);
    expect((await reset(fresh, 'baru12345')).statusCode).toBe(200);
  });

  it("checks the new password with registration's rules", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token: 'a'.repeat(64), password: '123', password_confirmation: '456' } });
    expectFieldErrors(res, { password: 'Minimal 6 karakter.', password_confirmation: 'Kata sandi tidak cocok.' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token: 'a'.repeat(64), password: '', password_confirmation: '' } });
    expect(empty.json().fields).toMatchObject({ password: 'Kata sandi wajib diisi.', password_confirmation: 'Konfirmasi kata sandi wajib diisi.' });
    const email = await forgot('bukan-email');
    expect(email.statusCode).toBe(400);
    expect(email.json().fields).toEqual({ email: 'Format email tidak valid.' });
  });

  it('sends no link to a deactivated account, with the same answer', async () => {
    const { email } = await registerCustomer('lupa.nonaktif', 'lama12345');
    await t.db.update(users).set({ is_active: false }).where(eq(users.username, 'lupa.nonaktif'));
    const res = await forgot(email);
    expect(res.json()).toEqual({ success: true, data: null, message: sameAnswer });
    expect(await resetMails(email)).toHaveLength(0);
  });

  it('limits requests per e-mail and per client address, counting strangers alike', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await forgot('Banjir@Contoh.id', freshIp())).statusCode).toBe(200);
    const fourth = await forgot(' banjir@contoh.id', ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatch(/^Terlalu banyak permintaan atur ulang kata sandi\. Coba lagi dalam \d+ menit\.$/);
    expect(fourth.headers['retry-after']).toBeDefined();

    const walker = freshIp();
    for (let i = 0; i < 10; i++) expect((await forgot(`orang${i}@contoh.id`, walker)).statusCode).toBe(200);
    expect((await forgot('pembeli@contoh.id', walker)).statusCode).toBe(429);
    // After the hour the address may ask again.
    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    expect((await forgot('orang0@contoh.id', walker)).statusCode).toBe(200);
  });

  it('lifts the sign-in lockout of the address that reset the password', async () => {
    const { email } = await registerCustomer('lupa.kunci', 'lama12345');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login('lupa.kunci', 'tebak-salah', ip)).statusCode).toBe(401);
    expect((await login('lupa.kunci', 'lama12345', ip)).statusCode).toBe(429);
    expect((await reset(await requestResetToken(email, ip), 'baru12345', ip)).statusCode).toBe(200);
    expect((await login('lupa.kunci', 'baru12345', ip)).statusCode).toBe(200);
  });
});

describe(`change password on the profile (${testEngine})`, () => {
  const change = (auth: { authorization: string }, current: string, password: string, confirmation = password) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/profile/password', headers: auth, payload: { current_password: current, password, password_confirmation: confirmation } });

  it('refuses a wrong current password on its field, without ending the session', async () => {
    await registerCustomer('ubah.satu', 'lama12345');
    const auth = await signIn(t.app, 'ubah.satu', 'lama12345');
    const wrong = await change(auth, 'bukan-ini', 'baru12345');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, error: 'Kata sandi saat ini salah.', fields: { current_password: 'Kata sandi saat ini salah.' } });
    expect((await profile(auth)).statusCode).toBe(200);
    expect((await login('ubah.satu', 'lama12345')).statusCode).toBe(200);
    const mismatch = await change(auth, 'lama12345', 'baru12345', 'baru1234');
    expect(mismatch.json().fields).toEqual({ password_confirmation: 'Kata sandi tidak cocok.' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/profile/password', payload: { current_password: 'x', password: 'baru12345', password_confirmation: 'baru12345' } })).statusCode).toBe(401);
  });

  it('keeps this session, ends the others and the unused reset links', async () => {
    const { email } = await registerCustomer('ubah.dua', 'lama12345');
    const here = await signIn(t.app, 'ubah.dua', 'lama12345');
    const elsewhere = await signIn(t.app, 'ubah.dua', 'lama12345');
    const link = await requestResetToken(email);

    const res = await change(here, 'lama12345', 'baru12345');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Kata sandi berhasil diubah. Sesi di perangkat lain telah dikeluarkan.');
    expect((await profile(here)).statusCode).toBe(200);
    expect((await profile(elsewhere)).statusCode).toBe(401);
    await expectPasswordChanged('ubah.dua', 'lama12345', 'baru12345');
    expect((await reset(link, 'lain12345')).statusCode).toBe(400);
  });

  it('stops guessing the current password after five wrong tries', async () => {
    const auth = await signIn(t.app, demoAccounts.operator.username, demoAccounts.operator.password);
    for (let i = 0; i < 5; i++) expect((await change(auth, `salah-${i}`, 'baru12345')).statusCode).toBe(400);
    const sixth = await change(auth, demoAccounts.operator.password, 'baru12345');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/^Terlalu banyak percobaan kata sandi salah\./);
    expect((await profile(auth)).statusCode).toBe(200);
  });
});
