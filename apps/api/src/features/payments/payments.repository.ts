/** The only SQL for payments. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders, payments } from '../../db/schema';
import { returnOrderStock } from '../stock/stock.repository';

export async function findPaymentByReference(db: DbOrTx, reference: string) {
  const rows = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return rows[0];
}

/** Locks the payment row so two callbacks for one reference apply one after the other. */
export async function lockPaymentByReference(db: DbOrTx, reference: string) {
  const rows = await db.select().from(payments).where(eq(payments.reference, reference)).for('update').limit(1);
  return rows[0];
}

export async function setPaymentStatus(
  db: DbOrTx,
  paymentId: number,
  orderId: number,
  status: 'paid' | 'expired' | 'failed' | 'refunded',
  input: { paidAt: Date | null; callback: Record<string, unknown> },
): Promise<void> {
  await db
    .update(payments)
    .set({ status, paid_at: input.paidAt, last_callback: input.callback, updated_at: sql`now()` })
    .where(eq(payments.id, paymentId));
  await db.update(orders).set({ payment_status: status, updated_at: sql`now()` }).where(eq(orders.id, orderId));
}

export async function cancelOrderForPayment(db: DbOrTx, orderId: number, note: string): Promise<void> {
  const rows = await db
    .update(orders)
    .set({ status: 'cancelled', updated_at: sql`now()`, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, orderId), sql`${orders.status} <> 'cancelled'`))
    .returning({ id: orders.id });
  if (rows.length > 0) {
    await db.insert(orderEvents).values({ order_id: orderId, kind: 'payment', from_status: null, to_status: 'cancelled', note });
  }
  await returnOrderStock(db, orderId);
}

export async function recordPaymentEvent(db: DbOrTx, orderId: number, note: string): Promise<void> {
  await db.insert(orderEvents).values({ order_id: orderId, kind: 'payment', note });
}
