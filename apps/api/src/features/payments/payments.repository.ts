/** The only SQL for payments and for returning an order's stock. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orderItems, orders, payments, productVariants, products } from '../../db/schema';

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

/**
 * Puts an order's items back into stock, once: only while `stock_held` is true, which this
 * clears in the same statement. Returns whether stock was returned.
 */
export async function returnOrderStock(db: DbOrTx, orderId: number): Promise<boolean> {
  const released = await db
    .update(orders)
    .set({ stock_held: false, updated_at: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.stock_held, true)))
    .returning({ id: orders.id });
  if (released.length === 0) return false;
  const items = await db.select().from(orderItems).where(eq(orderItems.order_id, orderId));
  for (const item of items) {
    await db.update(products).set({ stock: sql`${products.stock} + ${item.quantity}` }).where(eq(products.id, item.product_id));
    if (item.variant_label) {
      await db
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${item.quantity}` })
        .where(and(eq(productVariants.product_id, item.product_id), eq(productVariants.label, item.variant_label)));
    }
  }
  return true;
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
