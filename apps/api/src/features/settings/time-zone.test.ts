/** Issue 17: one store time zone, a setting, used by the dashboard, the CSV export and the order desk's search. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDate, storeDateTime } from '@pasar/core/time';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { guestOrderPayload, localCourierOption } from '../../test/orders';

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };

const inject = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
  const productId = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE name = 'Opak Ketan Bakar'`))[0]!.id;
  const placed = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId, quantity: 1, local: await localCourierOption(t.app), email: 'zona@contoh.id', name: 'Tamu Zona' }) });
  if (placed.statusCode !== 201) throw new Error(placed.body);
});
afterAll(async () => {
  await t?.close();
});

describe(`the store time zone (${testEngine})`, () => {
  it('is Asia/Jakarta by default, public, and only an admin changes it to a known zone', async () => {
    expect((await inject('GET', '/settings/store', {})).json().data.time_zone).toBe('Asia/Jakarta');
    expect((await inject('PUT', '/settings/time-zone', customer, { time_zone: 'Asia/Jayapura' })).statusCode).toBe(403);
    const bad = await inject('PUT', '/settings/time-zone', admin, { time_zone: 'Europe/Paris' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Zona waktu tidak dikenal.');
    const ok = await inject('PUT', '/settings/time-zone', admin, { time_zone: 'Asia/Jayapura' });
    expect(ok.statusCode).toBe(200);
    expect((await inject('GET', '/settings/store', {})).json().data.time_zone).toBe('Asia/Jayapura');
  });

  it('the CSV export writes times, the header and the file name in the store zone', async () => {
    await inject('PUT', '/settings/time-zone', admin, { time_zone: 'Asia/Jayapura' });
    const res = await inject('GET', '/orders/export.csv', admin);
    expect(res.statusCode).toBe(200);
    const [header, first] = res.body.replace(/^\uFEFF/, '').split('\n');
    expect(header).toContain('Tanggal (WIT)');
    const list = (await inject('GET', '/orders?page_size=10', admin)).json().data.items as { id: number; created_at: string }[];
    const newest = list[0]!;
    expect(first).toContain(`${newest.id},${storeDateTime(new Date(newest.created_at), 'Asia/Jayapura')}`);
    expect(res.headers['content-disposition']).toContain(`pesanan-${storeDate(new Date(), 'Asia/Jayapura')}.csv`);
    // The order desk finds an order by its date as the store reads it.
    const found = (await inject('GET', `/orders?q=${storeDate(new Date(newest.created_at), 'Asia/Jayapura')}&page_size=100`, admin)).json().data.items as { id: number }[];
    expect(found.map((o) => o.id)).toContain(newest.id);
  });

  it("the dashboard's month is the store zone's month", async () => {
    await inject('PUT', '/settings/time-zone', admin, { time_zone: 'Asia/Jayapura' });
    const summary = (await inject('GET', '/dashboard/summary', admin)).json().data;
    expect(summary.month).toBe(storeDate(new Date(), 'Asia/Jayapura').slice(0, 7));
    await inject('PUT', '/settings/time-zone', admin, { time_zone: 'Asia/Jakarta' });
  });
});
