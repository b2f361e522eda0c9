/**
 * Orders as the buyer reads them back: their own, one through its link, a guest's by e-mail
 * (docs/requirements/storefront.md §7). Placing one is the checkout workflow's
 * (features/checkout/place-order.ts, decision 075); the steps of it that are the orders feature's
 * own are here: readCheckout (its context read and the Idempotency-Key), the limits and the unpaid
 * caps of checkRules, orderRows and writeOrder.
 */
import { createHash } from 'node:crypto';
import { randomToken } from '../../lib/random';
import { AppError } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import { checkoutMessages, type Order, type OrderPayload } from '@pasar/core/checkout';
import { INT4_MAX } from '@pasar/core/common';
import { capAddressKey, capEmailKey, orderUnits, paymentMessages, type PaymentSettings } from '@pasar/core/payments';
import type { PricedLine } from '@pasar/core/pricing';
import type { Db } from '../../db/client';
import { uniqueViolationConstraint } from '../../db/errors';
import type { StatementPart } from '../../lib/statement-part';
import { soldOutError } from '../stock/stock.service';
import {
  findOrderIdByAccessToken,
  findOrderIdByIdempotencyKey,
  findOrderOwner,
  listOrderIdsOfUser,
  loadCheckoutContext,
  loadOrders,
  reserveOrderId,
  toOrder,
  toShipment,
  UnpaidCapReached,
  type CapName,
  type CheckoutContext,
  type IdempotentOrder,
  type OrderItemRow,
  type OrderRow,
  type PlacedOrder,
  type PaymentView,
  type ShipmentRow,
  type UnpaidCounts,
  type UnpaidKeys,
} from './orders.repository';
import { writeOrderInBatch } from './order-write-batch';

/** The orders feature's part of a checkout (decision 075) and of a point-of-sale sale. */
export {
  cancelUnpaidOrder,
  insertOrderWithItems,
  loadProductsForOrder,
  type CheckoutContext,
  type ProductForOrder,
  type UnpaidKeys,
} from './orders.repository';
export { insertOrderEvent } from './admin-orders.repository';

export const orderMessages = {
  unknownShipping: 'Layanan pengiriman yang dipilih tidak tersedia. Pilih ulang layanan pengiriman.',
  unknownPayment: 'Metode pembayaran tidak dikenal. Silakan pilih metode lain.',
  amountOutOfRange: (name: string, min: number, max: number) => `${name} hanya untuk pembayaran ${formatRupiah(min)} sampai ${formatRupiah(max)}.`,
  notFound: 'Pesanan tidak ditemukan.',
  idempotencyConflict: 'Kunci Idempotency-Key ini sudah dipakai untuk pesanan lain.',
  // Not in the spec (issue 14): the same key sent again with another order's content.
  idempotencyMismatch: 'Kunci Idempotency-Key ini sudah dipakai untuk pesanan dengan isi berbeda. Muat ulang halaman, lalu kirim pesanan lagi.',
  // Not in the spec (issue 14): the guest lookup's throttle.
  tooManyLookups: (seconds: number) => `Terlalu banyak percobaan mencari pesanan. Coba lagi dalam ${Math.ceil(seconds / 60)} menit.`,
};

export async function getOrders(db: Db, ids: number[]): Promise<Order[]> {
  return loadOrders(db, ids);
}

export async function myOrders(db: Db, userId: number): Promise<Order[]> {
  return loadOrders(db, await listOrderIdsOfUser(db, userId));
}

export async function myOrderId(db: Db, userId: number, orderId: number): Promise<number> {
  const owner = await findOrderOwner(db, orderId);
  if (!owner || owner.user_id !== userId) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return orderId;
}

export async function myOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  await myOrderId(db, userId, orderId);
  return orderById(db, orderId);
}

export async function orderById(db: Db, orderId: number): Promise<Order> {
  const [order] = await loadOrders(db, [orderId]);
  if (!order) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return order;
}

/** The order behind an unguessable link; any unknown token is the same 404. */
export async function orderIdByToken(db: Db, token: string): Promise<number> {
  const id = await findOrderIdByAccessToken(db, token);
  if (id === undefined) throw new AppError('NOT_FOUND', paymentMessages.accessNotFound);
  return id;
}

/** A guest reads an order with its id and the e-mail used; any mismatch is the same 404. */
export async function lookupGuestOrder(db: Db, orderId: number, email: string): Promise<Order> {
  const owner = await findOrderOwner(db, orderId);
  if (!owner || !owner.guest_email || owner.guest_email.toLowerCase() !== email.trim().toLowerCase()) {
    throw new AppError('NOT_FOUND', orderMessages.notFound);
  }
  return orderById(db, orderId);
}

/** JSON with every object's keys sorted, so one payload always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Who places an order: an account, or a guest (null). */
export type Buyer = { id: number; email: string } | null;

/**
 * Issue 14: an Idempotency-Key is bound to its caller and to what was sent, so a repeat answers the
 * same order only to the same buyer sending the same order (a guest is known by the payload, which
 * carries the e-mail and address).
 */
export function idempotencyFingerprint(payload: OrderPayload, user: Buyer): string {
  return createHash('sha256').update(canonicalJson({ user_id: user?.id ?? null, payload })).digest('hex');
}

/** An order's Idempotency-Key as the checkout sends it: the key, the buyer and the payload's fingerprint. */
export interface IdempotencyClaim {
  key: string;
  user: Buyer;
  fingerprint: string;
}

/** The order already placed with the key, when it is the same buyer's same order; another buyer's or another order's is refused. */
async function earlierOrder(db: Db, claim: IdempotencyClaim, read?: IdempotentOrder | null): Promise<Order | undefined> {
  const found = read === undefined ? await findOrderIdByIdempotencyKey(db, claim.key) : read;
  if (!found) return undefined;
  const sameBuyer = claim.user ? found.user_id === claim.user.id : found.user_id === null;
  if (!sameBuyer) throw new AppError('CONFLICT', orderMessages.idempotencyConflict);
  // Orders placed before the fingerprint existed are matched by buyer alone.
  if (found.fingerprint !== null && found.fingerprint !== claim.fingerprint) throw new AppError('UNPROCESSABLE', orderMessages.idempotencyMismatch);
  const [order] = await getOrders(db, [found.id]);
  return order;
}

/**
 * The keys a storefront order's unpaid-order caps count by (decision 045): the account, the buyer's
 * e-mail (the account's when signed in) and the shipping address, normalised by core so `+tag`,
 * Gmail's dots, "Jl."/"Jalan", "No. 07" or an added RT/RW do not make another buyer.
 */
export function unpaidKeysOf(payload: OrderPayload, user: Buyer): UnpaidKeys {
  const email = capEmailKey(user?.email ?? payload.guest_email ?? '');
  const address = capAddressKey(payload.shipping_address ?? '');
  const districtId = payload.shipping_district_id;
  return {
    userId: user?.id ?? null,
    email: email === '' || email === '@' ? null : email,
    address: address === '' ? null : address,
    // Before the destination is checked the district is only what was sent: a usable id or none.
    districtId: Number.isSafeInteger(districtId) && (districtId as number) > 0 && (districtId as number) <= INT4_MAX ? (districtId as number) : null,
  };
}

/**
 * Checkout step readCheckout (issue 15: one statement): the cart's products, the buyer's open unpaid
 * orders, an earlier order of the Idempotency-Key and the new order's ids, with the other features'
 * parts. An earlier order of the same key, buyer and payload is the answer (`earlier`).
 */
export async function readCheckout<P extends Record<string, StatementPart<unknown>>>(
  db: Db,
  input: {
    payload: OrderPayload;
    /** A quote reserves no ids for items or shipments and counts no unpaid orders. */
    quote: boolean;
    capKeys: UnpaidKeys;
    idempotency: IdempotencyClaim | undefined;
    parts: { [K in keyof P]: P[K] | null };
    /** The id a checkout quote reserved (its kode unik was shown). */
    reservedOrderId: number | undefined;
  },
): Promise<{ earlier: Order } | { context: CheckoutContext<P> }> {
  const { payload, quote } = input;
  const context = await loadCheckoutContext<P>(db, {
    productIds: [...new Set(payload.order_items.map((i) => i.product_id))],
    itemCount: quote ? 0 : payload.order_items.length,
    shipmentCount: quote ? 0 : undefined,
    unpaid: quote ? null : input.capKeys,
    idempotencyKey: quote ? undefined : input.idempotency?.key,
    parts: input.parts,
    reservedOrderId: quote ? undefined : input.reservedOrderId,
  });
  if (!quote && input.idempotency) {
    const existing = await earlierOrder(db, input.idempotency, context.existing);
    if (existing) return { earlier: existing };
  }
  return { context };
}

/**
 * Checkout step, of checkRules: the payment settings' limits of one unpaid order, per line and in
 * all (issue 26: the line cap alone let 100 lines of 50 hold 5,000 units in one unpaid order).
 */
export function checkOrderLimits(lines: readonly PricedLine[], settings: PaymentSettings): void {
  const tooMany = lines.find((l) => l.quantity > settings.max_line_quantity);
  if (tooMany) throw new AppError('BAD_REQUEST', paymentMessages.lineQuantityTooLarge(tooMany.product_name, settings.max_line_quantity), { fields: { order_items: paymentMessages.lineQuantityTooLarge(tooMany.product_name, settings.max_line_quantity) } });
  const units = orderUnits(lines);
  if (units > settings.max_order_units) {
    const message = paymentMessages.orderUnitsTooLarge(units, settings.max_order_units);
    throw new AppError('BAD_REQUEST', message, { fields: { order_items: message } });
  }
}

function capMessage(cap: CapName, count: number): string {
  if (cap === 'account') return paymentMessages.tooManyUnpaidAccount(count);
  return cap === 'email' ? paymentMessages.tooManyUnpaidEmail(count) : paymentMessages.tooManyUnpaidAddress(count);
}

/**
 * Checkout step, of checkRules (issue 13 §7, issue 26): unpaid orders cost nothing to place, so a
 * buyer's open unpaid ones are capped per account, per e-mail and per address. This reads the
 * counts of the context statement, to refuse before shipping is quoted; writeOrder counts again
 * under its locks, which is what parallel requests cannot pass. Caps count orders, and a cart of
 * several origins is one order, whatever its shipments.
 */
export function checkUnpaidCaps(open: UnpaidCounts, signedIn: boolean, settings: PaymentSettings): void {
  if (signedIn && open.byAccount >= settings.max_unpaid_per_account) throw new AppError('RATE_LIMITED', capMessage('account', open.byAccount));
  if (open.byEmail >= settings.max_unpaid_per_email) throw new AppError('RATE_LIMITED', capMessage('email', open.byEmail));
  if (open.byAddress >= settings.max_unpaid_per_address) throw new AppError('RATE_LIMITED', capMessage('address', open.byAddress));
}

/**
 * The new order's id, which decides its kode unik: the one the context read took, or the quote's
 * it reserved; a quote's id an order already has, or the sequence never gave out, is replaced.
 */
export async function newOrderId(db: Db, context: Pick<CheckoutContext, 'orderId' | 'reservedUsed'>): Promise<number> {
  return context.reservedUsed ? reserveOrderId(db) : context.orderId;
}

/** The unguessable token of an order's own page (its link). */
export function newAccessToken(): string {
  return randomToken(32, 'hex');
}

/** One origin group's shipping, recomputed (decision 049). */
export interface GroupShipping {
  kind: 'national' | 'local_courier';
  cost: number;
  /** The national courier's code, or the local courier's name (the order's shipping_courier, as before). */
  courier: string | null;
  courierCode: string | null;
  courierName: string | null;
  service: string | null;
  weight: number;
  breakdown: Record<string, unknown>;
}

/** One origin group of a priced checkout, its shipping quoted: the order's shipment. */
export interface PricedShipment {
  position: number;
  origin: number | null;
  label: string | null;
  /** Indexes of the group's lines in the cart. */
  indexes: number[];
  shipping: GroupShipping;
}

type AreaName = { id: number; name: string };

/** A payment written with its order (a provider that answers without the network). */
export type OrderPaymentRow = Omit<PaymentView, 'paid_at' | 'proof_status' | 'proof_uploaded_at' | 'rejection_reason' | 'verified_at' | 'reversed_at' | 'reversed_by' | 'reversal_reason'> & {
  order_id: number;
  merchant_ref: string;
  channel_code: string | null;
};

/** A storefront order as built in memory before its write. */
export interface OrderRows {
  order: OrderRow;
  shipments: ShipmentRow[];
  items: OrderItemRow[];
  payment: OrderPaymentRow | null;
  /** The answer, built from what will be written, not read back (docs/decisions/036-checkout-and-back-office-at-scale.md). */
  placed: Order;
}

/**
 * Checkout step orderRows: the order, one shipment per origin group (decision 049) and its items,
 * with the ids and the clock its context statement read.
 */
export function orderRows(input: {
  orderId: number;
  context: Pick<CheckoutContext, 'itemIds' | 'shipmentIds' | 'now'>;
  payload: OrderPayload;
  user: Buyer;
  area: { province: AreaName; city: AreaName; district: AreaName };
  lines: PricedLine[];
  groups: PricedShipment[];
  amounts: { subtotal: number; shippingCost: number; fee: number; uniqueCode: number; total: number };
  payment: OrderPaymentRow | null;
  dueAt: Date;
  accessToken: string;
  capKeys: UnpaidKeys;
  idempotency: IdempotencyClaim | undefined;
}): OrderRows {
  const { orderId, context, payload, area, groups, amounts, payment } = input;
  const buyerEmail = input.user?.email ?? payload.guest_email ?? '';
  const first = groups[0]?.shipping;
  // One shipment reads as before; several name each courier once, in the shipments' order.
  const joined = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].join(' + ') || null;
  const order: OrderRow = {
    id: orderId,
    user_id: input.user?.id ?? null,
    guest_email: input.user ? null : payload.guest_email,
    status: 'pending',
    order_type: 'online',
    payment_method: payload.payment_method,
    payment_status: 'unpaid',
    payment_reference: null,
    subtotal_amount: amounts.subtotal,
    shipping_cost: amounts.shippingCost,
    payment_fee: amounts.fee,
    total_amount: amounts.total,
    cash_received: null,
    change_due: null,
    notes: payload.notes ?? null,
    customer_name: payload.shipping_name ?? null,
    customer_phone: payload.shipping_phone ?? null,
    customer_email: buyerEmail || null,
    shipping_name: payload.shipping_name ?? null,
    shipping_phone: payload.shipping_phone ?? null,
    shipping_address: payload.shipping_address ?? null,
    // The names of the area data, not the ones sent.
    shipping_province_id: area.province.id,
    shipping_province: area.province.name,
    shipping_city_id: area.city.id,
    shipping_city: area.city.name,
    shipping_district_id: area.district.id,
    shipping_district: area.district.name,
    shipping_postcode: payload.shipping_postcode ?? null,
    shipping_courier: groups.length === 1 ? (first?.courier ?? null) : joined(groups.map((g) => g.shipping.courierName)),
    shipping_service: groups.length === 1 ? (first?.service ?? null) : joined(groups.map((g) => g.shipping.service)),
    shipping_cost_breakdown: groups.length === 1 ? (first?.breakdown ?? {}) : { type: 'shipments', shipments: groups.map((g) => g.shipping.breakdown) },
    idempotency_key: input.idempotency?.key ?? null,
    idempotency_fingerprint: input.idempotency ? input.idempotency.fingerprint : null,
    stock_held: true,
    access_token: input.accessToken,
    unique_code: amounts.uniqueCode,
    payment_due_at: input.dueAt,
    cap_email: input.capKeys.email,
    cap_address: input.capKeys.address,
    version: 1,
    created_at: context.now,
    updated_at: context.now,
  };
  const shipments: ShipmentRow[] = groups.map((g, i) => ({
    id: context.shipmentIds[i] as number,
    order_id: orderId,
    position: g.position,
    origin_district_id: g.origin,
    origin_label: g.label,
    kind: g.shipping.kind,
    courier_code: g.shipping.courierCode,
    courier_name: g.shipping.courierName,
    service: g.shipping.service,
    cost: g.shipping.cost,
    weight_grams: g.shipping.weight,
    cost_breakdown: g.shipping.breakdown,
    status: 'packing',
    tracking_number: null,
    shipped_at: null,
    delivered_at: null,
    received_at: null,
    prepared_at: null,
    shipped_by_business_id: null,
    version: 1,
    created_at: context.now,
    updated_at: context.now,
  }));
  const shipmentOfLine = new Map(groups.flatMap((g, i) => g.indexes.map((index) => [index, shipments[i]!.id] as const)));
  const items: OrderItemRow[] = input.lines.map((l, i) => ({
    id: context.itemIds[i] as number,
    order_id: orderId,
    product_id: l.product_id,
    product_name: l.product_name,
    variant_label: l.variant_label,
    selected_options: l.selected_options,
    quantity: l.quantity,
    price: l.price,
    line_total: l.line_total,
    shipment_id: shipmentOfLine.get(i) ?? null,
  }));
  const placed = toOrder(
    order,
    items,
    payment ? { paid_at: null, proof_status: 'none', proof_uploaded_at: null, rejection_reason: null, verified_at: null, reversed_at: null, reversed_by: null, reversal_reason: null, ...payment } : undefined,
    shipments.map((row) => toShipment(row, items, [])),
  );
  return { order, shipments, items, payment, placed };
}

function isIdempotencyViolation(error: unknown): boolean {
  return uniqueViolationConstraint(error)?.includes('idempotency') ?? false;
}

/**
 * Checkout step writeOrder: one statement, its own transaction, writes the order with its
 * shipments, items, payment and e-mails, and takes the stock (stock's part) under the unpaid caps
 * counted again under their locks (decision 045); with other checkouts' orders when some are
 * waiting to be written (the write batch, decision 080). Answers the order of the same Idempotency-Key
 * when another submit of it won the race, else null.
 */
export async function writeOrder(
  db: Db,
  rows: OrderRows,
  mails: PlacedOrder['mails'],
  caps: UnpaidKeys & { districtId: number; settings: PaymentSettings },
  idempotency: IdempotencyClaim | undefined,
): Promise<Order | null> {
  try {
    await writeOrderInBatch(db, {
      placed: { order: rows.order, shipments: rows.shipments, items: rows.items, payment: rows.payment, mails },
      lines: rows.items.map((l) => ({ productId: l.product_id, variantLabel: l.variant_label, quantity: l.quantity, name: l.product_name })),
      caps: {
        userId: caps.userId,
        email: caps.email,
        address: caps.address,
        districtId: caps.districtId,
        maxAccount: caps.settings.max_unpaid_per_account,
        maxEmail: caps.settings.max_unpaid_per_email,
        maxAddress: caps.settings.max_unpaid_per_address,
      },
    });
    return null;
  } catch (error) {
    const soldOut = soldOutError(error);
    if (soldOut !== error) throw soldOut;
    // Two submits with one key raced: the other one won; answer with its order. The caps are counted before the
    // insert, so the loser may instead have found the winner's order filling a cap.
    if (idempotency && (isIdempotencyViolation(error) || error instanceof UnpaidCapReached)) {
      const existing = await earlierOrder(db, idempotency);
      if (existing) return existing;
    }
    if (error instanceof UnpaidCapReached) throw new AppError('RATE_LIMITED', capMessage(error.cap, error.count));
    // Two orders raced for one quote's id: the loser places again with a new quote.
    if (uniqueViolationConstraint(error) === 'orders_pkey') throw new AppError('CONFLICT', checkoutMessages.quoteUsed);
    throw error;
  }
}
