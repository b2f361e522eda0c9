import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages } from '@pasar/core/errors';
import { queryRows } from '../../db/client';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption } from '../../test/orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`health and the error model (${testEngine})`, () => {
  it('answers in the success envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', database: testEngine } });
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('refuses a payload that no spec message covers in Indonesian, not in zod English', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipping/cost',
      payload: [{ courier: 'jne' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Isian berisi jenis data yang salah.',
      fields: { _: 'Isian berisi jenis data yang salah.' },
    });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/v1/health');
  });
});

describe(`liveness and readiness (issue 26 §7, ${testEngine})`, () => {
  const unavailable = { success: false, code: 'SERVICE_UNAVAILABLE', error: genericMessages.unavailable };

  it('readiness answers 200 when the database answers and the disk has room', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ready', checks: { database: 'ok', disk: 'ok' } } });
  });

  it('readiness answers 503 with the database stopped, while liveness stays 200 without asking it', async () => {
    const down = await createTestApp({ seed: false });
    try {
      if (down.databaseUrl) {
        // Its sessions are terminated and the database is gone: every connection the pool opens is refused.
        const name = new URL(down.databaseUrl).pathname.slice(1);
        const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      } else {
        await down.database.close();
      }
      const ready = await down.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ...unavailable, checks: { database: 'down', disk: 'ok' } });
      const live = await down.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ success: true, data: { status: 'ok', database: testEngine } });
    } finally {
      // PGlite's close is not repeatable; the PostgreSQL one drops IF EXISTS.
      if (!down.databaseUrl) down.database.close = () => Promise.resolve();
      await down.close();
    }
  });

  it('readiness answers 503 when DATA_DIR has less free space than READY_MIN_FREE_BYTES', async () => {
    // More than any disk: the check must read the real free space, not a fixed answer.
    const full = await createTestApp({ seed: false, env: { READY_MIN_FREE_BYTES: String(2 ** 52) } });
    try {
      const res = await full.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ...unavailable, checks: { database: 'ok', disk: 'low' } });
    } finally {
      await full.close();
    }
  });

  it('a full disk at checkout answers 503 "sedang gangguan", writes no order and keeps the stock', async () => {
    await allowManyUnpaidOrders(t.db);
    const product = await makeProduct(t.db, { stock: 7 });
    const local = await localCourierOption(t.app);
    const orders = async () => Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n);
    const stock = async () => (await queryRows<{ stock: number }>(t.db, sql`SELECT stock FROM products WHERE id = ${product.id}`))[0]?.stock;
    const before = await orders();
    // PostgreSQL's own disk-full error (SQLSTATE 53100) raised by the order's INSERT, as a full disk would.
    await t.db.execute(sql.raw(`CREATE FUNCTION pretend_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`));
    await t.db.execute(sql.raw('CREATE TRIGGER pretend_disk_full BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION pretend_disk_full()'));
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: product.id, quantity: 2, local, email: 'disk-penuh@contoh.id' }) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(res.json().error).toContain('sedang gangguan');
      expect(await orders()).toBe(before);
      expect(await stock()).toBe(7);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER pretend_disk_full ON orders'));
      await t.db.execute(sql.raw('DROP FUNCTION pretend_disk_full()'));
    }
    // With room again the same order goes through: the failure was the disk's, not the order's.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: product.id, quantity: 2, local, email: 'disk-penuh@contoh.id' }) });
    expect(again.statusCode).toBe(201);
    expect(await stock()).toBe(5);
  });
});
