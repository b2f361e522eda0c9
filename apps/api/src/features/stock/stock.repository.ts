/**
 * The one place stock moves (docs/design.md, second wave): a sale takes it with conditional updates,
 * and a cancellation, an expiry, a failed or rejected payment returns it once through the order's
 * `stock_held` flag. Online checkout, the POS, the order desk and the payment jobs all call here.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
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
 *
 * One statement for every line (issue 15: a checkout in at most 8 round trips): the products are
 * locked in id order first, so concurrent orders of the same products queue instead of deadlocking,
 * then variants and products are decremented, each only where enough is left. The lock is FOR NO
 * KEY UPDATE, the one an UPDATE takes: it does not wait for the key-share locks that order items'
 * foreign keys hold on the same products (FOR UPDATE would, and two checkouts would deadlock). The rows that
 * moved come back; a line without its row is the one that was short.
 */
export async function takeStock(tx: DbOrTx, lines: StockLine[]): Promise<void> {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}|${line.variantLabel ?? ''}`;
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line });
  }
  const ordered = [...merged.values()].sort((a, b) => a.productId - b.productId || (a.variantLabel ?? '').localeCompare(b.variantLabel ?? ''));
  if (ordered.length === 0) return;
  const want = sql.join(
    ordered.map((l) => sql`(${l.productId}::int, ${l.variantLabel}::text, ${l.quantity}::int)`),
    sql`, `,
  );
  const ids = sql.join([...new Set(ordered.map((l) => l.productId))].map((id) => sql`${id}::int`), sql`, `);
  // Lines without a size leave the variants alone: no variants update to plan, and none for its triggers to see.
  const variantUpdate = ordered.some((l) => l.variantLabel != null)
    ? sql`v AS (UPDATE product_variants pv SET stock = pv.stock - w.quantity FROM want w
                 WHERE w.label IS NOT NULL AND pv.product_id = w.product_id AND pv.label = w.label AND pv.stock >= w.quantity
                   AND pv.product_id IN (SELECT id FROM locked)
                 RETURNING pv.product_id, pv.label),`
    : sql`v(product_id, label) AS (SELECT NULL::int, NULL::text WHERE false),`;
  const moved = await queryRows<{ kind: 'variant' | 'product'; product_id: number; label: string | null }>(
    tx,
    sql`WITH want(product_id, label, quantity) AS (VALUES ${want}),
          locked AS (SELECT p.id FROM products p WHERE p.id IN (${ids}) ORDER BY p.id FOR NO KEY UPDATE),
          ${variantUpdate}
          p AS (UPDATE products p SET stock = p.stock - t.quantity
                 FROM (SELECT product_id, sum(quantity)::int AS quantity FROM want GROUP BY product_id) t
                 WHERE p.id = t.product_id AND p.stock >= t.quantity AND p.id IN (SELECT id FROM locked)
                 RETURNING p.id)
        SELECT 'variant' AS kind, product_id, label FROM v UNION ALL SELECT 'product', id, NULL FROM p`,
  );
  const takenProducts = new Set(moved.filter((m) => m.kind === 'product').map((m) => Number(m.product_id)));
  const variants = new Set(moved.filter((m) => m.kind === 'variant').map((m) => `${Number(m.product_id)}|${m.label}`));
  const short = ordered.find((l) => (l.variantLabel && !variants.has(`${l.productId}|${l.variantLabel}`)) || !takenProducts.has(l.productId));
  if (short) throw new InsufficientStock(short);
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
