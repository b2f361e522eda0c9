/** The only SQL of the dashboard and the notification bell: live figures, no samples. */
import { sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@pasar/core/products';
import { queryRows, type DbOrTx } from '../../db/client';

/** One pass over the products (issue 15: three counts were three scans at 100,000 products). */
export async function catalogueFigures(db: DbOrTx) {
  const [row] = await queryRows<{ total: number; active: number; low_stock: number; businesses: number; active_businesses: number }>(
    db,
    sql`SELECT p.total, p.active, p.low_stock, b.businesses, b.active_businesses
        FROM (SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active,
                     count(*) FILTER (WHERE stock <= ${LOW_STOCK_THRESHOLD})::int AS low_stock FROM products) p,
             (SELECT count(*)::int AS businesses, count(*) FILTER (WHERE is_active)::int AS active_businesses FROM businesses) b`,
  );
  return row!;
}

export async function orderFigures(db: DbOrTx, dayStart: Date, monthStart: Date) {
  // Revenue is money received (issue 13 §6 (docs/issues.md)): paid orders, counted in the month the money came
  // (the payment's paid_at; a POS sale is paid when it is made). Unpaid open orders are apart.
  // Issue 15 (100,000 orders): "the latest paid_at, else created_at, in this month" is split in two
  // disjoint parts that each start from an index: orders with a payment received this month
  // (payments_paid_at_idx), and orders of this month with no received payment at all (orders_created_idx).
  // The per-status figures come from orders_status_payment_idx alone.
  const day = dayStart.toISOString();
  const month = monthStart.toISOString();
  const [row] = await queryRows<{ pending_today: number; pending_total: number; today: number; revenue: number; unpaid_count: number; unpaid_amount: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM orders o WHERE o.status = 'pending' AND o.created_at >= ${day}) AS pending_today,
               (SELECT count(*)::int FROM orders o WHERE o.status = 'pending') AS pending_total,
               (SELECT count(*)::int FROM orders o WHERE o.created_at >= ${day}) AS today,
               (SELECT COALESCE(sum(o.total_amount), 0)::bigint FROM orders o
                 WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'
                   AND o.id IN (SELECT p.order_id FROM payments p WHERE p.paid_at >= ${month}))
             + (SELECT COALESCE(sum(o.total_amount), 0)::bigint FROM orders o
                 WHERE o.created_at >= ${month} AND o.payment_status = 'paid' AND o.status <> 'cancelled'
                   AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.paid_at IS NOT NULL)) AS revenue,
               u.unpaid_count, u.unpaid_amount
        FROM (SELECT count(*)::int AS unpaid_count, COALESCE(sum(o.total_amount), 0)::bigint AS unpaid_amount
              FROM orders o WHERE o.payment_status = 'unpaid' AND o.status <> 'cancelled') u`,
  );
  return { ...row!, revenue: Number(row!.revenue), unpaid_count: Number(row!.unpaid_count), unpaid_amount: Number(row!.unpaid_amount) };
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
}

/** The newest events of three kinds merged: orders placed, status changes (by an admin, a confirmed payment or an expiry), products added. */
export async function recentActivity(db: DbOrTx, limit: number): Promise<ActivityRow[]> {
  return queryRows<ActivityRow>(
    db,
    sql`(SELECT 'order_created' AS kind, o.created_at AS at, o.id AS ref_id,
                COALESCE(NULLIF(o.shipping_name, ''), o.customer_name, o.guest_email) AS name, o.total_amount AS amount,
                NULL::text AS from_status, NULL::text AS to_status, NULL::text AS actor, o.order_type
           FROM orders o ORDER BY o.created_at DESC LIMIT ${limit})
        UNION ALL
        (SELECT 'order_status', e.created_at, e.order_id, NULL, NULL, e.from_status, e.to_status, e.actor_name, NULL
           FROM order_events e WHERE e.to_status IS NOT NULL ORDER BY e.created_at DESC LIMIT ${limit})
        UNION ALL
        (SELECT 'product_created', p.created_at, p.id, p.name, p.price, NULL, NULL, NULL, NULL
           FROM products p ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit})
        ORDER BY at DESC, ref_id DESC LIMIT ${limit}`,
  );
}

/** Pending orders for the bell; "new" ones have an id above the newest one the admin has seen. */
export async function pendingOrders(db: DbOrTx, afterId: number | undefined) {
  const [counts] = await queryRows<{ pending_total: number; new_pending: number; latest_order_id: number; awaiting_verification: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM orders WHERE status = 'pending') AS pending_total,
               (SELECT count(*)::int FROM orders o JOIN payments p ON p.order_id = o.id
                 WHERE o.payment_status = 'unpaid' AND o.status <> 'cancelled' AND p.status = 'unpaid' AND p.proof_status = 'submitted') AS awaiting_verification,
               (SELECT count(*)::int FROM orders WHERE status = 'pending' ${afterId !== undefined ? sql`AND id > ${afterId}` : sql``}) AS new_pending,
               (SELECT COALESCE(max(id), 0)::int FROM orders) AS latest_order_id`,
  );
  const latest = await queryRows<{ id: number; created_at: Date | string; total_amount: number; customer: string | null; order_type: string }>(
    db,
    sql`SELECT id, created_at, total_amount, order_type,
               COALESCE(NULLIF(shipping_name, ''), customer_name, guest_email) AS customer
        FROM orders WHERE status = 'pending' ORDER BY id DESC LIMIT 5`,
  );
  return { ...counts!, latest };
}
