/**
 * Placing an order (issue 4). The server is the source of truth: every unit price, line total,
 * shipping cost and fee is recomputed here; client prices and totals are ignored. Stock is taken
 * in the same transaction as the order; an Idempotency-Key makes a double submit one order.
 */
import { checkoutError, checkoutMessages, customerFee, parsePaymentMethod, shippingWeight, type Order, type OrderPayload } from '@pasar/core/checkout';
import { AppError } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import { lineTotal, unitPrice } from '@pasar/core/pricing';
import type { Db } from '../../db/client';
import { createSandboxTransaction, sandboxChannels, type Channel } from '../../integrations/payments/sandbox-gateway';
import { ProviderFailure } from '../../integrations/http';
import type { TripayClient } from '../../integrations/payments/tripay-client';
import type { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';
import { cancelOrderForPayment } from '../payments/payments.repository';
import { InsufficientStock, takeStock } from '../stock/stock.repository';
import type { SessionUser } from '../accounts/sessions.repository';
import { localCourierOptions } from '../couriers/local-options';
import { uniqueViolation } from '../accounts/accounts.repository';
import { getSetting } from '../settings/settings.repository';
import { quoteNationalShipping } from '../shipping/shipping.service';
import {
  findOrderIdByIdempotencyKey,
  findOrderOwner,
  insertOrderWithItems,
  insertPayment,
  listOrderIdsOfUser,
  loadOrders,
  loadProductsForOrder,
  type NewOrderItem,
  type ProductForOrder,
} from './orders.repository';

export const orderMessages = {
  unknownProduct: (id: number) => `Produk #${id} tidak ditemukan atau sudah tidak dijual.`,
  variantRequired: (name: string) => `Pilih ukuran untuk ${name}.`,
  unknownVariant: (label: string, name: string) => `Ukuran "${label}" tidak tersedia untuk ${name}.`,
  unknownOption: (group: string, value: string, name: string) => `Pilihan "${group}: ${value}" tidak tersedia untuk ${name}.`,
  outOfStock: (name: string, left: number) => (left > 0 ? `Stok ${name} tidak mencukupi. Tersisa ${left}.` : `Stok ${name} habis.`),
  unknownShipping: 'Layanan pengiriman yang dipilih tidak tersedia. Pilih ulang layanan pengiriman.',
  unknownPayment: 'Metode pembayaran tidak dikenal. Silakan pilih metode lain.',
  amountOutOfRange: (name: string, min: number, max: number) => `${name} hanya untuk pembayaran ${formatRupiah(min)} sampai ${formatRupiah(max)}.`,
  notFound: 'Pesanan tidak ditemukan.',
  idempotencyConflict: 'Kunci Idempotency-Key ini sudah dipakai untuk pesanan lain.',
};

export interface OrderContext {
  user: SessionUser | null;
  idempotencyKey?: string | undefined;
  origin: string;
  now: Date;
  providers?: { tripay?: TripayClient | undefined; rajaongkir?: RajaOngkirClient | undefined };
}

export async function getOrders(db: Db, ids: number[]): Promise<Order[]> {
  return loadOrders(db, ids);
}

async function existingForKey(db: Db, key: string, ctx: OrderContext): Promise<Order | undefined> {
  const found = await findOrderIdByIdempotencyKey(db, key);
  if (!found) return undefined;
  const sameBuyer = ctx.user ? found.user_id === ctx.user.id : found.user_id === null;
  if (!sameBuyer) throw new AppError('CONFLICT', orderMessages.idempotencyConflict);
  const [order] = await loadOrders(db, [found.id]);
  return order;
}

interface PricedLine extends NewOrderItem {
  product: ProductForOrder;
}

function priceLines(payload: OrderPayload, products: Map<number, ProductForOrder>): PricedLine[] {
  return payload.order_items.map((item) => {
    const product = products.get(item.product_id);
    if (!product || !product.is_active || !product.category_active) throw new AppError('UNPROCESSABLE', orderMessages.unknownProduct(item.product_id));
    let variantLabel: string | null = null;
    if (product.size_variants.length > 0) {
      if (!item.variant_label) throw new AppError('UNPROCESSABLE', orderMessages.variantRequired(product.name));
      if (!product.size_variants.some((v) => v.label === item.variant_label)) throw new AppError('UNPROCESSABLE', orderMessages.unknownVariant(item.variant_label, product.name));
      variantLabel = item.variant_label;
    } else if (item.variant_label) {
      throw new AppError('UNPROCESSABLE', orderMessages.unknownVariant(item.variant_label, product.name));
    }
    const seen = new Set<string>();
    for (const option of item.selected_options) {
      const group = product.option_groups.find((g) => g.name === option.group);
      if (!group || !group.values.includes(option.value) || seen.has(option.group)) {
        throw new AppError('UNPROCESSABLE', orderMessages.unknownOption(option.group, option.value, product.name));
      }
      seen.add(option.group);
    }
    const price = unitPrice(product, variantLabel);
    return {
      product,
      product_id: product.id,
      product_name: product.name,
      variant_label: variantLabel,
      selected_options: item.selected_options,
      quantity: item.quantity,
      price,
      line_total: lineTotal(price, item.quantity),
    };
  });
}

export async function placeOrder(db: Db, payload: OrderPayload, ctx: OrderContext): Promise<Order> {
  if (ctx.idempotencyKey) {
    const existing = await existingForKey(db, ctx.idempotencyKey, ctx);
    if (existing) return existing;
  }
  const products = await loadProductsForOrder(db, [...new Set(payload.order_items.map((i) => i.product_id))]);
  // Rule 1 first: an empty cart says so before any product check.
  const lines = payload.order_items.length === 0 ? [] : priceLines(payload, products);
  const store = await getSetting(db, 'store_location');
  const breakdown = payload.shipping_cost_breakdown;
  const payment = parsePaymentMethod(payload.payment_method);
  const tripay = ctx.providers?.tripay;
  let channels: Channel[] = sandboxChannels;
  if (tripay && payment.kind === 'provider') {
    try {
      channels = await tripay.channels();
    } catch (error) {
      if (error instanceof ProviderFailure) throw new AppError('PROVIDER_ERROR', checkoutMessages.channelsFailed('Tripay'));
      throw error;
    }
  }
  const channel = payment.kind === 'provider' ? channels.find((c) => c.code === payment.channel && c.active) : undefined;

  const ruleError = checkoutError({
    itemCount: lines.length,
    shipping_name: payload.shipping_name,
    shipping_address: payload.shipping_address,
    shipping_postcode: payload.shipping_postcode,
    shipping_phone: payload.shipping_phone,
    shipping_province_id: payload.shipping_province_id,
    shipping_city_id: payload.shipping_city_id,
    shipping_district_id: payload.shipping_district_id,
    originDistrictIds: lines.map((l) => l.product.business_district_id),
    signedIn: ctx.user !== null,
    guest_email: payload.guest_email,
    shippingChosen: Boolean(breakdown?.type) && (breakdown?.type === 'local_courier' || Boolean(payload.shipping_courier && payload.shipping_service)),
    paymentMethod: payload.payment_method,
    provider: { name: 'Tripay', channelsAvailable: channels.some((c) => c.active) },
  });
  if (ruleError) throw new AppError('UNPROCESSABLE', ruleError);
  if (payment.kind === 'provider' && (payment.provider !== 'tripay' || !channel)) throw new AppError('UNPROCESSABLE', orderMessages.unknownPayment);

  for (const line of lines) {
    const available = line.variant_label ? (line.product.size_variants.find((v) => v.label === line.variant_label)?.stock ?? 0) : line.product.stock;
    const wanted = lines.filter((l) => l.product_id === line.product_id && l.variant_label === line.variant_label).reduce((s, l) => s + l.quantity, 0);
    if (wanted > available) throw new AppError('OUT_OF_STOCK', orderMessages.outOfStock(line.product_name, available));
  }

  // Shipping, recomputed: a local courier's price for the district, or the national quote.
  const destinationDistrict = payload.shipping_district_id as number;
  let shippingCost: number;
  let shippingCourier = payload.shipping_courier;
  let shippingService = payload.shipping_service;
  let shippingBreakdown: Record<string, unknown>;
  if (breakdown?.type === 'local_courier') {
    const options = await localCourierOptions(db, { cityId: payload.shipping_city_id as number, districtId: destinationDistrict });
    const chosen = options.find((o) => o.courier_id === breakdown.courier_id && o.price_id === breakdown.price_id);
    if (!chosen) throw new AppError('UNPROCESSABLE', orderMessages.unknownShipping);
    shippingCost = chosen.effective_price;
    shippingCourier = chosen.courier_name;
    shippingService = `Kurir lokal (same-day) · ${chosen.region}`;
    shippingBreakdown = { type: 'local_courier', courier_id: chosen.courier_id, price_id: chosen.price_id, cost: shippingCost };
  } else {
    const origin = lines.find((l) => l.product.business_district_id)?.product.business_district_id ?? store?.district_id;
    if (!origin) throw new AppError('UNPROCESSABLE', checkoutMessages.storeLocationIncomplete);
    const weight = shippingWeight(lines.reduce((s, l) => s + l.quantity, 0));
    const options = await quoteNationalShipping(db, {
      originDistrictId: origin,
      destinationDistrictId: destinationDistrict,
      weightGrams: weight,
      couriers: [String(payload.shipping_courier)],
    }, ctx.providers?.rajaongkir);
    const chosen = options.find((o) => o.courier_code === payload.shipping_courier?.toLowerCase() && o.service === payload.shipping_service);
    if (!chosen) throw new AppError('UNPROCESSABLE', orderMessages.unknownShipping);
    shippingCost = chosen.cost;
    shippingCourier = chosen.courier_code;
    shippingService = chosen.service;
    shippingBreakdown = { type: 'national', courier_code: chosen.courier_code, service: chosen.service, weight, origin_district_id: origin, cost: shippingCost };
  }

  const subtotal = lines.reduce((s, l) => s + l.line_total, 0);
  const beforeFee = subtotal + shippingCost;
  if (channel && (beforeFee < channel.minimum_amount || beforeFee > channel.maximum_amount)) {
    throw new AppError('UNPROCESSABLE', orderMessages.amountOutOfRange(channel.name, channel.minimum_amount, channel.maximum_amount));
  }
  const fee = channel ? customerFee(channel.fee_customer, beforeFee) : 0;
  const total = beforeFee + fee;

  let orderId: number;
  try {
    orderId = await db.transaction(async (tx) => {
      await takeStock(
        tx,
        lines.map((l) => ({ productId: l.product_id, variantLabel: l.variant_label, quantity: l.quantity, name: l.product_name })),
      );
      const id = await insertOrderWithItems(
        tx,
        {
          user_id: ctx.user?.id ?? null,
          guest_email: ctx.user ? null : payload.guest_email,
          status: 'pending',
          order_type: 'online',
          payment_method: payload.payment_method,
          payment_status: 'unpaid',
          subtotal_amount: subtotal,
          shipping_cost: shippingCost,
          payment_fee: fee,
          total_amount: total,
          notes: payload.notes,
          customer_name: payload.shipping_name,
          customer_phone: payload.shipping_phone,
          customer_email: ctx.user?.email ?? payload.guest_email,
          shipping_name: payload.shipping_name,
          shipping_phone: payload.shipping_phone,
          shipping_address: payload.shipping_address,
          shipping_province_id: payload.shipping_province_id,
          shipping_province: payload.shipping_province,
          shipping_city_id: payload.shipping_city_id,
          shipping_city: payload.shipping_city,
          shipping_district_id: payload.shipping_district_id,
          shipping_district: payload.shipping_district,
          shipping_postcode: payload.shipping_postcode,
          shipping_courier: shippingCourier,
          shipping_service: shippingService,
          shipping_cost_breakdown: shippingBreakdown,
          idempotency_key: ctx.idempotencyKey ?? null,
        },
        lines.map(({ product: _p, ...item }) => item),
      );
      if (channel && tripay) {
        // Tripay is called after the commit: no row locks are held across a network call.
      } else if (channel) {
        // The embedded sandbox answers locally, so it can run inside the transaction.
        const trx = createSandboxTransaction(
          { method: channel.code, merchantRef: `ORD-${id}`, amount: total, customerName: payload.shipping_name ?? '', customerEmail: ctx.user?.email ?? payload.guest_email ?? '', origin: ctx.origin },
          ctx.now,
        );
        await insertPayment(tx, {
          order_id: id,
          provider: 'sandbox',
          channel_code: channel.code,
          reference: trx.reference,
          merchant_ref: `ORD-${id}`,
          payment_name: trx.payment_name,
          amount: total,
          fee_customer: fee,
          status: 'unpaid',
          pay_code: trx.pay_code,
          pay_url: trx.pay_url,
          checkout_url: trx.checkout_url,
          qr_url: trx.qr_url,
          instructions: trx.instructions,
          expires_at: trx.expires_at,
        });
      } else {
        const bank = await getSetting(tx, 'bank_account');
        await insertPayment(tx, {
          order_id: id,
          provider: 'manual',
          channel_code: null,
          reference: `MAN-${id}`,
          merchant_ref: `ORD-${id}`,
          payment_name: 'Transfer bank manual',
          amount: total,
          fee_customer: 0,
          status: 'unpaid',
          instructions: [
            {
              title: 'Transfer bank manual',
              steps: [
                `Transfer <b>${formatRupiah(total)}</b> ke rekening <b>${bank?.bank_name ?? 'koperasi'} ${bank?.account_number ?? ''}</b> a.n. <b>${bank?.account_name ?? 'Pasar UMKM'}</b>.`,
                `Tulis berita transfer: <b>Pesanan #${id}</b>.`,
                'Admin mengonfirmasi pembayaran Anda dalam 24 jam setelah dana diterima.',
              ],
            },
          ],
          expires_at: new Date(ctx.now.getTime() + 24 * 60 * 60 * 1000),
        });
      }
      return id;
    });
  } catch (error) {
    if (error instanceof InsufficientStock) {
      throw new AppError('OUT_OF_STOCK', orderMessages.outOfStock(error.line.name, 0));
    }
    // Two submits with one key raced: the other one won; answer with its order.
    if (ctx.idempotencyKey && uniqueViolation(error) === undefined && isIdempotencyViolation(error)) {
      const existing = await existingForKey(db, ctx.idempotencyKey, ctx);
      if (existing) return existing;
    }
    throw error;
  }
  if (channel && tripay) await createTripayPayment(db, tripay, { orderId, channel, total, fee, lines, payload, ctx });
  const [order] = await loadOrders(db, [orderId]);
  if (!order) throw new AppError('INTERNAL', checkoutMessages.orderFailed);
  return order;
}

/**
 * Opens the Tripay transaction of a committed order. When Tripay fails the order must not keep
 * holding stock: it is cancelled and its stock returned, and the buyer sees the spec's message.
 */
async function createTripayPayment(
  db: Db,
  tripay: TripayClient,
  input: { orderId: number; channel: Channel; total: number; fee: number; lines: PricedLine[]; payload: OrderPayload; ctx: OrderContext },
): Promise<void> {
  const merchantRef = `ORD-${input.orderId}`;
  try {
    const trx = await tripay.createTransaction({
      method: input.channel.code,
      merchantRef,
      amount: input.total,
      customerName: input.payload.shipping_name ?? '',
      customerEmail: input.ctx.user?.email ?? input.payload.guest_email ?? '',
      customerPhone: input.payload.shipping_phone,
      // Tripay wants items that add up to the amount: shipping and fee are items too.
      orderItems: [
        ...input.lines.map((l) => ({ name: l.product_name, price: l.price, quantity: l.quantity })),
        ...(input.total - input.fee - input.lines.reduce((s, l) => s + l.line_total, 0) > 0
          ? [{ name: 'Ongkos kirim', price: input.total - input.fee - input.lines.reduce((s, l) => s + l.line_total, 0), quantity: 1 }]
          : []),
        ...(input.fee > 0 ? [{ name: 'Biaya pembayaran', price: input.fee, quantity: 1 }] : []),
      ],
      callbackUrl: `${input.ctx.origin}/api/v1/payments/tripay/callback`,
      returnUrl: `${input.ctx.origin}/pesanan/${input.orderId}`,
      expiredTime: Math.floor(input.ctx.now.getTime() / 1000) + 24 * 60 * 60,
    });
    await insertPayment(db, {
      order_id: input.orderId,
      provider: 'tripay',
      channel_code: input.channel.code,
      reference: trx.reference,
      merchant_ref: merchantRef,
      payment_name: trx.payment_name,
      amount: input.total,
      fee_customer: input.fee,
      status: 'unpaid',
      pay_code: trx.pay_code,
      pay_url: trx.pay_url,
      checkout_url: trx.checkout_url,
      qr_url: trx.qr_url,
      instructions: trx.instructions,
      expires_at: trx.expires_at,
    });
  } catch (error) {
    await db.transaction((tx) => cancelOrderForPayment(tx, input.orderId, 'Gateway pembayaran gagal membuat transaksi; stok dikembalikan.'));
    if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', checkoutMessages.orderFailed);
    throw error;
  }
}

function isIdempotencyViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' && (e.constraint ?? e.cause?.constraint ?? '').includes('idempotency');
}

export async function myOrders(db: Db, userId: number): Promise<Order[]> {
  return loadOrders(db, await listOrderIdsOfUser(db, userId));
}

export async function myOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  const owner = await findOrderOwner(db, orderId);
  if (!owner || owner.user_id !== userId) throw new AppError('NOT_FOUND', orderMessages.notFound);
  const [order] = await loadOrders(db, [orderId]);
  if (!order) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return order;
}

/** A guest reads an order with its id and the e-mail used; any mismatch is the same 404. */
export async function lookupGuestOrder(db: Db, orderId: number, email: string): Promise<Order> {
  const owner = await findOrderOwner(db, orderId);
  if (!owner || !owner.guest_email || owner.guest_email.toLowerCase() !== email.trim().toLowerCase()) {
    throw new AppError('NOT_FOUND', orderMessages.notFound);
  }
  const [order] = await loadOrders(db, [orderId]);
  if (!order) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return order;
}
