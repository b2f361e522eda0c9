/**
 * The partner's Pesanan (issue 29 §2, decisions 053 and 056): its shipments with only its own lines,
 * "Siapkan" and "Kirim". A shipment holding none of the partner's lines does not exist for it (404,
 * never 403: the corner must not confirm another partner's ids). "Kirim" is the order desk's own send
 * (shipments.service shipShipmentIn) so status, timeline, the order's status and the buyer's
 * message follow exactly as when the office ships.
 */
import { AppError } from '@pasar/core/errors';
import { partnerMessages } from '@pasar/core/partners';
import {
  PARTNER_SHIPMENT_PAGE_SIZE,
  isShipmentLate,
  orderCode,
  partnerShipmentFilterOf,
  partnerShipmentMessages,
  partnerShipmentRefusal,
  shipDeadline,
  type PartnerShipInput,
  type PartnerShipment,
  type PartnerShipmentList,
  type PartnerShipmentQuery,
} from '@pasar/core/partner-shipments';
import { courierName, resiRequired, shipmentStatusLabel, type ShipmentKind, type ShipmentStatus } from '@pasar/core/shipments';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../auth/session-user';
import { findPartnerBusiness } from '../partners/partners.service';
import { partnerProgram, storeTimeZone } from '../settings/settings.service';
import { actorFields, insertShipmentEvent, lockShipment, shipShipmentIn } from '../shipments/shipments.service';
import { linesOfShipments, markPrepared, paidTimes, partnerShipmentCounts, partnerShipmentHeads, partnerShipmentPage, type PartnerShipmentHead, type ShipmentLineRow } from './partner-shipments.repository';

export interface PartnerActor {
  user: SessionUser;
  businessId: number;
}

const notFound = () => new AppError('NOT_FOUND', partnerShipmentMessages.notFound);

/** A shipment in the corner's shape, or null when it holds none of the partner's lines. */
function toPartnerShipment(
  head: PartnerShipmentHead,
  lines: ShipmentLineRow[],
  businessId: number,
  context: { paidAt: Date | null; days: number; timeZone: string; now: Date },
): PartnerShipment | null {
  const { shipment: s, order: o } = head;
  const own = lines.filter((l) => l.shipment_id === s.id && l.business_id === businessId);
  if (own.length === 0) return null;
  // The store's own lines (no business) and another partner's make a shipment the office sends.
  const mixed = lines.some((l) => l.shipment_id === s.id && l.business_id !== businessId);
  const status = s.status as ShipmentStatus;
  const filter = partnerShipmentFilterOf(status, o.status);
  const refusal = partnerShipmentRefusal({ orderStatus: o.status, paymentStatus: o.payment_status, shipmentStatus: status, mixed });
  const deadline = context.paidAt ? shipDeadline(context.paidAt, context.days, context.timeZone) : null;
  return {
    id: s.id,
    order_id: o.id,
    order_code: orderCode(o.id),
    ordered_at: o.created_at.toISOString(),
    paid_at: context.paidAt?.toISOString() ?? null,
    buyer_name: o.shipping_name ?? o.customer_name ?? 'Pembeli',
    buyer_phone: o.shipping_phone ?? o.customer_phone ?? null,
    shipping_address: o.shipping_address,
    shipping_district: o.shipping_district,
    shipping_city: o.shipping_city,
    shipping_province: o.shipping_province,
    shipping_postcode: o.shipping_postcode,
    kind: s.kind as ShipmentKind,
    courier_name: s.courier_name ?? (courierName(s.courier_code) || (s.kind === 'pickup' ? 'Ambil sendiri' : 'Kurir')),
    service: s.service,
    status,
    status_label: filter === 'cancelled' ? shipmentStatusLabel('cancelled') : shipmentStatusLabel(status),
    filter,
    prepared_at: s.prepared_at?.toISOString() ?? null,
    shipped_at: s.shipped_at?.toISOString() ?? null,
    tracking_number: s.tracking_number,
    ship_by: deadline?.toISOString() ?? null,
    late: deadline ? isShipmentLate(deadline, filter, context.now) : false,
    resi_required: resiRequired(s.kind as ShipmentKind),
    shipped_by_partner: s.shipped_by_business_id === businessId,
    items: own.map((l) => ({
      id: l.id,
      product_name: l.product_name,
      variant_label: l.variant_label,
      options: l.selected_options.map((opt) => ({ group: opt.group, value: opt.value })),
      quantity: l.quantity,
    })),
    can_act: refusal === null,
    // Once the parcel is on its way there is nothing left to do, and nothing to explain.
    cannot_act_reason: refusal === null || filter === 'shipped' || filter === 'done' ? null : refusal,
    version: s.version,
  };
}

async function partnerShipmentsByIds(db: DbOrTx, businessId: number, ids: number[], now: Date): Promise<PartnerShipment[]> {
  const [heads, lines, program, timeZone] = await Promise.all([partnerShipmentHeads(db, ids), linesOfShipments(db, ids), partnerProgram(db), storeTimeZone(db)]);
  const paid = await paidTimes(db, [...new Set(heads.map((h) => h.order.id))]);
  const byId = new Map<number, PartnerShipment>();
  for (const head of heads) {
    const shown = toPartnerShipment(head, lines, businessId, { paidAt: paid.get(head.order.id) ?? null, days: program.ship_within_days, timeZone, now });
    if (shown) byId.set(shown.id, shown);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listPartnerShipments(db: Db, businessId: number, query: PartnerShipmentQuery, now: Date): Promise<PartnerShipmentList> {
  const counts = await partnerShipmentCounts(db, businessId);
  const ids = await partnerShipmentPage(db, businessId, query.status, PARTNER_SHIPMENT_PAGE_SIZE, (query.page - 1) * PARTNER_SHIPMENT_PAGE_SIZE);
  return { items: await partnerShipmentsByIds(db, businessId, ids, now), total: counts[query.status], page: query.page, page_size: PARTNER_SHIPMENT_PAGE_SIZE, counts };
}

/**
 * One shipment of the partner. An unpaid order's shipment is not listed, but a partner holding its
 * id (from a message, an old tab) reads it with the reason it cannot act yet.
 */
export async function getPartnerShipment(db: DbOrTx, businessId: number, shipmentId: number, now: Date): Promise<PartnerShipment> {
  const [shown] = await partnerShipmentsByIds(db, businessId, [shipmentId], now);
  if (!shown) throw notFound();
  return shown;
}

/** Locks the shipment (order first, as the order desk does) and refuses what the partner may not do, with the reason. */
async function lockOwn(tx: DbOrTx, businessId: number, shipmentId: number) {
  const found = await lockShipment(tx, shipmentId);
  if (!found) throw notFound();
  const lines = (await linesOfShipments(tx, [shipmentId])).filter((l) => l.shipment_id === shipmentId);
  if (!lines.some((l) => l.business_id === businessId)) throw notFound();
  const mixed = lines.some((l) => l.business_id !== businessId);
  return { ...found, mixed };
}

function refuse(reason: string): never {
  // The parcel already gone or the order cancelled is a state that moved on (409); a rule of this
  // shipment (unpaid, mixed) is 422, as the order desk answers an unpaid send.
  const conflict = reason === partnerShipmentMessages.alreadyShipped || reason === partnerShipmentMessages.orderCancelled || reason === partnerShipmentMessages.refunded;
  throw new AppError(conflict ? 'CONFLICT' : 'UNPROCESSABLE', reason);
}

async function partnerName(db: DbOrTx, businessId: number): Promise<string> {
  const business = await findPartnerBusiness(db, businessId);
  if (!business) throw new AppError('FORBIDDEN', partnerMessages.noBusiness);
  return business.name;
}

/**
 * "Siapkan": the partner is packing it. Twice is once (the first time stays, one timeline entry).
 * A prepared parcel already sent answers as it is; one never prepared and already gone is refused.
 */
export async function preparePartnerShipment(db: Db, actor: PartnerActor, shipmentId: number, now: Date): Promise<PartnerShipment> {
  const businessName = await partnerName(db, actor.businessId);
  await db.transaction(async (tx) => {
    const { shipment, order, mixed } = await lockOwn(tx, actor.businessId, shipmentId);
    const status = shipment.status as ShipmentStatus;
    const refusal = partnerShipmentRefusal({ orderStatus: order.status, paymentStatus: order.payment_status, shipmentStatus: status, mixed });
    if (shipment.prepared_at && (refusal === null || refusal === partnerShipmentMessages.alreadyShipped)) return;
    if (refusal) refuse(refusal);
    if (!(await markPrepared(tx, shipmentId, now))) return;
    await insertShipmentEvent(tx, {
      shipment_id: shipmentId,
      happened_at: now,
      status: null,
      description: partnerShipmentMessages.preparedEvent(businessName),
      ...actorFields({ kind: 'partner', user: actor.user, businessId: actor.businessId, businessName }),
    });
  });
  return getPartnerShipment(db, actor.businessId, shipmentId, now);
}

/** "Kirim" with the resi: the partner's own, paid, unmixed parcel, sent by the order desk's one send. */
export async function shipPartnerShipment(db: Db, actor: PartnerActor, shipmentId: number, input: PartnerShipInput, now: Date): Promise<PartnerShipment> {
  const businessName = await partnerName(db, actor.businessId);
  await db.transaction(async (tx) => {
    const { shipment, order, mixed } = await lockOwn(tx, actor.businessId, shipmentId);
    const refusal = partnerShipmentRefusal({ orderStatus: order.status, paymentStatus: order.payment_status, shipmentStatus: shipment.status as ShipmentStatus, mixed });
    if (refusal) refuse(refusal);
    await shipShipmentIn(
      tx,
      shipmentId,
      { ...(input.tracking_number ? { tracking_number: input.tracking_number } : {}), ...(input.version !== undefined ? { version: input.version } : {}) },
      { kind: 'partner', user: actor.user, businessId: actor.businessId, businessName },
      now,
    );
  });
  return getPartnerShipment(db, actor.businessId, shipmentId, now);
}
