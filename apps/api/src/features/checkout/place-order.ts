/**
 * Checkout as a workflow (decision 075): placing an order (docs/requirements/storefront.md §3, §4, §7;
 * issue 13) in named steps, each a call to the feature that owns it, passing typed values.
 *
 * 1. readCheckout: one statement reads the cart's products, the settings (settings' part), the
 *    buyer's open unpaid orders, an earlier order of the Idempotency-Key, the local courier prices
 *    (couriers' part) and the new order's ids (orders).
 * 2. checkRules: core's ordered checkout rules, then the area (locations), the chosen payment
 *    (payments), the limits, the stock and the unpaid caps, in the order they always ran.
 * 3. priceShipping: one quote per origin group (couriers, shipping); then the fee and the kode unik.
 * 4. preparePayment: the payment request; a local provider's payment is made now (payments).
 * 5. orderRows: the order, its shipments and items, and its e-mails (mail), built in memory.
 * 6. writeOrder: one statement, its own transaction, writes them all and takes the stock (orders,
 *    with stock's part): nothing is written unless everything is.
 * 7. payAfterCommit: a network gateway is asked after the commit; when it fails the order is
 *    cancelled with its stock returned (orders, stock), else its e-mails are queued (mail).
 *
 * The server is the source of truth: lines are priced by core's shared `priceLines`, shipping is
 * re-quoted, the fee and the kode unik are added here. An Idempotency-Key makes a double submit one order.
 */
import { createHash, randomBytes } from 'node:crypto';
import { checkoutError, checkoutMessages, customerFee, firstLocalOnly, groupByOrigin, originLabel, shippingWeight, type Order, type OrderPayload, type OrderQuote } from '@pasar/core/checkout';
import { INT4_MAX, totalTooLarge, totalTooLargeMessage } from '@pasar/core/common';
import { AppError, genericMessages } from '@pasar/core/errors';
import type { SettingValue } from '@pasar/core/settings';
import { DEFAULT_TIME_ZONE } from '@pasar/core/time';
import { capAddressKey, capEmailKey, defaultPaymentSettings, orderPath, orderUnits, paymentMessages, uniqueCodeFor, type PaymentSettings } from '@pasar/core/payments';
import { posPriceConflict } from '@pasar/core/pos';
import { firstShortage, priceLines, subtotalOf, type PricedLine } from '@pasar/core/pricing';
import { courierName } from '@pasar/core/shipments';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { uniqueViolationConstraint } from '../../db/errors';
import { ProviderFailure } from '../../integrations/http';
import type { PaymentProvider, PaymentRequest } from '../../integrations/payments/provider';
import type { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';
import type { SessionUser } from '../../auth/session-user';
import { localPriceCandidatesPart, type LocalPriceCandidate } from '../couriers/couriers.service';
import { localCourierOptions } from '../couriers/local-options';
import { checkDestination, type CheckedDestination } from '../locations/locations.service';
import { orderPlacedMails, queueOrderPlacedMails, storeMailContext } from '../mail/mail.service';
import { choosePayment, type ChosenPayment } from '../payments/payment-providers';
import { createOrderPayment, newOrderPayment } from '../payments/payments.service';
import { bankAccountsFrom, settingsPart } from '../settings/settings.service';
import { quoteNationalShipping } from '../shipping/shipping.service';
import { InsufficientStock } from '../stock/stock.service';
import {
  cancelUnpaidOrder,
  findOrderIdByIdempotencyKey,
  getOrders,
  loadCheckoutContext,
  orderMessages,
  reserveOrderId,
  toOrder,
  toShipment,
  UnpaidCapReached,
  writePlacedOrder,
  type CapName,
  type CheckoutContext,
  type IdempotentOrder,
  type OrderItemRow,
  type OrderRow,
  type ProductForOrder,
  type ShipmentRow,
  type UnpaidCounts,
  type UnpaidKeys,
} from '../orders/orders.service';
import { quoteToken, readQuoteToken } from '../orders/quote-token';


export interface OrderContext {
  user: SessionUser | null;
  idempotencyKey?: string | undefined;
  origin: string;
  now: Date;
  config: Config;
  rajaongkir?: RajaOngkirClient | undefined;
  /** The request carried a session token that is no longer valid (issue 28: 401, not the guest e-mail rule). */
  staleSession?: boolean | undefined;
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

/**
 * Issue 14: an Idempotency-Key is bound to its caller and to what was sent, so a repeat answers the
 * same order only to the same buyer sending the same order (a guest is known by the payload, which
 * carries the e-mail and address).
 */
export function idempotencyFingerprint(payload: OrderPayload, user: SessionUser | null): string {
  return createHash('sha256').update(canonicalJson({ user_id: user?.id ?? null, payload })).digest('hex');
}

async function existingForKey(db: Db, key: string, ctx: OrderContext, fingerprint: string, read?: IdempotentOrder | null): Promise<Order | undefined> {
  const found = read === undefined ? await findOrderIdByIdempotencyKey(db, key) : read;
  if (!found) return undefined;
  const sameBuyer = ctx.user ? found.user_id === ctx.user.id : found.user_id === null;
  if (!sameBuyer) throw new AppError('CONFLICT', orderMessages.idempotencyConflict);
  // Orders placed before the fingerprint existed are matched by buyer alone.
  if (found.fingerprint !== null && found.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE', orderMessages.idempotencyMismatch);
  const [order] = await getOrders(db, [found.id]);
  return order;
}

/** One origin group's shipping, recomputed (decision 049). */
interface Shipping {
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

/** The spec's single shipping choice, or a group's own (payload.shipments). */
type Choice = Pick<OrderPayload, 'shipping_courier' | 'shipping_service' | 'shipping_cost_breakdown'>;

const choiceMade = (c: Choice) => Boolean(c.shipping_cost_breakdown?.type) && (c.shipping_cost_breakdown?.type === 'local_courier' || Boolean(c.shipping_courier && c.shipping_service));

/**
 * One group's shipping, recomputed: a local courier's price for the district, or the national quote
 * from the group's origin for the group's weight. The destination is the checked one: a local courier
 * is priced by the district's real city (issue 14). A group holding a "hanya kirim lokal" product
 * refuses a national courier (issue 28).
 */
async function quoteShipping(
  db: Db,
  choice: Choice,
  area: CheckedDestination,
  group: { origin: number | null; weight: number; label: string | null; localOnly: ProductForOrder | null },
  ctx: OrderContext,
  store: SettingValue<'store_location'> | undefined,
  /** The local courier prices read with the checkout's context, and the district they were read for. */
  localPrices: { districtId: number | undefined; candidates: LocalPriceCandidate[] | null },
): Promise<Shipping> {
  const breakdown = choice.shipping_cost_breakdown;
  const destination = area.district.id;
  const weight = group.weight;
  if (breakdown?.type === 'local_courier') {
    const candidates = localPrices.districtId === destination && localPrices.candidates !== null ? localPrices.candidates : undefined;
    const options = await localCourierOptions(db, { cityId: area.city.id, district: area.district }, store ?? null, candidates);
    const chosen = options.find((o) => o.courier_id === breakdown.courier_id && o.price_id === breakdown.price_id);
    if (!chosen) throw new AppError('UNPROCESSABLE', orderMessages.unknownShipping);
    return {
      kind: 'local_courier',
      cost: chosen.effective_price,
      courier: chosen.courier_name,
      courierCode: null,
      courierName: chosen.courier_name,
      service: `Kurir lokal (same-day) · ${chosen.region}`,
      weight,
      breakdown: { type: 'local_courier', courier_id: chosen.courier_id, price_id: chosen.price_id, cost: chosen.effective_price },
    };
  }
  if (group.localOnly) {
    const message = checkoutMessages.localOnly(group.localOnly.name, group.label ?? area.district.name);
    throw new AppError('UNPROCESSABLE', message, { fields: { shipping_service: message } });
  }
  const origin = group.origin;
  if (!origin) throw new AppError('UNPROCESSABLE', checkoutMessages.storeLocationIncomplete);
  const options = await quoteNationalShipping(
    db,
    { originDistrictId: origin, destinationDistrictId: destination, weightGrams: weight, couriers: [String(choice.shipping_courier)] },
    ctx.rajaongkir,
  );
  const chosen = options.find((o) => o.courier_code === choice.shipping_courier?.toLowerCase() && o.service === choice.shipping_service);
  if (!chosen) throw new AppError('UNPROCESSABLE', orderMessages.unknownShipping);
  return {
    kind: 'national',
    cost: chosen.cost,
    courier: chosen.courier_code,
    courierCode: chosen.courier_code,
    courierName: courierName(chosen.courier_code),
    service: chosen.service,
    weight,
    breakdown: { type: 'national', courier_code: chosen.courier_code, service: chosen.service, weight, origin_district_id: origin, cost: chosen.cost },
  };
}

/**
 * The keys a storefront order's unpaid-order caps count by (decision 045): the account, the buyer's
 * e-mail (the account's when signed in) and the shipping address, normalised by core so `+tag`,
 * Gmail's dots, "Jl."/"Jalan", "No. 07" or an added RT/RW do not make another buyer.
 */
function unpaidKeysOf(payload: OrderPayload, user: SessionUser | null, districtId: unknown): UnpaidKeys {
  const email = capEmailKey(user?.email ?? payload.guest_email ?? '');
  const address = capAddressKey(payload.shipping_address ?? '');
  return {
    userId: user?.id ?? null,
    email: email === '' || email === '@' ? null : email,
    address: address === '' ? null : address,
    // Before the destination is checked the district is only what was sent: a usable id or none.
    districtId: Number.isSafeInteger(districtId) && (districtId as number) > 0 && (districtId as number) <= INT4_MAX ? (districtId as number) : null,
  };
}

function capMessage(cap: CapName, count: number): string {
  if (cap === 'account') return paymentMessages.tooManyUnpaidAccount(count);
  return cap === 'email' ? paymentMessages.tooManyUnpaidEmail(count) : paymentMessages.tooManyUnpaidAddress(count);
}

/**
 * Issue 13 §7, issue 26: unpaid orders cost nothing to place, so a buyer's open unpaid ones are
 * capped per account, per e-mail and per address. This reads the counts of the checkout's context
 * statement, to refuse before shipping is quoted; the writing statement counts again under its
 * locks (writePlacedOrder), which is what parallel requests cannot pass.
 */
function checkUnpaidCaps(open: UnpaidCounts, ctx: OrderContext, settings: PaymentSettings): void {
  if (ctx.user && open.byAccount >= settings.max_unpaid_per_account) throw new AppError('RATE_LIMITED', capMessage('account', open.byAccount));
  if (open.byEmail >= settings.max_unpaid_per_email) throw new AppError('RATE_LIMITED', capMessage('email', open.byEmail));
  if (open.byAddress >= settings.max_unpaid_per_address) throw new AppError('RATE_LIMITED', capMessage('address', open.byAddress));
}

function paymentItems(lines: PricedLine[], shipping: number, fee: number, uniqueCode: number): PaymentRequest['items'] {
  return [
    ...lines.map((l) => ({ name: l.product_name, price: l.price, quantity: l.quantity })),
    ...(shipping > 0 ? [{ name: 'Ongkos kirim', price: shipping, quantity: 1 }] : []),
    ...(fee > 0 ? [{ name: 'Biaya pembayaran', price: fee, quantity: 1 }] : []),
    ...(uniqueCode > 0 ? [{ name: 'Kode unik', price: uniqueCode, quantity: 1 }] : []),
  ];
}

/** The settings a checkout reads with its products, in one statement. */
const checkoutSettingKeys = ['payments', 'store_location', 'bank_account', 'store_profile', 'time_zone'] as const;
type CheckoutSettingKey = (typeof checkoutSettingKeys)[number];

/** The other features' parts of the checkout's context statement. */
type CheckoutParts = { settings: ReturnType<typeof settingsPart<CheckoutSettingKey>>; localPrices: ReturnType<typeof localPriceCandidatesPart> };

/** One origin group of a priced checkout, its shipping quoted (decision 049). */
interface PricedShipment {
  position: number;
  origin: number | null;
  label: string | null;
  /** Indexes of the group's lines in the cart. */
  indexes: number[];
  shipping: Shipping;
}

/** A checkout priced by the server: everything a quote shows and an order writes. */
interface PricedCheckout {
  context: CheckoutContext<CheckoutParts>;
  orderId: number;
  lines: PricedLine[];
  groups: PricedShipment[];
  area: CheckedDestination;
  chosen: ChosenPayment;
  paymentSettings: PaymentSettings | undefined;
  settings: PaymentSettings;
  fee: number;
  uniqueCode: number;
  subtotal: number;
  shippingCost: number;
  total: number;
  stored: <K extends CheckoutSettingKey>(key: K) => SettingValue<K> | undefined;
}

/**
 * Reads the checkout's context and prices it as an order would be: the spec's rules, the area, the
 * limits, one shipping quote per origin group, the fee and the kode unik. `quote` (POST /orders/quote)
 * asks before the buyer has typed who they are, so the identity rules (name, address, phone, e-mail)
 * and the unpaid caps wait for the order itself.
 */
async function priceCheckout(
  db: Db,
  payload: OrderPayload,
  ctx: OrderContext,
  mode: { quote: boolean; capKeys: UnpaidKeys; fingerprint: string },
): Promise<{ existing: Order } | PricedCheckout> {
  // Issue 28: a signed-in shopper whose session ran out is told to sign in again, not asked for a guest's e-mail.
  if (ctx.staleSession && !ctx.user && !payload.guest_email) throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
  const destination = Number.isInteger(payload.shipping_district_id) ? (payload.shipping_district_id as number) : undefined;
  const anyLocal = payload.shipping_cost_breakdown?.type === 'local_courier' || payload.shipments.some((c) => c.shipping_cost_breakdown?.type === 'local_courier');
  const localPricesDistrict = anyLocal ? destination : undefined;
  const reserved = readQuoteToken(ctx.config, payload.quote_token, ctx.now);
  const context = await loadCheckoutContext<CheckoutParts>(db, {
    productIds: [...new Set(payload.order_items.map((i) => i.product_id))],
    itemCount: mode.quote ? 0 : payload.order_items.length,
    shipmentCount: mode.quote ? 0 : undefined,
    unpaid: mode.quote ? null : mode.capKeys,
    idempotencyKey: mode.quote ? undefined : ctx.idempotencyKey,
    parts: {
      settings: settingsPart(checkoutSettingKeys),
      // Read only for a local courier to a district sent as a number; quoteShipping uses them only if the checked district is that one.
      localPrices: localPricesDistrict === undefined ? null : localPriceCandidatesPart(localPricesDistrict),
    },
    reservedOrderId: mode.quote ? undefined : reserved,
  });
  if (!mode.quote && ctx.idempotencyKey) {
    const existing = await existingForKey(db, ctx.idempotencyKey, ctx, mode.fingerprint, context.existing);
    if (existing) return { existing };
  }
  const settingValues = context.parts.settings;
  const stored = <K extends CheckoutSettingKey>(key: K): SettingValue<K> | undefined => settingValues?.[key] as SettingValue<K> | undefined;
  const products = context.products;
  const store = stored('store_location');
  // Rule 1 first: an empty cart says so before any product check.
  const lines = payload.order_items.length === 0 ? [] : priceLines(products, payload.order_items);
  const { chosen, channelsAvailable, providerName } = await choosePayment(db, ctx.config, payload.payment_method);
  const single: Choice = { shipping_courier: payload.shipping_courier, shipping_service: payload.shipping_service, shipping_cost_breakdown: payload.shipping_cost_breakdown };
  const grouped = groupByOrigin(lines, (l) => products.get(l.product_id)?.business_district_id, store?.district_id);
  const choiceOf = (origin: number | null): Choice => payload.shipments.find((c) => c.origin_district_id === origin) ?? single;
  const identity = mode.quote ? { shipping_name: '-', shipping_address: '-', shipping_postcode: '-', shipping_phone: '-' } : payload;
  const ruleError = checkoutError({
    itemCount: lines.length,
    shipping_name: identity.shipping_name,
    shipping_address: identity.shipping_address,
    shipping_postcode: identity.shipping_postcode,
    shipping_phone: identity.shipping_phone,
    shipping_province_id: payload.shipping_province_id,
    shipping_city_id: payload.shipping_city_id,
    shipping_district_id: payload.shipping_district_id,
    originDistrictIds: lines.map((l) => products.get(l.product_id)?.business_district_id ?? null),
    signedIn: ctx.user !== null || mode.quote,
    quote: mode.quote,
    guest_email: payload.guest_email,
    shippingChosen: grouped.length > 0 && grouped.every((g) => choiceMade(choiceOf(g.origin_district_id))),
    paymentMethod: payload.payment_method,
    provider: { name: providerName, channelsAvailable },
  });
  if (ruleError) throw new AppError('UNPROCESSABLE', ruleError);
  // After the spec's ordered rules (rule 3 has made sure all three ids are there): they must also belong together.
  const area = await checkDestination(
    { provinceId: payload.shipping_province_id as number, cityId: payload.shipping_city_id as number, districtId: payload.shipping_district_id as number },
    { province: 'shipping_province_id', city: 'shipping_city_id', district: 'shipping_district_id' },
    ctx.rajaongkir,
  );
  if (!chosen) throw new AppError('UNPROCESSABLE', orderMessages.unknownPayment);

  const paymentSettings = stored('payments');
  const settings = paymentSettings ?? defaultPaymentSettings;
  const tooMany = lines.find((l) => l.quantity > settings.max_line_quantity);
  if (tooMany) throw new AppError('BAD_REQUEST', paymentMessages.lineQuantityTooLarge(tooMany.product_name, settings.max_line_quantity), { fields: { order_items: paymentMessages.lineQuantityTooLarge(tooMany.product_name, settings.max_line_quantity) } });
  // Issue 26: the line cap alone let 100 lines of 50 hold 5,000 units in one unpaid order.
  const units = orderUnits(lines);
  if (units > settings.max_order_units) {
    const message = paymentMessages.orderUnitsTooLarge(units, settings.max_order_units);
    throw new AppError('BAD_REQUEST', message, { fields: { order_items: message } });
  }
  const shortage = firstShortage(products, lines);
  if (shortage) throw new AppError('OUT_OF_STOCK', orderMessages.outOfStock(shortage.name, shortage.available));
  // Caps count orders, and a cart of several origins is one order (one payment), whatever its shipments.
  if (context.unpaid) checkUnpaidCaps(context.unpaid, ctx, settings);

  const groups: PricedShipment[] = [];
  for (const [i, g] of grouped.entries()) {
    const groupProducts = g.items.map((l) => products.get(l.product_id)).filter((p): p is ProductForOrder => p !== undefined);
    const label = originLabel(groupProducts.map((p) => p.business_name));
    const shipping = await quoteShipping(
      db,
      choiceOf(g.origin_district_id),
      area,
      // Each unit weighs its product's weight (decision 065), the group's shipment the sum of its lines.
      { origin: g.origin_district_id, weight: shippingWeight(g.items.map((l) => ({ quantity: l.quantity, weight_grams: products.get(l.product_id)?.weight_grams }))), label, localOnly: firstLocalOnly(groupProducts) },
      ctx,
      store,
      { districtId: localPricesDistrict, candidates: context.parts.localPrices },
    );
    groups.push({ position: i + 1, origin: g.origin_district_id, label, indexes: g.indexes, shipping });
  }
  const subtotal = subtotalOf(lines);
  const shippingCost = groups.reduce((sum, g) => sum + g.shipping.cost, 0);
  const beforeFee = subtotal + shippingCost;
  const channel = chosen.channel;
  if (channel && (beforeFee < channel.minimum_amount || beforeFee > channel.maximum_amount)) {
    throw new AppError('UNPROCESSABLE', orderMessages.amountOutOfRange(channel.name, channel.minimum_amount, channel.maximum_amount));
  }
  const fee = channel ? customerFee(channel.fee_customer, beforeFee) : 0;
  if (totalTooLarge(beforeFee + fee)) throw new AppError('UNPROCESSABLE', totalTooLargeMessage);
  const manual = chosen.provider.id === 'manual';
  const wantsCode = manual && settings.unique_code_enabled;
  // The order id decides the kode unik: a quote's context took one from the sequence (signed into its token
  // when a code is shown); an order uses its quote's when it still can.
  let orderId = context.orderId;
  if (!mode.quote && reserved !== undefined && context.reservedUsed) orderId = await reserveOrderId(db);
  const uniqueCode = wantsCode ? uniqueCodeFor(orderId) : 0;
  return {
    context,
    orderId,
    lines,
    groups,
    area,
    chosen,
    paymentSettings,
    settings,
    fee,
    uniqueCode,
    subtotal,
    shippingCost,
    total: beforeFee + fee + uniqueCode,
    stored,
  };
}

/**
 * Issue 28: the order carries the prices and total the shopper saw. When the page sent its total
 * (`expected_total`), any line whose shown price or a total that differs answers 409 PRICE_CHANGED
 * with the current prices, as the point of sale does; the details also carry a quote token for the id
 * this attempt priced, so placing again with the new total keeps its kode unik.
 */
function checkPricesSeen(payload: OrderPayload, priced: PricedCheckout, config: Config, now: Date): void {
  if (payload.expected_total === undefined) return;
  // A line sent without its shown price was not seen at any price: it counts as changed.
  const sent = payload.order_items.map((item) => ({ product_id: item.product_id, variant_label: item.variant_label, price: item.price ?? -1 }));
  const conflict = posPriceConflict({ items: sent, total_amount: payload.expected_total }, priced.lines, priced.total);
  if (!conflict) return;
  throw new AppError('PRICE_CHANGED', checkoutMessages.pricesChanged, {
    details: { prices: conflict.prices, total_amount: conflict.total_amount, quote_token: priced.uniqueCode > 0 ? quoteToken(config, priced.orderId, now) : null },
  });
}

/** POST /orders/quote: what "Buat pesanan" will charge, with the kode unik the order will carry. */
export async function quoteOrder(db: Db, payload: OrderPayload, ctx: OrderContext): Promise<OrderQuote> {
  const priced = await priceCheckout(db, payload, ctx, { quote: true, capKeys: unpaidKeysOf(payload, ctx.user, payload.shipping_district_id), fingerprint: '' });
  if ('existing' in priced) throw new Error('a quote never reads an idempotent order');
  return {
    lines: priced.lines.map((l) => ({ product_id: l.product_id, product_name: l.product_name, variant_label: l.variant_label, quantity: l.quantity, price: l.price, line_total: l.line_total })),
    shipments: priced.groups.map((g) => ({
      position: g.position,
      origin_district_id: g.origin,
      origin_label: g.label,
      kind: g.shipping.kind,
      courier_name: g.shipping.courierName,
      service: g.shipping.service,
      cost: g.shipping.cost,
      weight_grams: g.shipping.weight,
      line_indexes: g.indexes,
    })),
    subtotal_amount: priced.subtotal,
    shipping_cost: priced.shippingCost,
    payment_fee: priced.fee,
    unique_code: priced.uniqueCode,
    total_amount: priced.total,
    quote_token: priced.uniqueCode > 0 ? quoteToken(ctx.config, priced.orderId, ctx.now) : null,
  };
}

/**
 * Issue 15: a checkout costs at most 8 database round trips, counted by a test. One statement reads
 * the products, the settings, the guest's unpaid orders, an earlier order of the Idempotency-Key, the
 * local courier prices and the new order's ids; the checks then run in memory; one statement, its own
 * transaction, writes the order with its shipments, items, payment and e-mails and takes the stock.
 * The answer is built from what was written, not read back (docs/decisions/036-checkout-and-back-office-at-scale.md).
 * A cart of several origins is one order and one payment with one shipment per origin (decision 049).
 */
export async function placeOrder(db: Db, payload: OrderPayload, ctx: OrderContext): Promise<Order> {
  const fingerprint = idempotencyFingerprint(payload, ctx.user);
  const capKeys = unpaidKeysOf(payload, ctx.user, payload.shipping_district_id);
  const priced = await priceCheckout(db, payload, ctx, { quote: false, capKeys, fingerprint });
  if ('existing' in priced) return priced.existing;
  checkPricesSeen(payload, priced, ctx.config, ctx.now);
  const { context, lines, groups, area, chosen, paymentSettings, settings, fee, uniqueCode, stored, orderId } = priced;
  const manual = chosen.provider.id === 'manual';
  const bankAccounts = manual ? bankAccountsFrom(paymentSettings, stored('bank_account')) : [];
  const deadline = new Date(ctx.now.getTime() + settings.manual_deadline_hours * 60 * 60 * 1000);
  const accessToken = randomBytes(32).toString('hex');
  const buyerEmail = ctx.user?.email ?? payload.guest_email ?? '';
  const channel = chosen.channel;

  const paymentRequest: PaymentRequest = {
    orderId,
    merchantRef: `ORD-${orderId}`,
    amount: priced.total,
    fee,
    channel,
    customer: { name: payload.shipping_name ?? '', email: buyerEmail, phone: payload.shipping_phone },
    items: paymentItems(lines, priced.shippingCost, fee, uniqueCode),
    origin: ctx.origin,
    orderPath: orderPath(accessToken),
    now: ctx.now,
    deadline,
    bankAccounts,
  };
  // Local providers answer without the network, so their payment is written with the order.
  const payment = chosen.provider.local ? await newOrderPayment(chosen.provider, paymentRequest) : null;
  const first = groups[0]?.shipping;
  // One shipment reads as before; several name each courier once, in the shipments' order.
  const joined = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].join(' + ') || null;
  const orderRow: OrderRow = {
    id: orderId,
    user_id: ctx.user?.id ?? null,
    guest_email: ctx.user ? null : payload.guest_email,
    status: 'pending',
    order_type: 'online',
    payment_method: payload.payment_method,
    payment_status: 'unpaid',
    payment_reference: null,
    subtotal_amount: priced.subtotal,
    shipping_cost: priced.shippingCost,
    payment_fee: fee,
    total_amount: priced.total,
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
    idempotency_key: ctx.idempotencyKey ?? null,
    idempotency_fingerprint: ctx.idempotencyKey ? fingerprint : null,
    stock_held: true,
    access_token: accessToken,
    unique_code: uniqueCode,
    payment_due_at: payment ? payment.expires_at : deadline,
    cap_email: capKeys.email,
    cap_address: capKeys.address,
    version: 1,
    created_at: context.now,
    updated_at: context.now,
  };
  const shipmentRows: ShipmentRow[] = groups.map((g, i) => ({
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
  const shipmentOfLine = new Map(groups.flatMap((g, i) => g.indexes.map((index) => [index, shipmentRows[i]!.id] as const)));
  const itemRows: OrderItemRow[] = lines.map((l, i) => ({
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
    orderRow,
    itemRows,
    payment ? { paid_at: null, proof_status: 'none', proof_uploaded_at: null, rejection_reason: null, verified_at: null, reversed_at: null, reversed_by: null, reversal_reason: null, ...payment } : undefined,
    shipmentRows.map((row) => toShipment(row, itemRows, [])),
  );
  const queue = { origin: ctx.origin, smtp: Boolean(ctx.config.SMTP_URL) };
  const storeContext = storeMailContext({
    profile: stored('store_profile'),
    payments: paymentSettings,
    timeZone: stored('time_zone')?.time_zone ?? DEFAULT_TIME_ZONE,
    origin: ctx.origin,
  });

  try {
    await writePlacedOrder(
      db,
      { order: orderRow, shipments: shipmentRows, items: itemRows, payment, mails: payment ? orderPlacedMails(placed, storeContext, queue) : [] },
      lines.map((l) => ({ productId: l.product_id, variantLabel: l.variant_label, quantity: l.quantity, name: l.product_name })),
      {
        ...capKeys,
        districtId: area.district.id,
        maxAccount: settings.max_unpaid_per_account,
        maxEmail: settings.max_unpaid_per_email,
        maxAddress: settings.max_unpaid_per_address,
      },
    );
  } catch (error) {
    if (error instanceof InsufficientStock) throw new AppError('OUT_OF_STOCK', orderMessages.outOfStock(error.line.name, 0));
    // Two submits with one key raced: the other one won; answer with its order. The caps are counted before the
    // insert, so the loser may instead have found the winner's order filling a cap.
    if (ctx.idempotencyKey && (isIdempotencyViolation(error) || error instanceof UnpaidCapReached)) {
      const existing = await existingForKey(db, ctx.idempotencyKey, ctx, fingerprint);
      if (existing) return existing;
    }
    if (error instanceof UnpaidCapReached) throw new AppError('RATE_LIMITED', capMessage(error.cap, error.count));
    // Two orders raced for one quote's id: the loser places again with a new quote.
    if (uniqueViolationConstraint(error) === 'orders_pkey') throw new AppError('CONFLICT', checkoutMessages.quoteUsed);
    throw error;
  }
  if (payment) return placed;
  // A network gateway is asked after the commit (no row lock across a network call); its e-mails carry its payment.
  await createRemotePayment(db, chosen.provider, paymentRequest);
  const [order] = await getOrders(db, [orderId]);
  if (!order) throw new AppError('INTERNAL', checkoutMessages.orderFailed);
  await queueOrderPlacedMails(db, order, queue);
  return order;
}

/**
 * Opens a network gateway's transaction for a committed order. When it fails the order must not
 * keep holding stock: it is cancelled with its stock returned, and the buyer sees the spec's message.
 */
async function createRemotePayment(db: Db, provider: PaymentProvider, request: PaymentRequest): Promise<void> {
  try {
    await createOrderPayment(db, provider, request);
  } catch (error) {
    await db.transaction((tx) => cancelUnpaidOrder(tx, request.orderId, 'Gateway pembayaran gagal membuat transaksi; stok dikembalikan.'));
    if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', checkoutMessages.orderFailed);
    throw error;
  }
}

function isIdempotencyViolation(error: unknown): boolean {
  return uniqueViolationConstraint(error)?.includes('idempotency') ?? false;
}
