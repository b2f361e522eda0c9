/** Orders for API tests: a guest buying in the demo store's own district with a local courier. */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { defaultPaymentSettings } from '@pasar/core/payments';
import { queryRows, type DbOrTx } from '../db/client';
import type { StatusFigures } from '../features/orders/admin-orders.repository';
import { getSetting, putSetting } from '../features/settings/settings.repository';
import { createTestApp, demoAccounts, signIn, type TestApp, type TestAppOptions } from './app';
import type { AuthHeaders } from './demo-sessions';
import { sumurBandung } from '@pasar/core/testing';
import { guestOrderPayload } from '@pasar/core/testing';

export { guestOrderPayload };

export interface LocalCourierOption {
  courier_id: number;
  price_id: number;
  effective_price: number;
}

/** The first (cheapest) local courier option for Sumur Bandung. */
export async function localCourierOption(app: FastifyInstance): Promise<LocalCourierOption> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/couriers/local-options?district_id=${sumurBandung.shipping_district_id}&city_id=${sumurBandung.shipping_city_id}`,
  });
  const option = (res.json() as { data: { options: LocalCourierOption[] } }).data.options[0];
  if (!option) throw new Error(`no local courier for Sumur Bandung: ${res.statusCode} ${res.body}`);
  return option;
}

/** A guest's order of one unit paid through the sandbox gateway (QRIS): its payment reference, which opens the sandbox pay page. */
export async function sandboxPaymentReference(app: FastifyInstance, productId: number): Promise<string> {
  const local = await localCourierOption(app);
  const placed = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    payload: { ...guestOrderPayload({ productId, quantity: 1, local }), payment_method: 'tripay:QRIS' },
  });
  expect(placed.statusCode).toBe(201);
  return (placed.json() as { data: { payment: { reference: string } } }).data.payment.reference;
}

/**
 * Tests that place many guest orders from one e-mail or address (stock races, order desk figures) lift
 * the abuse caps of issue 13 §7 (docs/issues.md); the caps' own tests keep the shop's defaults.
 */
export async function allowManyUnpaidOrders(db: DbOrTx): Promise<void> {
  const current = (await getSetting(db, 'payments')) ?? defaultPaymentSettings;
  await putSetting(db, 'payments', { ...current, max_unpaid_per_email: 100, max_unpaid_per_address: 100, max_unpaid_per_account: 100, max_line_quantity: 1000, max_order_units: 10000 });
}

/** A fresh app that takes many guest orders: the caps of issue 13 §7 lifted, as `allowManyUnpaidOrders` does. */
export async function appTakingManyOrders(options?: TestAppOptions): Promise<TestApp> {
  const t = await createTestApp(options);
  try {
    await allowManyUnpaidOrders(t.db);
    return t;
  } catch (error) {
    // The file's afterAll never sees an app it was not handed: close it here.
    await t.close();
    throw error;
  }
}

/**
 * What the order desk's tests start from: a fresh app with the caps lifted, the demo admin signed in,
 * the demo product Opak Ketan Bakar (db/seed/demo-catalog.ts) to order and the local courier option.
 */
export async function appForOrders(): Promise<{ t: TestApp; admin: AuthHeaders; productId: number; local: LocalCourierOption }> {
  const t = await appTakingManyOrders();
  try {
    const admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
    const productId = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE name = 'Opak Ketan Bakar'`))[0]!.id;
    const local = await localCourierOption(t.app);
    return { t, admin, productId, local };
  } catch (error) {
    // The file's afterAll never sees an app it was not handed: close it here.
    await t.close();
    throw error;
  }
}

/** A multipart body with one file in the field `file`, as the order page sends a proof of transfer. */
export function proofForm(file: Buffer, filename = 'bukti.png', type = 'image/png'): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----bukti' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A guest sends a proof of transfer from its order page; `token` is the last part of the order's link. */
export function sendProof(app: FastifyInstance, token: string, file: Buffer, filename?: string, type?: string) {
  const form = proofForm(file, filename, type);
  return app.inject({ method: 'POST', url: `/api/v1/orders/access/${token}/payment-proof`, payload: form.payload, headers: form.headers });
}

/** An order (alias `o`) whose proof of transfer waits for the office: the order desk's "verification". */
export const awaitsVerification = sql`EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'unpaid' AND p.proof_status = 'submitted')`;

/**
 * The order desk's figures per status of the orders `where` picks (alias `o`), grouped afresh, by status:
 * the reference the kept and the searched figures are held to. Without `refunds` the refunded sums are 0.
 */
export async function freshStatusFigures(db: DbOrTx, where: SQL, refunds = true): Promise<({ status: string } & StatusFigures)[]> {
  const rows = await queryRows<{ status: string; count: number; paid: string; unpaid: string; value: string; refunded: string; verification: number }>(
    db,
    sql`SELECT o.status, count(*)::int AS count,
               COALESCE(sum(o.total_amount) FILTER (WHERE o.payment_status = 'paid'), 0)::text AS paid,
               COALESCE(sum(o.total_amount) FILTER (WHERE o.payment_status = 'unpaid'), 0)::text AS unpaid,
               COALESCE(sum(o.total_amount), 0)::text AS value,
               COALESCE(sum((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id)) FILTER (WHERE o.payment_status = 'paid' AND ${refunds}), 0)::text AS refunded,
               count(*) FILTER (WHERE o.payment_status = 'unpaid' AND ${awaitsVerification})::int AS verification
        FROM orders o WHERE ${where} GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({ status: r.status, count: r.count, paid: Number(r.paid), unpaid: Number(r.unpaid), value: Number(r.value), refunded: Number(r.refunded), verification: r.verification }));
}
