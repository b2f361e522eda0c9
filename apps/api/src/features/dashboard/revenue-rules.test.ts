/**
 * The database's revenue and payable figures follow core's revenue rules (issue 32 §1): orders in
 * every status and payment status, with no payment, unpaid payments, one or two received payments and
 * refunds, are written; then SQL order_revenue_hour is compared with core revenueHour order by order,
 * and the money figures the triggers keep (order_figures kinds 0 and 2) with what core's rules give.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@pasar/core/orders';
import { awaitsPayment, countsAsRevenue, payableOf, revenueHour } from '@pasar/core/revenue';
import { queryRows } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import { createTestApp, testEngine, type TestApp } from '../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const PAYMENT_STATUSES = ['unpaid', 'paid', 'expired', 'failed', 'refunded'] as const;

interface Built {
  id: number;
  status: string;
  payment_status: string;
  total_amount: number;
  created_at: Date;
  paidAt: (Date | null)[];
  refunds: { amount: number; at: Date }[];
}

describe(`revenue in the database follows core's rules (${testEngine})`, () => {
  it('order_revenue_hour, the revenue by hour and the unpaid money equal core revenueHour, countsAsRevenue and awaitsPayment', async () => {
    const built: Built[] = [];
    let n = 0;
    for (const status of ORDER_STATUSES) {
      for (const payment_status of PAYMENT_STATUSES) {
        for (const payments of [0, 1, 2]) {
          n += 1;
          const created_at = new Date(Date.UTC(2026, 10, 1 + (n % 20), n % 24, 17));
          const total_amount = 10_000 + n * 1_000;
          const [row] = await t.db.insert(orders).values({ total_amount, guest_email: `uang${n}@b.id`, status, payment_status, created_at }).returning({ id: orders.id });
          // No payment; one unpaid (no money yet); or two received on later days, the latest counting.
          const paidAt = payments === 2 ? [new Date(created_at.getTime() + 26 * 3_600_000), new Date(created_at.getTime() + 50 * 3_600_000 + 1_000)] : payments === 1 ? [null] : [];
          built.push({ id: row!.id, status, payment_status, total_amount, created_at, paidAt, refunds: [] });
        }
      }
    }
    await t.db.insert(payments).values(
      built.flatMap((o) =>
        o.paidAt.map((at, i) => ({
          order_id: o.id,
          provider: 'manual',
          reference: `REV-${o.id}-${i}`,
          merchant_ref: `ORD-${o.id}`,
          payment_name: 'Transfer bank',
          amount: o.total_amount,
          status: at ? 'paid' : 'unpaid',
          paid_at: at,
        })),
      ),
    );
    // Refunds on some paid orders, at their own hours.
    for (const o of built.filter((b) => b.payment_status === 'paid').filter((_, i) => i % 3 === 0)) {
      const refund = { amount: 2_500, at: new Date(o.created_at.getTime() + 75 * 3_600_000) };
      o.refunds.push(refund);
      await t.db.insert(refunds).values({ order_id: o.id, amount: refund.amount, method: 'cash', reason: 'Uji', created_at: refund.at });
    }

    const hours = await queryRows<{ id: number; hour: string }>(t.db, sql`SELECT o.id, order_revenue_hour(o.id, o.created_at)::text AS hour FROM orders o`);
    const sqlHour = new Map(hours.map((h) => [h.id, new Date(h.hour).getTime()]));
    for (const o of built) expect(sqlHour.get(o.id), `order ${o.id}`).toBe(revenueHour(o.created_at, o.paidAt).getTime());

    const coreByHour = new Map<number, number>();
    const add = (at: number, amount: number) => coreByHour.set(at, (coreByHour.get(at) ?? 0) + amount);
    for (const o of built) {
      if (countsAsRevenue(o)) add(revenueHour(o.created_at, o.paidAt).getTime(), o.total_amount);
      for (const r of o.refunds) add(revenueHour(r.at, []).getTime(), -r.amount);
    }
    const sqlByHour = await queryRows<{ hour: string; amount: string }>(
      t.db,
      sql`SELECT hour::text, sum(amount)::bigint::text AS amount FROM order_figures WHERE kind = 2 GROUP BY 1 HAVING sum(amount) <> 0`,
    );
    expect(new Map(sqlByHour.map((r) => [new Date(r.hour).getTime(), Number(r.amount)]))).toEqual(new Map([...coreByHour].filter(([, v]) => v !== 0)));

    const unpaidByStatus = await queryRows<{ status: string; amount: string }>(
      t.db,
      sql`SELECT status, sum(amount)::bigint::text AS amount FROM order_figures WHERE kind = 0 AND payment_status = 'unpaid' GROUP BY 1`,
    );
    const coreOwed = built.filter(awaitsPayment).reduce((s, o) => s + o.total_amount, 0);
    expect(coreOwed).toBeGreaterThan(0);
    expect(payableOf(unpaidByStatus.map((r) => [r.status, { paid: 0, refunded: 0, unpaid: Number(r.amount) }] as const))).toBe(coreOwed);
  });
});
