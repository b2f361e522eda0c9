/** The only SQL of the dashboard and the notification bell: live figures, no samples. */
import { sql, type SQL } from 'drizzle-orm';
import { awaitsPayment, payableOf } from '@pasar/core/revenue';
import { DEFAULT_TIME_ZONE } from '@pasar/core/time';
import { queryRows, type DbOrTx } from '../../db/client';
import { catalogueFigures as catalogueFiguresTable } from '../../db/schema';
import { readSetting, settingsJsonSql } from '../settings/settings.repository';
import { keptOrderFigures } from '../orders/admin-orders.repository';

/**
 * The product figures kept by migrations 0014 and 0015's triggers (a pass over 100,000 products was
 * most of the dashboard's and the product list's cost); their low-stock and sold-out rules are
 * core's LOW_STOCK_THRESHOLD and stock 0, which the tests check against a fresh count.
 */
export async function keptProductFigures(db: DbOrTx): Promise<ProductFigures> {
  const [row] = await queryRows<ProductFigureRow>(db, keptProductFiguresSql);
  return readKeptProductFigures(row!);
}

type ProductFigures = { total: number; active: number; low_stock: number; out_of_stock: number };
type ProductFigureRow = Record<keyof ProductFigures, string | number>;

const keptProductFiguresSql = sql`SELECT coalesce(sum(${catalogueFiguresTable.products}), 0)::bigint AS total, coalesce(sum(${catalogueFiguresTable.active}), 0)::bigint AS active,
               coalesce(sum(${catalogueFiguresTable.low_stock}), 0)::bigint AS low_stock, coalesce(sum(${catalogueFiguresTable.out_of_stock}), 0)::bigint AS out_of_stock
        FROM ${catalogueFiguresTable}`;

const readKeptProductFigures = (row: ProductFigureRow): ProductFigures => ({
  total: Number(row.total),
  active: Number(row.active),
  low_stock: Number(row.low_stock),
  out_of_stock: Number(row.out_of_stock),
});

/**
 * What the dashboard reads before its order figures (which need the store's zone), in one statement:
 * the kept product figures, the businesses, the store's zone and the recent activity. Issue 15: four
 * statements side by side cost each its round trip's CPU on both sides, most of a summary's.
 */
export async function dashboardReads(db: DbOrTx, activityLimit: number) {
  const [row] = await queryRows<{ products: unknown; businesses: unknown; settings: unknown; activity: unknown }>(
    db,
    sql`SELECT (SELECT row_to_json(p) FROM (${keptProductFiguresSql}) p) AS products,
               (SELECT row_to_json(b) FROM (SELECT count(*)::int AS businesses, count(*) FILTER (WHERE is_active)::int AS active_businesses FROM businesses) b) AS businesses,
               ${settingsJsonSql(['time_zone'])} AS settings,
               (SELECT COALESCE(json_agg(a ORDER BY a.at DESC, a.ref_id DESC), '[]') FROM (${recentActivitySql(activityLimit)}) a) AS activity`,
  );
  const products = readKeptProductFigures(parseJson<ProductFigureRow>(row!.products));
  const businesses = parseJson<{ businesses: number; active_businesses: number }>(row!.businesses);
  const settings = parseJson<{ time_zone?: unknown } | null>(row!.settings);
  return {
    catalogue: { total: products.total, active: products.active, low_stock: products.low_stock, businesses: businesses.businesses, active_businesses: businesses.active_businesses },
    timeZone: readSetting('time_zone', settings?.time_zone)?.time_zone ?? DEFAULT_TIME_ZONE,
    activity: parseJson<ActivityRow[]>(row!.activity),
  };
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The dashboard's catalogue figures: the kept product figures beside the businesses, which are few and counted live. */
export async function catalogueFigures(db: DbOrTx) {
  const [products, [businesses]] = await Promise.all([
    keptProductFigures(db),
    queryRows<{ businesses: number; active_businesses: number }>(
      db,
      sql`SELECT count(*)::int AS businesses, count(*) FILTER (WHERE is_active)::int AS active_businesses FROM businesses`,
    ),
  ]);
  return { total: products.total, active: products.active, low_stock: products.low_stock, businesses: businesses!.businesses, active_businesses: businesses!.active_businesses };
}

/**
 * Moves the rows of the per-backend figure tables (these product figures, the order, sales and
 * assistant ones) into backend 0 with the database's fold_figures() (migration 0026): sums unchanged,
 * no writer waited for. A background job's work, so that reading a figure never writes.
 */
export async function foldFigures(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT fold_figures()`);
}

/**
 * Revenue is money received (issue 13 §6 (docs/issues.md), core revenue countsAsRevenue and
 * revenueHour): paid orders, counted in the month the money came (the latest payment's paid_at; a
 * POS sale is paid when it is made), less refunds. Unpaid open orders are apart (core awaitsPayment). Issue 15 (100,000 orders): every figure comes from the rows migration 0014's triggers
 * keep, not from an aggregate over the orders.
 */
export async function orderFigures(db: DbOrTx, dayStart: Date, monthStart: Date) {
  const kept = await keptOrderFigures(db, { dayStart, monthStart });
  let unpaidCount = 0;
  for (const [status, f] of kept.byStatus) if (awaitsPayment({ status, payment_status: 'unpaid' })) unpaidCount += f.unpaidOrders;
  const unpaidAmount = payableOf(kept.byStatus);
  return {
    pending_today: kept.sinceDay.get('pending') ?? 0,
    pending_total: kept.byStatus.get('pending')?.count ?? 0,
    today: [...kept.sinceDay.values()].reduce((s, n) => s + n, 0),
    revenue: kept.revenue,
    unpaid_count: unpaidCount,
    unpaid_amount: unpaidAmount,
  };
}

export interface ActivityRow {
  kind: 'order_created' | 'order_status' | 'product_created';
  at: Date | string;
  ref_id: number;
  name: string | null;
  amount: number | null;
  from_status: string | null;
  to_status: string | null;
  actor: string | null;
  order_type: string | null;
  /** A product's discount percent (numeric: a string from PostgreSQL). */
  discount: number | string | null;
}

/**
 * The newest events of three kinds merged: orders placed, status changes (by an admin, a confirmed
 * payment or an expiry), products added. A POS sale's own event (kind 'pos_sale', delivered as it is
 * made) is the sale itself, already listed as placed: it showed each sale twice (issue 31). A product
 * carries its base price (the lowest variant's, as the catalogue) and its discount.
 */
function recentActivitySql(limit: number): SQL {
  return sql`(SELECT 'order_created' AS kind, o.created_at AS at, o.id AS ref_id,
                COALESCE(NULLIF(o.shipping_name, ''), o.customer_name, o.guest_email) AS name, o.total_amount AS amount,
                NULL::text AS from_status, NULL::text AS to_status, NULL::text AS actor, o.order_type, NULL::numeric AS discount
           FROM orders o ORDER BY o.created_at DESC LIMIT ${limit})
        UNION ALL
        (SELECT 'order_status', e.created_at, e.order_id, NULL, NULL, e.from_status, e.to_status, e.actor_name, NULL, NULL::numeric
           FROM order_events e WHERE e.to_status IS NOT NULL AND e.kind <> 'pos_sale' ORDER BY e.created_at DESC LIMIT ${limit})
        UNION ALL
        (SELECT 'product_created', p.created_at, p.id, p.name,
                COALESCE((SELECT min(v.price) FROM product_variants v WHERE v.product_id = p.id), p.price), NULL, NULL, NULL, NULL, p.discount
           FROM products p ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit})
        ORDER BY at DESC, ref_id DESC LIMIT ${limit}`;
}

/**
 * Pending orders for the bell; "new" ones have an id above the newest one the admin has seen. The
 * totals are kept (migration 0014): the pending orders, and the orders with a transfer proof to verify
 * (the desk's "Menunggu verifikasi" count, over every status but cancelled). The rest is one statement
 * beside them. Issue 15: counting the proofs joined every submitted proof to its order on every ring
 * (~3 ms of the database's CPU at 100,000 orders), and the newest orders were read after the counts.
 */
export async function pendingOrders(db: DbOrTx, afterId: number | undefined) {
  const [[row], kept] = await Promise.all([
    queryRows<{ new_pending: number | null; new_awaiting: number | null; latest_order_id: number; latest: unknown }>(
      db,
      sql`SELECT ${afterId !== undefined ? sql`(SELECT count(*)::int FROM orders WHERE status = 'pending' AND id > ${afterId})` : sql`NULL::int`} AS new_pending,
                 ${
                   afterId !== undefined
                     ? sql`(SELECT count(*)::int FROM orders o WHERE o.status = 'pending' AND o.id > ${afterId} AND o.payment_status = 'unpaid'
                          AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'unpaid' AND p.proof_status = 'submitted'))`
                     : sql`NULL::int`
                 } AS new_awaiting,
                 (SELECT COALESCE(max(id), 0)::int FROM orders) AS latest_order_id,
                 (SELECT COALESCE(json_agg(l ORDER BY l.id DESC), '[]') FROM (
                    SELECT id, created_at, total_amount, order_type, COALESCE(NULLIF(shipping_name, ''), customer_name, guest_email) AS customer
                    FROM orders WHERE status = 'pending' ORDER BY id DESC LIMIT 5) l) AS latest`,
    ),
    keptOrderFigures(db),
  ]);
  const pendingTotal = kept.byStatus.get('pending')?.count ?? 0;
  let awaitingVerification = 0;
  for (const [status, f] of kept.awaitingProof) if (status !== 'cancelled') awaitingVerification += f.count;
  const latest = (typeof row!.latest === 'string' ? JSON.parse(row!.latest) : row!.latest) as { id: number; created_at: string; total_amount: number; customer: string | null; order_type: string }[];
  const newPending = row!.new_pending ?? pendingTotal;
  // New pending orders whose proof also waits are in both counts: the badge takes them once (issue 31).
  const newAndAwaiting = row!.new_awaiting ?? kept.awaitingProof.get('pending')?.count ?? 0;
  return {
    latest_order_id: row!.latest_order_id,
    awaiting_verification: awaitingVerification,
    pending_total: pendingTotal,
    new_pending: newPending,
    attention: newPending + awaitingVerification - newAndAwaiting,
    latest,
  };
}
