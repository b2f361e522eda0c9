/**
 * The one place stock moves (docs/design.md, second wave): a sale takes it with conditional updates,
 * and a cancellation, an expiry, a failed or rejected payment returns it once through the order's
 * `stock_held` flag. Online checkout, the POS, the order desk and the payment jobs all call here.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, productVariants, products } from '../../db/schema';

export interface StockLine {
  productId: number;
  variantLabel: string | null;
  quantity: number;
  name: string;
}

export class InsufficientStock extends Error {
  constructor(readonly line: StockLine) {
    super(`insufficient stock for product ${line.productId}`);
  }
}

/**
 * Takes stock with conditional updates (`stock >= quantity`) inside the caller's transaction:
 * two buyers of the last units cannot both succeed, and a failure rolls every line back.
 * A variant's stock and its product's stock (their sum) move together.
 */
export async function takeStock(tx: DbOrTx, lines: StockLine[]): Promise<void> {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}|${line.variantLabel ?? ''}`;
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line });
  }
  // A stable order of updates avoids deadlocks between concurrent orders of the same products.
  const ordered = [...merged.values()].sort((a, b) => a.productId - b.productId || (a.variantLabel ?? '').localeCompare(b.variantLabel ?? ''));
  for (const line of ordered) {
    if (line.variantLabel) {
      const v = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(and(eq(productVariants.product_id, line.productId), eq(productVariants.label, line.variantLabel), gte(productVariants.stock, line.quantity)))
        .returning({ id: productVariants.id });
      if (v.length === 0) throw new InsufficientStock(line);
    }
    const p = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id });
    if (p.length === 0) throw new InsufficientStock(line);
  }
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

/** The lines an order took, to take them again when a cancelled order is reopened. */
export async function stockLinesOfOrder(tx: DbOrTx, orderId: number): Promise<StockLine[]> {
  return tx
    .select({ productId: orderItems.product_id, variantLabel: orderItems.variant_label, quantity: orderItems.quantity, name: orderItems.product_name })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
}
