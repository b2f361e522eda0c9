/**
 * The one place stock moves (docs/design.md, second wave): a sale takes it with conditional updates,
 * and a cancellation, an expiry, a failed or rejected payment returns it once through the order's
 * `stock_held` flag. Online checkout, the POS, the order desk and the payment jobs all call here.
 */
import { and, eq, sql } from 'drizzle-orm';
import { rawQuery, type DbOrTx } from '../../db/client';
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

/** The lines as the statement takes them: one per product and size, quantities added, in id order. */
function mergeLines(lines: StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}|${line.variantLabel ?? ''}`;
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()].sort((a, b) => a.productId - b.productId || (a.variantLabel ?? '').localeCompare(b.variantLabel ?? ''));
}

export interface StockStatement {
  ordered: StockLine[];
  /**
   * `want`, `locked`, `v` (sizes taken) and `p` (products taken), to open a WITH; its parameters are
   * appended to the caller's list.
   */
  ctes: string;
}

/**
 * The stock-taking part of a statement, as text with parameters: the products are locked in id order
 * first, so concurrent orders of the same products queue instead of deadlocking, then variants and
 * products are decremented, each only where enough is left. The lock is FOR NO KEY UPDATE, the one an
 * UPDATE takes: it does not wait for the key-share locks that order items' foreign keys hold on the
 * same products (FOR UPDATE would, and two checkouts would deadlock). Undefined for no lines.
 * `after`, a boolean SQL expression, is evaluated before any product is locked: checkout's unpaid-order
 * caps take their advisory locks there, so every checkout takes its locks in one order (decision 045).
 */
export function stockStatement(lines: StockLine[], params: unknown[], after?: string): StockStatement | undefined {
  const ordered = mergeLines(lines);
  if (ordered.length === 0) return undefined;
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  // Arrays, not a row of parameters a line: the text is the same for any number of lines, so the
  // checkout's write can be a prepared statement (decision 081).
  const want = `SELECT * FROM unnest(${param(ordered.map((l) => l.productId), 'int[]')}, ${param(ordered.map((l) => l.variantLabel), 'text[]')}, ${param(ordered.map((l) => l.quantity), 'int[]')})`;
  // Each update names its rows by this array too: a prepared statement's generic plan cannot know how
  // few rows `want` holds, and joined it to a scan of every product (decision 081).
  const ids = param([...new Set(ordered.map((l) => l.productId))], 'int[]');
  // Lines without a size leave the variants alone: no variants update to plan, and none for its triggers to see.
  const variantUpdate = ordered.some((l) => l.variantLabel != null)
    ? `v AS (UPDATE product_variants pv SET stock = pv.stock - w.quantity FROM want w
             WHERE w.label IS NOT NULL AND pv.product_id = ANY (${ids}) AND pv.product_id = w.product_id AND pv.label = w.label AND pv.stock >= w.quantity
               AND pv.product_id IN (SELECT id FROM locked)
             RETURNING pv.product_id, pv.label)`
    : `v(product_id, label) AS (SELECT NULL::int, NULL::text WHERE false)`;
  return {
    ordered,
    ctes: `want(product_id, label, quantity) AS (${want}),
      locked AS (SELECT p.id FROM products p WHERE p.id = ANY (${ids})${after ? ` AND ${after}` : ''} ORDER BY p.id FOR NO KEY UPDATE),
      ${variantUpdate},
      p AS (UPDATE products p SET stock = p.stock - t.quantity
             FROM (SELECT product_id, sum(quantity)::int AS quantity FROM want GROUP BY product_id) t
             WHERE p.id = ANY (${ids}) AND p.id = t.product_id AND p.stock >= t.quantity AND p.id IN (SELECT id FROM locked)
             RETURNING p.id)`,
  };
}

/** The lines the statement could not take: their size, or their product, was short. */
export const shortLinesSql = `SELECT w.product_id, w.label FROM want w
  WHERE (w.label IS NOT NULL AND NOT EXISTS (SELECT 1 FROM v WHERE v.product_id = w.product_id AND v.label = w.label))
     OR NOT EXISTS (SELECT 1 FROM p WHERE p.id = w.product_id)`;

/**
 * Takes stock with conditional updates (`stock >= quantity`) inside the caller's transaction:
 * two buyers of the last units cannot both succeed, and a failure rolls every line back.
 * A variant's stock and its product's stock (their sum) move together. One statement for every
 * line (issue 15: a checkout in at most 8 round trips); the line without its row is the one that was short.
 */
export async function takeStock(tx: DbOrTx, lines: StockLine[]): Promise<void> {
  const params: unknown[] = [];
  const statement = stockStatement(lines, params);
  if (!statement) return;
  const short = firstShortLine(statement.ordered, await rawQuery<ShortRow>(tx, `WITH ${statement.ctes} ${shortLinesSql}`, params));
  if (short) throw new InsufficientStock(short);
}

export interface ShortRow {
  product_id: number;
  label: string | null;
}

/** The first of the lines, in the statement's order, that came back short. */
export function firstShortLine(ordered: StockLine[], short: ShortRow[]): StockLine | undefined {
  const keys = new Set(short.map((r) => `${Number(r.product_id)}|${r.label ?? ''}`));
  return ordered.find((l) => keys.has(`${l.productId}|${l.variantLabel ?? ''}`));
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
  for (const item of items) await returnLineStock(db, { productId: item.product_id, variantLabel: item.variant_label, quantity: item.quantity });
  return true;
}

/**
 * Puts part of one line back into stock (a line removed from an order that holds its stock,
 * issue 28): the product, and its size when it has one, as returnOrderStock does for a whole order.
 */
export async function returnLineStock(db: DbOrTx, line: { productId: number; variantLabel: string | null; quantity: number }): Promise<void> {
  await db.update(products).set({ stock: sql`${products.stock} + ${line.quantity}` }).where(eq(products.id, line.productId));
  if (line.variantLabel) {
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(and(eq(productVariants.product_id, line.productId), eq(productVariants.label, line.variantLabel)));
  }
}

/** The lines an order took, to take them again when a cancelled order is reopened. */
export async function stockLinesOfOrder(tx: DbOrTx, orderId: number): Promise<StockLine[]> {
  return tx
    .select({ productId: orderItems.product_id, variantLabel: orderItems.variant_label, quantity: orderItems.quantity, name: orderItems.product_name })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
}
