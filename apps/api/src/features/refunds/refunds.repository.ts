/** Refunds, removed lines and reversed payments (issue 28 part 4): the only SQL of this feature. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Refund, RefundMethod } from '@pasar/core/refunds';
import { queryRows, type DbOrTx } from '../../db/client';
import { orderItems, orders, payments, refundAllocations, refunds } from '../../db/schema';

export async function refundedAmount(db: DbOrTx, orderId: number): Promise<number> {
  const rows = await db.select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` }).from(refunds).where(eq(refunds.order_id, orderId));
  return Number(rows[0]?.total ?? 0);
}

export async function insertRefund(
  tx: DbOrTx,
  refund: { order_id: number; amount: number; method: RefundMethod; reference: string | null; reason: string; actor_user_id: number; actor_name: string; created_at: Date },
): Promise<number> {
  const [row] = await tx.insert(refunds).values(refund).returning({ id: refunds.id });
  return row!.id;
}

/**
 * Each partner's delivered goods on a paid order still open to a refund (decision 053): its lines on
 * shipments delivered or received, as delivered (lines a removal took off them counted back), less
 * what earlier refunds of the order already took from it. Called under the order's lock.
 */
export async function deliveredGoodsLeft(tx: DbOrTx, orderId: number): Promise<{ business_id: number; goods: number }[]> {
  const rows = await queryRows<{ business_id: number; goods: string | number }>(
    tx,
    sql`WITH delivered AS (
          SELECT s.id FROM shipments s JOIN orders o ON o.id = s.order_id
          WHERE s.order_id = ${orderId} AND s.status IN ('delivered', 'received', 'cancelled') AND coalesce(s.delivered_at, s.received_at) IS NOT NULL AND o.payment_status IN ('paid', 'refunded')
        ), goods AS (
          SELECT p.business_id, oi.line_total AS amount FROM order_items oi JOIN products p ON p.id = oi.product_id
          WHERE oi.shipment_id IN (SELECT id FROM delivered) AND p.business_id IS NOT NULL
          UNION ALL
          SELECT ra.business_id, ra.goods_removed FROM refund_allocations ra WHERE ra.shipment_id IN (SELECT id FROM delivered)
          UNION ALL
          SELECT ra.business_id, -ra.amount FROM refund_allocations ra JOIN refunds r ON r.id = ra.refund_id WHERE r.order_id = ${orderId}
        )
        SELECT business_id, sum(amount)::bigint AS goods FROM goods GROUP BY business_id ORDER BY business_id`,
  );
  return rows.map((r) => ({ business_id: r.business_id, goods: Math.max(0, Number(r.goods)) }));
}

/** The partner and shipment of an order line when its shipment was delivered or received on a paid order; else undefined. */
export async function deliveredLineOwner(tx: DbOrTx, itemId: number): Promise<{ business_id: number; shipment_id: number } | undefined> {
  const rows = await queryRows<{ business_id: number; shipment_id: number }>(
    tx,
    sql`SELECT p.business_id, s.id AS shipment_id FROM order_items oi
        JOIN products p ON p.id = oi.product_id
        JOIN shipments s ON s.id = oi.shipment_id
        JOIN orders o ON o.id = s.order_id
        WHERE oi.id = ${itemId} AND p.business_id IS NOT NULL AND s.status IN ('delivered', 'received', 'cancelled') AND coalesce(s.delivered_at, s.received_at) IS NOT NULL AND o.payment_status IN ('paid', 'refunded')`,
  );
  return rows[0];
}

export async function insertRefundAllocations(
  tx: DbOrTx,
  rows: { refund_id: number; business_id: number; amount: number; created_at: Date; shipment_id?: number; goods_removed?: number }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(refundAllocations).values(rows);
}

export async function orderRefunds(db: DbOrTx, orderId: number): Promise<Refund[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.order_id, orderId)).orderBy(asc(refunds.created_at), asc(refunds.id));
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    amount: r.amount,
    method: r.method as RefundMethod,
    reference: r.reference,
    reason: r.reason,
    actor_name: r.actor_name,
    created_at: r.created_at.toISOString(),
  }));
}

export async function orderForRefunds(db: DbOrTx, id: number): Promise<{ status: string; payment_status: string; total_amount: number } | undefined> {
  const rows = await db.select({ status: orders.status, payment_status: orders.payment_status, total_amount: orders.total_amount }).from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0];
}

export async function lockOrderItem(tx: DbOrTx, orderId: number, itemId: number) {
  const rows = await tx
    .select({ id: orderItems.id, product_id: orderItems.product_id, product_name: orderItems.product_name, variant_label: orderItems.variant_label, quantity: orderItems.quantity, price: orderItems.price })
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.order_id, orderId)))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function countOrderItems(tx: DbOrTx, orderId: number): Promise<number> {
  const rows = await tx.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(eq(orderItems.order_id, orderId));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes `removed` units off a line, or the line itself when none are left. The order's totals stay
 * what the buyer paid (revenue counts money as it came; the refund is what went back).
 */
export async function reduceOrderItem(tx: DbOrTx, item: { id: number; quantity: number; price: number }, removed: number): Promise<void> {
  const left = item.quantity - removed;
  if (left <= 0) await tx.delete(orderItems).where(eq(orderItems.id, item.id));
  else await tx.update(orderItems).set({ quantity: left, line_total: left * item.price }).where(eq(orderItems.id, item.id));
}

export async function bumpOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.update(orders).set({ version: sql`${orders.version} + 1`, updated_at: sql`now()` }).where(eq(orders.id, orderId));
}

/**
 * A manual confirmation taken back: the payment unpaid again (its proof waiting again when there
 * was one), who and why kept on it, and the order unpaid (a confirmed order back to pending). The
 * deadlines move to at least `holdUntil` so the expiry job does not cancel the order the moment
 * its money is in question.
 */
export async function reverseManualPayment(
  tx: DbOrTx,
  input: { paymentId: number; orderId: number; actorId: number; reason: string; at: Date; holdUntil: Date; backToPending: boolean },
): Promise<void> {
  const hold = input.holdUntil.toISOString();
  await tx
    .update(payments)
    .set({
      status: 'unpaid',
      paid_at: null,
      verified_by: null,
      verified_at: null,
      proof_status: sql`CASE WHEN ${payments.proof_uploaded_at} IS NOT NULL THEN 'submitted' ELSE 'none' END`,
      verification_due_at: sql`CASE WHEN ${payments.proof_uploaded_at} IS NOT NULL THEN greatest(${payments.verification_due_at}, ${hold}::timestamptz) ELSE ${payments.verification_due_at} END`,
      reversed_at: input.at,
      reversed_by: input.actorId,
      reversal_reason: input.reason,
      updated_at: sql`now()`,
    })
    .where(eq(payments.id, input.paymentId));
  await tx
    .update(orders)
    .set({
      payment_status: 'unpaid',
      ...(input.backToPending ? { status: 'pending' } : {}),
      payment_due_at: sql`greatest(${orders.payment_due_at}, ${hold}::timestamptz)`,
      version: sql`${orders.version} + 1`,
      updated_at: sql`now()`,
    })
    .where(eq(orders.id, input.orderId));
}

/**
 * The drawer's day: cash taken at the POS (paid cash sales placed in [from, to), cancelled ones too:
 * their cash came in, and went back as a refund) and every cash refund made in it.
 */
export async function drawerDay(db: DbOrTx, from: Date, to: Date): Promise<{ cashSales: number; refunds: { amount: number; method: RefundMethod }[] }> {
  const [row] = await queryRows<{ cash_sales: string | number; refunds: { amount: number; method: RefundMethod }[] }>(
    db,
    sql`SELECT (SELECT coalesce(sum(o.total_amount), 0)::bigint FROM orders o
                WHERE o.order_type = 'pos' AND o.payment_method = 'cash' AND o.payment_status = 'paid'
                  AND o.created_at >= ${from.toISOString()} AND o.created_at < ${to.toISOString()}) AS cash_sales,
               (SELECT coalesce(json_agg(json_build_object('amount', r.amount, 'method', r.method)), '[]') FROM refunds r
                WHERE r.created_at >= ${from.toISOString()} AND r.created_at < ${to.toISOString()}) AS refunds`,
  );
  return { cashSales: Number(row?.cash_sales ?? 0), refunds: row?.refunds ?? [] };
}

/** Refunded amount per order, for the orders given (the CSV's page). */
export async function refundTotals(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ order_id: refunds.order_id, total: sql<string>`sum(${refunds.amount})` })
    .from(refunds)
    .where(inArray(refunds.order_id, orderIds))
    .groupBy(refunds.order_id);
  return new Map(rows.map((r) => [r.order_id, Number(r.total)]));
}
