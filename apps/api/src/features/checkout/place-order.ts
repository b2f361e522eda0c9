/**
 * Checkout as a workflow (decision 075): placing an order (docs/requirements/storefront.md §3, §4, §7;
 * issue 13) in named steps, each a function of the feature whose rule it is, passing typed values.
 *
 * 1. readCheckout (orders): one statement reads the cart's products, the buyer's open unpaid orders,
 *    an earlier order of the Idempotency-Key and the new order's ids, with the settings' part
 *    (settings) and the local courier prices' part (couriers).
 * 2. checkRules (here, calling each owner in the order they always ran): core's ordered checkout
 *    rules, the area (locations), the chosen payment (payments), the limits (orders), the stock
 *    (stock), the unpaid caps (orders).
 * 3. priceShipping (price-shipping.ts: couriers, shipping): one quote per origin group.
 * 4. priceTotal (here): the fee, the kode unik and its order id (orders), the total.
 * 5. preparePayment (payments): the payment request; a local provider's payment is made now.
 * 6. orderRows (orders): the order, its shipments and items, built in memory; its e-mails (mail).
 * 7. writeOrder (orders, with stock's part): one statement, its own transaction, writes them all
 *    and takes the stock: nothing is written unless everything is.
 * 8. payAfterCommit (here): a network gateway is asked after the commit (payments); when it fails
 *    the order is cancelled with its stock returned (orders), else its e-mails are queued (mail).
 *
 * The server is the source of truth: lines are priced by core's shared `priceLines`, shipping is
 * re-quoted, the fee and the kode unik are added here. An Idempotency-Key makes a double submit one order.
 */
import { checkoutError, checkoutMessages, customerFee, groupByOrigin, type Order, type OrderPayload, type OrderQuote, type OriginGroup } from '@pasar/core/checkout';
import { totalTooLarge, totalTooLargeMessage } from '@pasar/core/common';
import { AppError, genericMessages } from '@pasar/core/errors';
import type { SettingValue } from '@pasar/core/settings';
import { DEFAULT_TIME_ZONE } from '@pasar/core/time';
import { defaultPaymentSettings, orderPath, uniqueCodeFor, type PaymentSettings } from '@pasar/core/payments';
import { posPriceConflict } from '@pasar/core/pos';
import { priceLines, subtotalOf, type PricedLine } from '@pasar/core/pricing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ProviderFailure } from '../../integrations/http';
import type { PaymentProvider, PaymentRequest } from '../../integrations/payments/provider';
import type { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';
import type { SessionUser } from '../../auth/session-user';
import { localPriceCandidatesPart } from '../couriers/couriers.service';
import { checkDestination, type CheckedDestination } from '../locations/locations.service';
import { orderPlacedMails, queueOrderPlacedMails, storeMailContext } from '../mail/mail.service';
import { choosePayment, type ChosenPayment } from '../payments/payment-providers';
import { createOrderPayment, preparePayment } from '../payments/payments.service';
import { bankAccountsFrom, settingsPart } from '../settings/settings.service';
import { checkStock } from '../stock/stock.service';
import {
  cancelUnpaidOrder,
  checkOrderLimits,
  checkUnpaidCaps,
  getOrders,
  idempotencyFingerprint,
  newAccessToken,
  newOrderId,
  orderMessages,
  orderRows,
  readCheckout,
  unpaidKeysOf,
  writeOrder,
  type CheckoutContext,
  type IdempotencyClaim,
  type PricedShipment,
  type UnpaidKeys,
} from '../orders/orders.service';
import { quoteToken, readQuoteToken } from '../orders/quote-token';
import { choiceFor, choiceMade, priceShipping } from './price-shipping';

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

/** The settings a checkout reads with its products, in one statement. */
const checkoutSettingKeys = ['payments', 'store_location', 'bank_account', 'store_profile', 'time_zone'] as const;
type CheckoutSettingKey = (typeof checkoutSettingKeys)[number];

/** The other features' parts of the checkout's context statement. */
type CheckoutParts = { settings: ReturnType<typeof settingsPart<CheckoutSettingKey>>; localPrices: ReturnType<typeof localPriceCandidatesPart> };
type Context = CheckoutContext<CheckoutParts>;
type Stored = <K extends CheckoutSettingKey>(key: K) => SettingValue<K> | undefined;

/** A cart that passed every rule, grouped by origin for its shipments. */
interface CheckedCart {
  lines: PricedLine[];
  groups: OriginGroup<PricedLine>[];
  area: CheckedDestination;
  chosen: ChosenPayment;
  settings: PaymentSettings;
}

/**
 * Checkout step checkRules: the spec's rules in the order they have always run, each by its owner.
 * `quote` (POST /orders/quote) asks before the buyer has typed who they are, so the identity rules
 * (name, address, phone, e-mail) and the unpaid caps wait for the order itself.
 */
async function checkRules(db: Db, payload: OrderPayload, ctx: OrderContext, context: Context, stored: Stored, quote: boolean): Promise<CheckedCart> {
  const products = context.products;
  // Rule 1 first: an empty cart says so before any product check.
  const lines = payload.order_items.length === 0 ? [] : priceLines(products, payload.order_items);
  const { chosen, channelsAvailable, providerName } = await choosePayment(db, ctx.config, payload.payment_method);
  const groups = groupByOrigin(lines, (l) => products.get(l.product_id)?.business_district_id, stored('store_location')?.district_id);
  const identity = quote ? { shipping_name: '-', shipping_address: '-', shipping_postcode: '-', shipping_phone: '-' } : payload;
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
    signedIn: ctx.user !== null || quote,
    quote,
    guest_email: payload.guest_email,
    shippingChosen: groups.length > 0 && groups.every((g) => choiceMade(choiceFor(payload, g.origin_district_id))),
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
  const settings = stored('payments') ?? defaultPaymentSettings;
  checkOrderLimits(lines, settings);
  checkStock(products, lines);
  if (context.unpaid) checkUnpaidCaps(context.unpaid, Boolean(ctx.user), settings);
  return { lines, groups, area, chosen, settings };
}

/** What the buyer pays: the lines, the shipments, the channel's fee and the kode unik. */
interface Total {
  orderId: number;
  subtotal: number;
  shippingCost: number;
  fee: number;
  uniqueCode: number;
  total: number;
}

/**
 * Checkout step priceTotal: the chosen channel's amount range and fee on the lines and shipping,
 * the total's bound, then the kode unik of a manual transfer, which the order id decides: a quote's
 * context took one from the sequence (signed into its token when a code is shown); an order uses
 * its quote's when it still can.
 */
async function priceTotal(db: Db, context: Context, cart: CheckedCart, shipments: PricedShipment[], quote: boolean): Promise<Total> {
  const subtotal = subtotalOf(cart.lines);
  const shippingCost = shipments.reduce((sum, g) => sum + g.shipping.cost, 0);
  const beforeFee = subtotal + shippingCost;
  const channel = cart.chosen.channel;
  if (channel && (beforeFee < channel.minimum_amount || beforeFee > channel.maximum_amount)) {
    throw new AppError('UNPROCESSABLE', orderMessages.amountOutOfRange(channel.name, channel.minimum_amount, channel.maximum_amount));
  }
  const fee = channel ? customerFee(channel.fee_customer, beforeFee) : 0;
  if (totalTooLarge(beforeFee + fee)) throw new AppError('UNPROCESSABLE', totalTooLargeMessage);
  const wantsCode = cart.chosen.provider.id === 'manual' && cart.settings.unique_code_enabled;
  const orderId = quote ? context.orderId : await newOrderId(db, context);
  const uniqueCode = wantsCode ? uniqueCodeFor(orderId) : 0;
  return { orderId, subtotal, shippingCost, fee, uniqueCode, total: beforeFee + fee + uniqueCode };
}

/** A checkout priced by the server: everything a quote shows and an order writes. */
interface PricedCheckout extends CheckedCart, Total {
  context: Context;
  shipments: PricedShipment[];
  stored: Stored;
}

/** readCheckout, checkRules, priceShipping and priceTotal: a quote's answer and an order's content. */
async function priceCheckout(
  db: Db,
  payload: OrderPayload,
  ctx: OrderContext,
  mode: { quote: boolean; capKeys: UnpaidKeys; idempotency: IdempotencyClaim | undefined },
): Promise<{ existing: Order } | PricedCheckout> {
  // Issue 28: a signed-in shopper whose session ran out is told to sign in again, not asked for a guest's e-mail.
  if (ctx.staleSession && !ctx.user && !payload.guest_email) throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
  const destination = Number.isInteger(payload.shipping_district_id) ? (payload.shipping_district_id as number) : undefined;
  const anyLocal = payload.shipping_cost_breakdown?.type === 'local_courier' || payload.shipments.some((c) => c.shipping_cost_breakdown?.type === 'local_courier');
  const localPricesDistrict = anyLocal ? destination : undefined;
  const read = await readCheckout<CheckoutParts>(db, {
    payload,
    quote: mode.quote,
    capKeys: mode.capKeys,
    idempotency: mode.idempotency,
    parts: {
      settings: settingsPart(checkoutSettingKeys),
      // Read only for a local courier to a district sent as a number; priceShipping uses them only if the checked district is that one.
      localPrices: localPricesDistrict === undefined ? null : localPriceCandidatesPart(localPricesDistrict),
    },
    reservedOrderId: readQuoteToken(ctx.config, payload.quote_token, ctx.now),
  });
  if ('earlier' in read) return { existing: read.earlier };
  const { context } = read;
  const settingValues = context.parts.settings;
  const stored: Stored = (key) => settingValues?.[key] as SettingValue<typeof key> | undefined;
  const cart = await checkRules(db, payload, ctx, context, stored, mode.quote);
  const shipments = await priceShipping(db, {
    payload,
    groups: cart.groups,
    products: context.products,
    area: cart.area,
    store: stored('store_location'),
    localPrices: { districtId: localPricesDistrict, candidates: context.parts.localPrices },
    rajaongkir: ctx.rajaongkir,
  });
  const total = await priceTotal(db, context, cart, shipments, mode.quote);
  return { ...cart, ...total, context, shipments, stored };
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
  const priced = await priceCheckout(db, payload, ctx, { quote: true, capKeys: unpaidKeysOf(payload, ctx.user), idempotency: undefined });
  if ('existing' in priced) throw new Error('a quote never reads an idempotent order');
  return {
    lines: priced.lines.map((l) => ({ product_id: l.product_id, product_name: l.product_name, variant_label: l.variant_label, quantity: l.quantity, price: l.price, line_total: l.line_total })),
    shipments: priced.shipments.map((g) => ({
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
 * Issue 15: a checkout costs at most 8 database round trips, counted by a test; a guest's costs 2:
 * readCheckout's statement, then writeOrder's. The answer is built from what was written, not read
 * back (docs/decisions/036-checkout-and-back-office-at-scale.md). A cart of several origins is one
 * order and one payment with one shipment per origin (decision 049).
 */
export async function placeOrder(db: Db, payload: OrderPayload, ctx: OrderContext): Promise<Order> {
  const idempotency = ctx.idempotencyKey ? { key: ctx.idempotencyKey, user: ctx.user, fingerprint: idempotencyFingerprint(payload, ctx.user) } : undefined;
  const capKeys = unpaidKeysOf(payload, ctx.user);
  const priced = await priceCheckout(db, payload, ctx, { quote: false, capKeys, idempotency });
  if ('existing' in priced) return priced.existing;
  checkPricesSeen(payload, priced, ctx.config, ctx.now);
  const { context, chosen, settings, stored } = priced;
  const accessToken = newAccessToken();
  const buyerEmail = ctx.user?.email ?? payload.guest_email ?? '';
  const { request, payment, dueAt } = await preparePayment(chosen.provider, {
    orderId: priced.orderId,
    amount: priced.total,
    fee: priced.fee,
    channel: chosen.channel,
    lines: priced.lines,
    shippingCost: priced.shippingCost,
    uniqueCode: priced.uniqueCode,
    customer: { name: payload.shipping_name ?? '', email: buyerEmail, phone: payload.shipping_phone },
    origin: ctx.origin,
    orderPath: orderPath(accessToken),
    now: ctx.now,
    deadlineHours: settings.manual_deadline_hours,
    bankAccounts: chosen.provider.id === 'manual' ? bankAccountsFrom(stored('payments'), stored('bank_account')) : [],
  });
  const rows = orderRows({
    orderId: priced.orderId,
    context,
    payload,
    user: ctx.user,
    area: priced.area,
    lines: priced.lines,
    groups: priced.shipments,
    amounts: priced,
    payment,
    dueAt,
    accessToken,
    capKeys,
    idempotency,
  });
  const queue = { origin: ctx.origin, smtp: Boolean(ctx.config.SMTP_URL) };
  const storeContext = storeMailContext({
    profile: stored('store_profile'),
    payments: stored('payments'),
    timeZone: stored('time_zone')?.time_zone ?? DEFAULT_TIME_ZONE,
    origin: ctx.origin,
  });
  const mails = payment ? orderPlacedMails(rows.placed, storeContext, queue) : [];
  const raced = await writeOrder(db, rows, mails, { ...capKeys, districtId: priced.area.district.id, settings }, idempotency);
  if (raced) return raced;
  if (payment) return rows.placed;
  return payAfterCommit(db, chosen.provider, request, queue);
}

/**
 * Checkout step payAfterCommit: opens a network gateway's transaction for a committed order (no row
 * lock across a network call) and queues the e-mails, which carry its payment. When the gateway
 * fails the order must not keep holding stock: it is cancelled with its stock returned, and the
 * buyer sees the spec's message.
 */
async function payAfterCommit(db: Db, provider: PaymentProvider, request: PaymentRequest, queue: { origin: string; smtp: boolean }): Promise<Order> {
  try {
    await createOrderPayment(db, provider, request);
  } catch (error) {
    await db.transaction((tx) => cancelUnpaidOrder(tx, request.orderId, 'Gateway pembayaran gagal membuat transaksi; stok dikembalikan.'));
    if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', checkoutMessages.orderFailed);
    throw error;
  }
  const [order] = await getOrders(db, [request.orderId]);
  if (!order) throw new AppError('INTERNAL', checkoutMessages.orderFailed);
  await queueOrderPlacedMails(db, order, queue);
  return order;
}
