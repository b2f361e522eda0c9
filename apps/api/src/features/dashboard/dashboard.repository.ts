/** The only SQL of the dashboard and the notification bell: live figures, no samples. */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@pasar/core/time';
import { queryRows, type DbOrTx } from '../../db/client';
import { catalogueFigures as catalogueFiguresTable } from '../../db/schema';
import { settingsPart } from '../settings/settings.service';

/**
 * The product figures that migrations 0014 and 0015's triggers keep up to date, summed over their
 * per-connection rows (docs/database.md; a pass over 100,000 products was
 * most of the dashboard's and the product list's cost); their low-stock and sold-out rules are
 * core's LOW_STOCK_THRESHOLD and stock 0, which the tests check against a fresh count.
 */
export async function keptProductFigures(db: DbOrTx): Promise<ProductFigures> {
  const [row] = await queryRows<ProductFigureRow>(db, productFiguresSql);
  return readProductFigures(row!);
}

type ProductFigures = { total: number; active: number; low_stock: number; out_of_stock: number };
type ProductFigureRow = Record<keyof ProductFigures, string | number>;

const productFiguresSql = sql`SELECT coalesce(sum(${catalogueFiguresTable.products}), 0)::bigint AS total, coalesce(sum(${catalogueFiguresTable.active}), 0)::bigint AS active,
               coalesce(sum(${catalogueFiguresTable.low_stock}), 0)::bigint AS low_stock, coalesce(sum(${catalogueFiguresTable.out_of_stock}), 0)::bigint AS out_of_stock
        FROM ${catalogueFiguresTable}`;

const readProductFigures = (row: ProductFigureRow): ProductFigures => ({
  total: Number(row.total),
  active: Number(row.active),
  low_stock: Number(row.low_stock),
  out_of_stock: Number(row.out_of_stock),
});

/** The store's zone, read in the dashboard's statement as the settings feature reads it (decision 075). */
const storeZone = settingsPart(['time_zone']);

/**
 * What the dashboard reads before its order figures (which need the store's zone), in one statement:
 * the product figures, the businesses, the store's zone and the recent activity. Issue 15: four
 * statements side by side cost each its round trip's CPU on both sides, most of a summary's.
 */
export async function dashboardReads(db: DbOrTx, activityLimit: number) {
  const [row] = await queryRows<{ products: unknown; businesses: unknown; settings: unknown; activity: unknown }>(
    db,
    sql`SELECT (SELECT row_to_json(p) FROM (${productFiguresSql}) p) AS products,
               (SELECT row_to_json(b) FROM (SELECT count(*)::int AS businesses, count(*) FILTER (WHERE is_active)::int AS active_businesses FROM businesses) b) AS businesses,
               ${storeZone.sql as SQL} AS settings,
               (SELECT COALESCE(json_agg(a ORDER BY a.at DESC, a.ref_id DESC), '[]') FROM (${recentActivitySql(activityLimit)}) a) AS activity`,
  );
  const products = readProductFigures(parseJson<ProductFigureRow>(row!.products));
  const businesses = parseJson<{ businesses: number; active_businesses: number }>(row!.businesses);
  return {
    catalogue: { total: products.total, active: products.active, low_stock: products.low_stock, businesses: businesses.businesses, active_businesses: businesses.active_businesses },
    timeZone: storeZone.read(row!.settings).time_zone?.time_zone ?? DEFAULT_TIME_ZONE,
    activity: parseJson<ActivityRow[]>(row!.activity),
  };
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The dashboard's catalogue figures: the product figures beside the businesses, which are few and counted live. */
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
 * Merges the rows each database connection adds to the figure tables (these product figures, the
 * order, sales and assistant ones) into backend 0 with the database's merge_figure_rows() (migration
 * 0026): every sum unchanged, no writer waited for. The background jobs' work, so that reading a
 * figure never writes.
 */
export async function mergeFigureRows(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT merge_figure_rows()`);
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
 * The bell's own statement: pending orders with an id above the newest one the admin has seen, those
 * of them with a transfer proof to verify, the newest order's id and the five latest pending orders.
 * The totals beside it are the order figures (dashboard.service.ts). Issue 15: counting the proofs
 * joined every submitted proof to its order on every ring (measured in docs/perf/back-office.md).
 */
export async function pendingOrderRows(db: DbOrTx, afterId: number | undefined) {
  const [row] = await queryRows<{ new_pending: number | null; new_awaiting: number | null; latest_order_id: number; latest: unknown }>(
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
  );
  return {
    newPending: row!.new_pending,
    newAwaiting: row!.new_awaiting,
    latestOrderId: row!.latest_order_id,
    latest: parseJson<{ id: number; created_at: string; total_amount: number; customer: string | null; order_type: string }[]>(row!.latest),
  };
}
