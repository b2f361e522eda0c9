/** The only SQL of shipments and their timeline (issue 28, decision 049). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { orders, shipmentEvents, shipments } from '../../db/schema';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentEvent = typeof shipmentEvents.$inferInsert;

/** A shipment and the order facts its rules need, the order row locked first (the order desk's lock order: order, then shipment). */
export async function lockShipment(
  tx: DbOrTx,
  shipmentId: number,
): Promise<{ shipment: ShipmentRow; order: { id: number; status: string; payment_status: string; order_type: string } } | undefined> {
  const [head] = await tx.select({ order_id: shipments.order_id }).from(shipments).where(eq(shipments.id, shipmentId)).limit(1);
  if (!head) return undefined;
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, payment_status: orders.payment_status, order_type: orders.order_type })
    .from(orders)
    .where(eq(orders.id, head.order_id))
    .for('update')
    .limit(1);
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update').limit(1);
  if (!order || !shipment) return undefined;
  return { shipment, order };
}

export async function findShipment(db: DbOrTx, shipmentId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId)).limit(1);
  return row;
}

export async function shipmentsOfOrder(db: DbOrTx, orderId: number): Promise<ShipmentRow[]> {
  return db.select().from(shipments).where(eq(shipments.order_id, orderId)).orderBy(asc(shipments.position), asc(shipments.id));
}

export async function eventsOfShipment(db: DbOrTx, shipmentId: number) {
  return db.select().from(shipmentEvents).where(eq(shipmentEvents.shipment_id, shipmentId)).orderBy(asc(shipmentEvents.happened_at), asc(shipmentEvents.id));
}

export async function updateShipment(
  tx: DbOrTx,
  shipmentId: number,
  change: Partial<Pick<ShipmentRow, 'status' | 'courier_name' | 'service' | 'tracking_number' | 'shipped_at' | 'delivered_at' | 'received_at' | 'prepared_at' | 'shipped_by_business_id'>>,
): Promise<void> {
  await tx
    .update(shipments)
    .set({ ...change, version: sql`${shipments.version} + 1`, updated_at: sql`now()` })
    .where(eq(shipments.id, shipmentId));
}

export async function insertShipmentEvent(tx: DbOrTx, event: NewShipmentEvent): Promise<void> {
  await tx.insert(shipmentEvents).values(event);
}

/** Every open shipment of an order goes with the order's cancel. */
export async function cancelOpenShipments(tx: DbOrTx, orderId: number): Promise<number[]> {
  const rows = await tx
    .update(shipments)
    .set({ status: 'cancelled', version: sql`${shipments.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(shipments.order_id, orderId), inArray(shipments.status, ['packing', 'shipped', 'delivered'])))
    .returning({ id: shipments.id });
  return rows.map((r) => r.id);
}

/**
 * Delivered shipments whose buyer has had `days` days to say otherwise, moved to received in one
 * conditional statement: rows another process holds are skipped (SKIP LOCKED) and the status
 * condition is checked again on write, so two runs never complete one shipment twice.
 */
export async function completeDueShipments(tx: DbOrTx, now: Date, days: number, limit: number): Promise<{ id: number; order_id: number }[]> {
  const due = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const at = now.toISOString();
  const rows = await queryRows<{ id: number; order_id: number }>(
    tx,
    sql`WITH due AS (
          SELECT s.id FROM shipments s
          WHERE s.status = 'delivered' AND s.delivered_at <= ${due}
          ORDER BY s.delivered_at, s.id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        UPDATE shipments s SET status = 'received', received_at = ${at}, version = s.version + 1, updated_at = now()
        FROM due WHERE s.id = due.id AND s.status = 'delivered'
        RETURNING s.id, s.order_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), order_id: Number(r.order_id) }));
}

/** The order row for a status that follows its shipments, locked. */
export async function lockOrderForShipments(tx: DbOrTx, orderId: number): Promise<{ id: number; status: string } | undefined> {
  const [row] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}

export async function setOrderStatusOnly(tx: DbOrTx, orderId: number, status: string): Promise<void> {
  await tx
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1`, updated_at: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** An unpaid, open online order cancelled by its buyer; answers whether this call cancelled it. */
export async function cancelUnpaidOrder(tx: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'cancelled', version: sql`${orders.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.payment_status, 'unpaid'), sql`${orders.status} <> 'cancelled'`))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function orderPaymentFacts(db: DbOrTx, orderId: number): Promise<{ status: string; payment_status: string; order_type: string } | undefined> {
  const [row] = await db.select({ status: orders.status, payment_status: orders.payment_status, order_type: orders.order_type }).from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}
