/**
 * The only SQL of the partner's Pesanan (issue 29 §2, decision 056). A partner's shipments are found
 * from its products (products → order_items → shipments, each step an index), not by scanning every
 * shipment: the business always comes from the session.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PartnerShipmentFilter } from '@pasar/core/partner-shipments';
import { queryRows, type DbOrTx } from '../../db/client';
import { orderItems, orders, payments, products, shipments, type SelectedOption } from '../../db/schema';

/**
 * A shipment's tab, as core's partnerShipmentFilterOf decides it (the partner-shipments test holds
 * them together): a cancelled order's open parcel reads cancelled, a received one stays done.
 */
const bucket = sql`CASE
  WHEN s.status = 'cancelled' OR (o.status = 'cancelled' AND s.status <> 'received') THEN 'cancelled'
  WHEN s.status = 'packing' THEN 'to_send'
  WHEN s.status = 'shipped' THEN 'shipped'
  ELSE 'done' END`;

/**
 * The partner's shipments of orders whose money came in: `paid`, or `refunded` after it (the
 * parcel may have gone, or been cancelled with the refund). An unpaid or expired order is not
 * the partner's work and is not shown.
 */
function mine(businessId: number): SQL {
  return sql`WITH mine AS (
      SELECT DISTINCT oi.shipment_id AS id
      FROM products p JOIN order_items oi ON oi.product_id = p.id
      WHERE p.business_id = ${businessId} AND oi.shipment_id IS NOT NULL)
    SELECT s.id, o.created_at, ${bucket} AS bucket
    FROM mine JOIN shipments s ON s.id = mine.id JOIN orders o ON o.id = s.order_id
    WHERE o.payment_status IN ('paid', 'refunded')`;
}

export async function partnerShipmentCounts(db: DbOrTx, businessId: number): Promise<Record<PartnerShipmentFilter, number>> {
  const rows = await queryRows<{ bucket: PartnerShipmentFilter; n: number | string }>(db, sql`SELECT bucket, count(*) AS n FROM (${mine(businessId)}) t GROUP BY bucket`);
  const counts: Record<PartnerShipmentFilter, number> = { to_send: 0, shipped: 0, done: 0, cancelled: 0 };
  for (const r of rows) counts[r.bucket] = Number(r.n);
  return counts;
}

/** One page of a tab's shipment ids, newest order first. */
export async function partnerShipmentPage(db: DbOrTx, businessId: number, filter: PartnerShipmentFilter, limit: number, offset: number): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`SELECT id FROM (${mine(businessId)}) t WHERE bucket = ${filter} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => Number(r.id));
}

export interface PartnerShipmentHead {
  shipment: typeof shipments.$inferSelect;
  order: Pick<
    typeof orders.$inferSelect,
    | 'id'
    | 'status'
    | 'payment_status'
    | 'created_at'
    | 'customer_name'
    | 'customer_phone'
    | 'shipping_name'
    | 'shipping_phone'
    | 'shipping_address'
    | 'shipping_district'
    | 'shipping_city'
    | 'shipping_province'
    | 'shipping_postcode'
  >;
}

export async function partnerShipmentHeads(db: DbOrTx, ids: number[]): Promise<PartnerShipmentHead[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      shipment: shipments,
      order: {
        id: orders.id,
        status: orders.status,
        payment_status: orders.payment_status,
        created_at: orders.created_at,
        customer_name: orders.customer_name,
        customer_phone: orders.customer_phone,
        shipping_name: orders.shipping_name,
        shipping_phone: orders.shipping_phone,
        shipping_address: orders.shipping_address,
        shipping_district: orders.shipping_district,
        shipping_city: orders.shipping_city,
        shipping_province: orders.shipping_province,
        shipping_postcode: orders.shipping_postcode,
      },
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.order_id))
    .where(inArray(shipments.id, ids));
}

export interface ShipmentLineRow {
  id: number;
  shipment_id: number | null;
  business_id: number | null;
  product_name: string;
  variant_label: string | null;
  selected_options: SelectedOption[];
  quantity: number;
}

/** Every line of the shipments with its product's business: the service keeps the partner's own and tells a mixed shipment from them. */
export async function linesOfShipments(db: DbOrTx, shipmentIds: number[]): Promise<ShipmentLineRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      shipment_id: orderItems.shipment_id,
      business_id: products.business_id,
      product_name: orderItems.product_name,
      variant_label: orderItems.variant_label,
      selected_options: orderItems.selected_options,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.product_id))
    .where(inArray(orderItems.shipment_id, shipmentIds))
    .orderBy(orderItems.id);
}

/** When each order's money came in: its paid (or later refunded) payment's time, the latest if several. */
export async function paidTimes(db: DbOrTx, orderIds: number[]): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ order_id: payments.order_id, paid_at: payments.paid_at, verified_at: payments.verified_at })
    .from(payments)
    .where(and(inArray(payments.order_id, orderIds), inArray(payments.status, ['paid', 'refunded'])));
  for (const r of rows) {
    const at = r.paid_at ?? r.verified_at;
    if (!at) continue;
    const seen = out.get(r.order_id);
    if (!seen || at > seen) out.set(r.order_id, at);
  }
  return out;
}

/** "Siapkan": set once; answers whether this call set it (a second press changes nothing). */
export async function markPrepared(tx: DbOrTx, shipmentId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(shipments)
    .set({ prepared_at: at, version: sql`${shipments.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(shipments.id, shipmentId), sql`${shipments.prepared_at} IS NULL`))
    .returning({ id: shipments.id });
  return rows.length > 0;
}
