/**
 * Issue 14, "Limits that can be tricked": each case below once got through. The counters themselves
 * are checked on the engine the suite runs on (PGlite, then PostgreSQL in the second pass).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, demoAccounts, type TestApp } from '../test/app';
import { makeProduct } from '../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../test/orders';
import { DatabaseCounters, MemoryCounters, typedPart, type Counters } from './counters';
import { deleteEndedHits } from './counters.repository';

let clock = new Date('2026-11-25T03:00:00Z');
const now = () => clock;

describe('counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const stores: [string, () => Counters][] = [
    ['in memory', () => new MemoryCounters(now)],
    ['in the database', () => new DatabaseCounters(t.database, now)],
  ];
  for (const [name, make] of stores) {
    it(`count hits in a fixed window, reset, and start anew after it (${name})`, async () => {
      const counters = make();
      const key = `test:${name}`;
      expect((await counters.hit(key, 60_000)).count).toBe(1);
      expect((await counters.hit(key, 60_000, 2)).count).toBe(3);
      const peeked = await counters.peek(key);
      expect(peeked.count).toBe(3);
      expect(peeked.resetAt).toBe(clock.getTime() + 60_000);
      clock = new Date(clock.getTime() + 30_000);
      expect((await counters.hit(key, 60_000)).resetAt).toBe(peeked.resetAt);
      clock = new Date(clock.getTime() + 31_000);
      expect((await counters.peek(key)).count).toBe(0);
      expect(await counters.hit(key, 60_000)).toEqual({ count: 1, resetAt: clock.getTime() + 60_000 });
      await counters.reset(key);
      expect((await counters.peek(key)).count).toBe(0);
    });

    it(`count every one of 40 simultaneous hits (${name})`, async () => {
      const counters = make();
      await Promise.all(Array.from({ length: 40 }, () => counters.hit(`burst:${name}`, 60_000)));
      expect((await counters.peek(`burst:${name}`)).count).toBe(40);
    });
  }

  it('drop ended windows, and keep no typed text in a key', async () => {
    const counters = new DatabaseCounters(t.database, now);
    await counters.hit('old', 1000);
    clock = new Date(clock.getTime() + 5000);
    expect(await deleteEndedHits(t.db, clock)).toBeGreaterThanOrEqual(1);
    expect((await counters.peek('old')).count).toBe(0);
    expect(typedPart('Rahasia123@contoh.id')).not.toMatch(/rahasia|contoh/i);
    expect(typedPart(' ADMIN ')).toBe(typedPart('admin'));
  });
});

describe('the sign-in limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const login = (username: string, password: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.10') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, headers, remoteAddress });

  it('behind a proxy keys on the right-most untrusted address, not the left-most one the client writes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // The proxy (192.0.2.10) appended the address it saw; the client wrote the rest.
      statuses.push((await login('pembeli', 'salah-terus', { 'x-forwarded-for': `10.0.${i}.1, 203.0.113.7` })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // Another client behind the same proxy is not affected.
    expect((await login('pembeli', demoAccounts.customer.password, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
  });

  it('follows the account whatever identifier is typed', async () => {
    const from = { 'x-forwarded-for': '203.0.113.20' };
    for (let i = 0; i < 5; i++) expect((await login('operator', 'salah-terus', from)).statusCode).toBe(401);
    // Locked by user name; its e-mail, in any case, gets no further tries, even with the right password.
    const byEmail = await login('Operator@PasarUMKM.id', 'operator12345', from);
    expect(byEmail.statusCode, byEmail.body).toBe(429);
    expect(byEmail.json().error).toMatch(/^Terlalu banyak percobaan masuk\. Coba lagi dalam 15 menit\.$/);
  });

  it('holds under a burst of parallel attempts', async () => {
    const from = { 'x-forwarded-for': '203.0.113.30' };
    const burst = await Promise.all(Array.from({ length: 12 }, () => login('admin', 'salah-terus', from)));
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });
});

describe('guest order lookups', () => {
  let t: TestApp;
  let orderId: number;
  let local: LocalCourierOption;
  beforeAll(async () => {
    t = await createTestApp({ now });
    await allowManyUnpaidOrders(t.db);
    local = await localCourierOption(t.app);
    const product = await makeProduct(t.db, { stock: 50 });
    const placed = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: product.id, quantity: 1, local, email: 'pemilik@contoh.id' }) });
    orderId = placed.json().data.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const lookup = (email: string, remoteAddress: string, id = orderId) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload: { order_id: id, email }, remoteAddress });

  it('are throttled per address, whichever orders it tries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await lookup(`tebak${i}@contoh.id`, '198.51.100.1', i % 2 === 0 ? orderId : orderId + 1 + i)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    const refused = await lookup('pemilik@contoh.id', '198.51.100.1');
    expect(refused.json().error).toMatch(/^Terlalu banyak percobaan mencari pesanan\. Coba lagi dalam 15 menit\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // The owner, elsewhere, still reads the order.
    expect((await lookup('PEMILIK@contoh.id', '198.51.100.2')).statusCode).toBe(200);
  });

  it('cannot be locked by other addresses: the buyer elsewhere still reads the order (issue 26)', async () => {
    clock = new Date(clock.getTime() + 2 * 60 * 60_000);
    const strangers = ['198.51.101.1', '198.51.101.2', '198.51.101.3'];
    const statuses: Record<string, number[]> = {};
    for (let i = 0; i < 20; i++) {
      const from = strangers[i % 3] ?? '';
      (statuses[from] ??= []).push((await lookup(`tebak${i}@contoh.id`, from)).statusCode);
    }
    // Each stranger has 5 wrong tries of this order; then it, and only it, is refused.
    for (const from of strangers) {
      expect(statuses[from]?.slice(0, 5)).toEqual(Array(5).fill(404));
      expect(new Set(statuses[from]?.slice(5))).toEqual(new Set([429]));
      expect((await lookup('pemilik@contoh.id', from)).statusCode).toBe(429);
    }
    expect((await lookup('PEMILIK@contoh.id', '198.51.101.4')).statusCode).toBe(200);
  });

  it('give each address one try of an order guessed at from many addresses', async () => {
    clock = new Date(clock.getTime() + 2 * 60 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await lookup(`tebak${i}@contoh.id`, `198.51.102.${i + 1}`)).statusCode);
    expect(statuses).toEqual(Array(20).fill(404));
    // 20 failures on the order: an address that failed on it gets no second try, even with the right e-mail...
    expect((await lookup('pemilik@contoh.id', '198.51.102.1')).statusCode).toBe(429);
    // ...a new address gets one: a wrong guess, then no more; the buyer's right answer.
    expect((await lookup('tebak-lagi@contoh.id', '198.51.102.30')).statusCode).toBe(404);
    expect((await lookup('tebak-lagi2@contoh.id', '198.51.102.30')).statusCode).toBe(429);
    expect((await lookup('pemilik@contoh.id', '198.51.102.31')).statusCode).toBe(200);
  });
});

describe('an Idempotency-Key', () => {
  let t: TestApp;
  let local: LocalCourierOption;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp({ now });
    await allowManyUnpaidOrders(t.db);
    local = await localCourierOption(t.app);
    productId = (await makeProduct(t.db, { stock: 50 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const order = (payload: object, key: string, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders', payload, headers: { 'idempotency-key': key }, ...extra });

  it('answers the first order only to the same buyer sending the same order', async () => {
    const first = guestOrderPayload({ productId, quantity: 1, local, email: 'pertama@contoh.id', name: 'Pembeli Pertama' });
    const placed = await order(first, 'kunci-sama-0001');
    expect(placed.statusCode).toBe(201);
    const again = await order(first, 'kunci-sama-0001');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(placed.json().data.id);

    const otherGuest = await order(guestOrderPayload({ productId, quantity: 1, local, email: 'kedua@contoh.id', name: 'Orang Lain' }), 'kunci-sama-0001');
    expect(otherGuest.statusCode).toBe(422);
    expect(otherGuest.json()).toEqual({
      success: false,
      code: 'UNPROCESSABLE',
      error: 'Kunci Idempotency-Key ini sudah dipakai untuk pesanan dengan isi berbeda. Muat ulang halaman, lalu kirim pesanan lagi.',
    });
    expect(otherGuest.body).not.toMatch(/pertama@contoh\.id|Pembeli Pertama|Braga/);

    const moreOfIt = await order({ ...first, order_items: [{ product_id: productId, quantity: 2 }] }, 'kunci-sama-0001');
    expect(moreOfIt.statusCode).toBe(422);
  });

  it('refuses a different body racing with the same key: one order, one refusal', async () => {
    const a = guestOrderPayload({ productId, quantity: 1, local, email: 'balap-a@contoh.id' });
    const b = guestOrderPayload({ productId, quantity: 1, local, email: 'balap-b@contoh.id' });
    const results = await Promise.all([order(a, 'kunci-balap-0002'), order(b, 'kunci-balap-0002')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });
});
