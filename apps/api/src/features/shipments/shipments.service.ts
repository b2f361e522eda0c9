/**
 * Shipments (issue 28, decision 049): staff send each shipment with its courier and resi, mark it
 * delivered and add timeline entries; the buyer confirms "Pesanan diterima"; a delivered shipment
 * counts as received after the setting's days. The order's status follows its shipments, with the
 * order desk's history written as a status change is. An unpaid online order ships nothing.
 */
import { AppError, genericMessages } from '@pasar/core/errors';
import { orderStatusLabel } from '@pasar/core/orders';
import { defaultPaymentSettings } from '@pasar/core/payments';
import {
  canMoveShipment,
  courierName,
  orderStatusFromShipments,
  paymentBlocksFulfilment,
  resiRequired,
  shipmentMessages,
  type ShipmentEvent,
  type ShipmentEventInput,
  type ShipmentKind,
  type ShipmentStatus,
  type ShipmentTracking,
  type ShipShipmentInput,
} from '@pasar/core/shipments';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../auth/session-user';
import type { Tracker } from '../../integrations/shipping/tracking';
import { queueBuyerMessage } from '../mail/buyer-messages';
import { getSetting } from '../settings/settings.service';
import { returnOrderStock } from '../stock/stock.service';
import { getOrders, insertOrderEvent } from '../orders/orders.service';
import { toShipmentEvent } from '../orders/order-record.service';
import {
  cancelOpenShipments,
  cancelUnpaidOrder,
  completeDueShipments,
  eventsOfShipment,
  findShipment,
  insertShipmentEvent,
  lockOrderForShipments,
  lockShipment,
  orderPaymentFacts,
  setOrderStatusOnly,
  shipmentsOfOrder,
  updateShipment,
  type ShipmentRow,
} from './shipments.repository';

/** The partner's corner locks a shipment (its order first, as here) and writes its own timeline entries. */
export { insertShipmentEvent, lockShipment };

/**
 * Who moved a shipment: staff (by name), a partner from its corner (issue 29), the buyer, or the job.
 * A partner's entries are the shop's own timeline (source `staff`, as the seed's are): the buyer
 * reads the partner as part of the shop, and the order desk reads the partner's name in the entry.
 */
export type ShipmentActor =
  | { kind: 'staff'; user: SessionUser }
  | { kind: 'partner'; user: SessionUser; businessId: number; businessName: string }
  | { kind: 'buyer'; name: string; userId: number | null }
  | { kind: 'system' };

const staffName = (user: SessionUser) => `${`${user.first_name} ${user.last_name}`.trim() || user.username} (@${user.username})`;

export function actorFields(actor: ShipmentActor): { source: 'staff' | 'buyer' | 'system'; actor_user_id: number | null; actor_name: string | null } {
  if (actor.kind === 'staff') return { source: 'staff', actor_user_id: actor.user.id, actor_name: staffName(actor.user) };
  if (actor.kind === 'partner') return { source: 'staff', actor_user_id: actor.user.id, actor_name: `${actor.businessName} (@${actor.user.username})` };
  if (actor.kind === 'buyer') return { source: 'buyer', actor_user_id: actor.userId, actor_name: actor.name };
  return { source: 'system', actor_user_id: null, actor_name: null };
}

/** Locks a shipment with its order, checks version and the move, or refuses with the reason. */
async function lockForMove(tx: DbOrTx, shipmentId: number, to: ShipmentStatus, version: number | undefined) {
  const found = await lockShipment(tx, shipmentId);
  if (!found) throw new AppError('NOT_FOUND', shipmentMessages.notFound);
  const { shipment, order } = found;
  if (order.status === 'cancelled') throw new AppError('CONFLICT', shipmentMessages.orderCancelled);
  if (version !== undefined && version !== shipment.version) throw new AppError('STALE_UPDATE', genericMessages.staleUpdate);
  if (to === 'cancelled') throw new AppError('UNPROCESSABLE', shipmentMessages.cancelWithOrder);
  if (paymentBlocksFulfilment(order)) throw new AppError('UNPROCESSABLE', shipmentMessages.unpaidShipment);
  const from = shipment.status as ShipmentStatus;
  if (!canMoveShipment(from, to)) throw new AppError('CONFLICT', shipmentMessages.cannotMove(from, to));
  return { shipment, order };
}

/**
 * The order's status after its shipments moved: shipped when every live shipment left, delivered
 * when every one was received. Never backwards from delivered, never out of cancelled.
 */
export async function followShipments(tx: DbOrTx, orderId: number, actor: ShipmentActor): Promise<void> {
  const order = await lockOrderForShipments(tx, orderId);
  if (!order || order.status === 'cancelled') return;
  const next = orderStatusFromShipments((await shipmentsOfOrder(tx, orderId)).map((s) => s.status as ShipmentStatus));
  if (!next || next === order.status || (order.status === 'delivered' && next === 'shipped')) return;
  await setOrderStatusOnly(tx, orderId, next);
  const who = actorFields(actor);
  await insertOrderEvent(tx, {
    order_id: orderId,
    actor_user_id: who.actor_user_id,
    actor_name: who.actor_name ?? (actor.kind === 'system' ? 'Sistem' : null),
    kind: 'status_changed',
    from_status: order.status,
    to_status: next,
    note: next === 'delivered' ? shipmentMessages.received : `Semua paket ${orderStatusLabel('shipped').toLowerCase()}.`,
  });
}

/** "Kirim": courier name and service may be corrected; a national courier needs its resi. */
export async function shipShipment(db: Db, shipmentId: number, input: ShipShipmentInput, user: SessionUser, now: Date): Promise<number> {
  return db.transaction((tx) => shipShipmentIn(tx, shipmentId, input, { kind: 'staff', user }, now));
}

/**
 * "Kirim" inside the caller's transaction, the one way a shipment leaves whoever sends it: the
 * order desk, or a partner's corner after it checked the shipment is all its own (issue 29). A partner's
 * send records its business (`shipped_by_business_id`: the shipping is owed to it, decision 053),
 * marks the parcel prepared if "Siapkan" was skipped, and names the partner in the timeline.
 */
export async function shipShipmentIn(tx: DbOrTx, shipmentId: number, input: ShipShipmentInput, actor: Extract<ShipmentActor, { kind: 'staff' | 'partner' }>, now: Date): Promise<number> {
  const { shipment } = await lockForMove(tx, shipmentId, 'shipped', input.version);
  const resi = input.tracking_number?.trim() || shipment.tracking_number || null;
  if (resiRequired(shipment.kind as ShipmentKind) && !resi) {
    // A rule of this shipment's courier, not of the body's shape: 422, as the unpaid refusal.
    throw new AppError('UNPROCESSABLE', shipmentMessages.resiRequired, { fields: { tracking_number: shipmentMessages.resiRequired } });
  }
  const name = input.courier_name?.trim() || shipment.courier_name || courierName(shipment.courier_code) || 'kurir';
  const partner = actor.kind === 'partner' ? actor : null;
  await updateShipment(tx, shipmentId, {
    status: 'shipped',
    courier_name: name,
    service: input.service?.trim() || shipment.service,
    tracking_number: resi,
    shipped_at: now,
    ...(partner ? { shipped_by_business_id: partner.businessId, prepared_at: shipment.prepared_at ?? now } : {}),
  });
  const description = [shipmentMessages.shipped(name, resi), partner ? shipmentMessages.sentByPartner(partner.businessName) : null, input.note].filter(Boolean).join(' ');
  await insertShipmentEvent(tx, { shipment_id: shipmentId, happened_at: now, status: 'shipped', description, ...actorFields(actor) });
  await followShipments(tx, shipment.order_id, actor);
  await queueBuyerMessage(tx, { kind: 'shipment_shipped', orderId: shipment.order_id, shipmentId });
  return shipment.order_id;
}

/** "Tandai sampai": the courier delivered it; the buyer's confirmation or the setting's days complete it. */
export async function deliverShipment(db: Db, shipmentId: number, input: { version?: number | undefined; note?: string | undefined }, user: SessionUser, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { shipment } = await lockForMove(tx, shipmentId, 'delivered', input.version);
    await updateShipment(tx, shipmentId, { status: 'delivered', delivered_at: now });
    await insertShipmentEvent(tx, { shipment_id: shipmentId, happened_at: now, status: 'delivered', description: [shipmentMessages.delivered, input.note].filter(Boolean).join(' '), ...actorFields({ kind: 'staff', user }) });
    await followShipments(tx, shipment.order_id, { kind: 'staff', user });
    await queueBuyerMessage(tx, { kind: 'shipment_delivered', orderId: shipment.order_id, shipmentId });
    return shipment.order_id;
  });
}

/** A staff timeline entry ("Transit di Semarang"); the status stays. */
export async function addShipmentEvent(db: Db, shipmentId: number, input: ShipmentEventInput, user: SessionUser, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await lockShipment(tx, shipmentId);
    if (!found) throw new AppError('NOT_FOUND', shipmentMessages.notFound);
    await insertShipmentEvent(tx, {
      shipment_id: shipmentId,
      happened_at: input.happened_at ? new Date(input.happened_at) : now,
      status: null,
      description: input.description,
      location: input.location ?? null,
      ...actorFields({ kind: 'staff', user }),
    });
    return found.shipment.order_id;
  });
}

/**
 * "Pesanan diterima": the buyer confirms one shipment of their order (the caller checked the
 * order is theirs). Twice is once: a received shipment answers as it is.
 */
export async function confirmReceived(db: Db, orderId: number, shipmentId: number, buyer: { name: string; userId: number | null }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await lockShipment(tx, shipmentId);
    if (!found || found.shipment.order_id !== orderId) throw new AppError('NOT_FOUND', shipmentMessages.notFound);
    const from = found.shipment.status as ShipmentStatus;
    if (from === 'received') return;
    if (found.order.status === 'cancelled' || from === 'cancelled') throw new AppError('CONFLICT', shipmentMessages.orderCancelled);
    if (!canMoveShipment(from, 'received')) throw new AppError('CONFLICT', shipmentMessages.notYetShipped);
    await updateShipment(tx, shipmentId, { status: 'received', received_at: now });
    const actor: ShipmentActor = { kind: 'buyer', ...buyer };
    await insertShipmentEvent(tx, { shipment_id: shipmentId, happened_at: now, status: 'received', description: shipmentMessages.received, ...actorFields(actor) });
    await followShipments(tx, orderId, actor);
  });
}

/**
 * The job's run: delivered shipments past the setting's days become received (a system event),
 * in batches; each batch claims its rows (SKIP LOCKED, conditional update), so processes running
 * this at once complete each shipment once. Answers the shipments completed.
 */
export async function completeDeliveredShipments(db: Db, now: Date, batch = 100): Promise<number[]> {
  const days = (await getSetting(db, 'payments'))?.shipment_auto_complete_days ?? defaultPaymentSettings.shipment_auto_complete_days;
  const done: number[] = [];
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await completeDueShipments(tx, now, days, batch);
      for (const row of rows) {
        await insertShipmentEvent(tx, { shipment_id: row.id, happened_at: now, status: 'received', description: shipmentMessages.autoReceived(days), source: 'system' });
      }
      for (const orderId of new Set(rows.map((r) => r.order_id))) await followShipments(tx, orderId, { kind: 'system' });
      return rows.map((r) => r.id);
    });
    done.push(...claimed);
    if (claimed.length < batch) return done;
  }
}

/** The order's cancel takes its open shipments with it (the order desk's status route; a timeline entry each). */
export async function cancelShipmentsOfOrder(tx: DbOrTx, orderId: number, now: Date, user: SessionUser | null): Promise<void> {
  for (const id of await cancelOpenShipments(tx, orderId)) {
    await insertShipmentEvent(tx, {
      shipment_id: id,
      happened_at: now,
      status: 'cancelled',
      description: 'Pesanan dibatalkan.',
      ...(user ? actorFields({ kind: 'staff', user }) : { source: 'system' }),
    });
  }
}

/**
 * "Batalkan" on the buyer's page: an unpaid order the buyer no longer wants. Stock comes back once;
 * a paid order is refused (its money goes back only through the shop's refund).
 */
export async function buyerCancelOrder(db: Db, orderId: number, buyer: { name: string; userId: number | null }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderPaymentFacts(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', shipmentMessages.notFound);
    if (order.status === 'cancelled') throw new AppError('CONFLICT', shipmentMessages.alreadyCancelled);
    if (order.payment_status !== 'unpaid') throw new AppError('UNPROCESSABLE', shipmentMessages.buyerCancelPaid);
    if (!(await cancelUnpaidOrder(tx, orderId))) throw new AppError('CONFLICT', shipmentMessages.alreadyCancelled);
    const returned = await returnOrderStock(tx, orderId);
    await cancelShipmentsOfOrder(tx, orderId, now, null);
    await insertOrderEvent(tx, {
      order_id: orderId,
      actor_user_id: buyer.userId,
      actor_name: buyer.name,
      kind: 'status_changed',
      from_status: order.status,
      to_status: 'cancelled',
      note: [shipmentMessages.buyerCancelNote, returned ? 'Stok dikembalikan.' : null].filter(Boolean).join(' '),
    });
  });
}

/**
 * A shipment's tracking: the courier's scans (when a tracker is configured and the shipment has
 * a national courier and a resi) merged by time with the shop's own timeline. A courier that
 * fails or is slow leaves the shop's timeline with a notice, never an error page.
 */
export async function shipmentTracking(db: Db, shipment: ShipmentRow, phone: string | null, tracker: Tracker | null): Promise<ShipmentTracking> {
  const own = (await eventsOfShipment(db, shipment.id)).map(toShipmentEvent);
  const traceable = tracker && shipment.kind === 'national' && shipment.courier_code && shipment.tracking_number && shipment.status !== 'packing';
  if (!traceable) return { shipment_id: shipment.id, source: 'staff', delivered: shipment.status === 'delivered' || shipment.status === 'received', notice: null, events: own };
  try {
    const waybill = await tracker.track({ courierCode: shipment.courier_code!, trackingNumber: shipment.tracking_number!, phone });
    // Courier scans have no row of their own: negative ids keep them apart from the shop's.
    const scans: ShipmentEvent[] = waybill.scans.map((s, i) => ({
      id: -(i + 1),
      happened_at: s.happenedAt.toISOString(),
      status: null,
      status_label: null,
      description: s.description,
      location: s.location,
      source: 'tracking',
    }));
    const events = [...own, ...scans].sort((a, b) => a.happened_at.localeCompare(b.happened_at) || a.id - b.id);
    return { shipment_id: shipment.id, source: 'rajaongkir', delivered: waybill.delivered, notice: null, events };
  } catch {
    return { shipment_id: shipment.id, source: 'staff', delivered: shipment.status === 'delivered' || shipment.status === 'received', notice: shipmentMessages.trackingUnavailable, events: own };
  }
}

/** A shipment of an order the caller may read (the route checked the order), with the recipient's phone for trackers that ask. */
export async function shipmentOfOrder(db: Db, orderId: number, shipmentId: number): Promise<{ shipment: ShipmentRow; phone: string | null }> {
  const shipment = await findShipment(db, shipmentId);
  if (!shipment || shipment.order_id !== orderId) throw new AppError('NOT_FOUND', shipmentMessages.notFound);
  const [order] = await getOrders(db, [orderId]);
  return { shipment, phone: order?.shipping_phone ?? order?.customer_phone ?? null };
}
