import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { hashToken } from '../../auth/tokens';
import { expectFieldErrors } from '../../test/answers';

let clock = new Date('2026-11-22T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

const newCustomer = {
  first_name: 'Dewi',
  last_name: 'Lestari',
  username: 'dewi.l',
  email: 'Dewi@Contoh.id',
  password: 'rahasia123',
  phone_number: '0812-3456-7890',
};

describe(`accounts API (${testEngine})`, () => {
  it('registers a customer, ignoring any role in the payload, and signs them in', async () => {
    const res = await post('/api/v1/auth/register', { ...newCustomer, role: 'admin', role_id: 1, is_active: false, can_access_admin: true });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBeTypeOf('string');
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.user).toMatchObject({ username: 'dewi.l', role: { name: 'customer', can_access_admin: false }, is_active: true });
    expect(body.data.user).not.toHaveProperty('password_hash');
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${body.data.token}` } });
    expect(profile.json().data.email).toBe('Dewi@Contoh.id');
    // Only the hash of the token is stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.token_hash, hashToken(body.data.token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await t.db.select().from(sessions))).not.toContain(body.data.token);
  });

  it('validates with the spec messages in fields', async () => {
    const res = await post('/api/v1/auth/register', { username: 'ab', email: 'x@', password: '123', first_name: '', phone_number: 'abc' });
    expectFieldErrors(res, {
      username: 'Minimal 3 karakter.',
      email: 'Format email tidak valid.',
      password: 'Minimal 6 karakter.',
      first_name: 'Nama depan wajib diisi.',
      last_name: 'Nama belakang wajib diisi.',
      phone_number: 'Gunakan format nomor telepon yang valid.',
    });
    const login = await post('/api/v1/auth/login', { username: '', password: '' });
    expect(login.json().fields).toEqual({ username: 'Masukkan username atau email.', password: 'Masukkan kata sandi.' });
  });

  it('refuses a taken username or e-mail, case-insensitively', async () => {
    const res = await post('/api/v1/auth/register', { ...newCustomer, username: 'DEWI.L', email: 'dewi@contoh.ID' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ username: 'Username sudah digunakan.', email: 'Email sudah terdaftar.' });
  });

  it('signs in by username or e-mail, case-insensitively', async () => {
    for (const username of ['admin', 'ADMIN', 'admin@pasarumkm.id', 'Admin@PasarUMKM.id']) {
      const res = await post('/api/v1/auth/login', { username, password: demoAccounts.admin.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.role).toMatchObject({ name: 'admin', can_access_admin: true });
    }
    const wrong = await post('/api/v1/auth/login', { username: 'admin', password: 'salah' }, {});
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Username/email atau kata sandi salah.');
  });

  it('updates only the allowed profile fields', async () => {
    const auth = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: auth,
      payload: { first_name: 'Siti', last_name: 'R.', email: 'siti.baru@contoh.id', phone_number: '', username: 'root', role_id: 1, role: 'admin', is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully');
    expect(res.json().data).toMatchObject({ username: 'pembeli', email: 'siti.baru@contoh.id', phone_number: null, role: { name: 'customer' }, is_active: true });
    const taken = await t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers: auth, payload: { first_name: 'S', last_name: 'R', email: 'ADMIN@pasarumkm.id' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: 'Email sudah terdaftar.' });
  });

  it('refuses missing, tampered, revoked and expired tokens', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile' })).statusCode).toBe(401);
    const auth = await signIn(t.app, 'operator', 'operator12345');
    const token = auth.authorization.slice('Bearer '.length);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Bearer ${tampered}` } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });

    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: auth });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: auth })).statusCode).toBe(401);

    const later = await signIn(t.app, 'operator', 'operator12345');
    clock = new Date(clock.getTime() + 31 * 24 * 60 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: later })).statusCode).toBe(401);
  });

  it('keeps a used session alive (sliding expiry)', async () => {
    const auth = await signIn(t.app, 'operator', 'operator12345');
    for (let day = 0; day < 3; day++) {
      clock = new Date(clock.getTime() + 20 * 24 * 60 * 60 * 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: auth })).statusCode).toBe(200);
    }
  });

  it('refuses a deactivated user at sign-in and on existing tokens', async () => {
    const auth = await signIn(t.app, 'operator', 'operator12345');
    await t.db.update(users).set({ is_active: false }).where(eq(users.username, 'operator'));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: auth })).statusCode).toBe(401);
    const res = await post('/api/v1/auth/login', { username: 'operator', password: 'operator12345' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/tidak aktif/);
    await t.db.update(users).set({ is_active: true }).where(eq(users.username, 'operator'));
  });

  it('limits failed sign-ins per account and address without locking out other accounts', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attempt = (username: string, password: string, ip = '10.9.9.9') =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, remoteAddress: ip, headers: from(ip) });
    for (let i = 0; i < 5; i++) expect((await attempt('pembeli', 'salah-terus')).statusCode).toBe(401);
    const locked = await attempt('pembeli', demoAccounts.customer.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Terlalu banyak percobaan masuk\. Coba lagi dalam 15 menit\.$/);
    expect(locked.json().retry_after_seconds).toBeGreaterThan(800);
    expect(locked.headers['retry-after']).toBeDefined();
    // Another account from the same address, and the same account from elsewhere, still work.
    expect((await attempt('admin', demoAccounts.admin.password)).statusCode).toBe(200);
    expect((await attempt('pembeli', demoAccounts.customer.password, '10.1.1.1')).statusCode).toBe(200);
    // After the window the account may try again.
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    expect((await attempt('pembeli', demoAccounts.customer.password)).statusCode).toBe(200);
  });

  it('has a wider per-address limit across accounts', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 30; i++) {
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: `tidak-ada-${i}`, password: 'x' }, remoteAddress: ip });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: 'admin', password: 'admin12345' }, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
  });
});

describe('roles list', () => {
  it('is for admins only and lists the roles: the spec\'s three and the partner role of issue 29', async () => {
    const admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/roles/', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { name: string }) => r.name)).toEqual(['admin', 'operator', 'customer', 'mitra']);
  });
});
