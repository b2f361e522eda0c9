/**
 * The checkout's figures and the POST /orders body (docs/requirements/storefront.md §3 Order payload), built from
 * the form as pure functions so the rules are tested apart from the screen. The server prices
 * everything again; the total sent is what the buyer was shown.
 */
import { customerFee, type CheckoutState, type OrderPayload } from '@pasar/core/checkout';
import type { CartLine } from '@pasar/core/cart';
import type { Area } from '@pasar/core/locations';
import { findPaymentChannel, type PaymentChannel, type PaymentProviderOffer } from '@pasar/core/payments';
import { shippingCostOf, type ShippingChoice } from './shipping-choice';

export interface RecipientForm {
  guest_email: string;
  shipping_name: string;
  shipping_address: string;
  shipping_postcode: string;
  shipping_phone: string;
  notes: string;
}

export interface Destination {
  province: Area | null;
  city: Area | null;
  district: Area | null;
}

/** The channel a payment value names among the providers the API listed; undefined for manual transfer. */
export function chosenChannel(payment: string, providers: readonly PaymentProviderOffer[]): PaymentChannel | undefined {
  return findPaymentChannel(payment, providers)?.channel;
}

/**
 * What the spec's rule 7 reads of the chosen method: the name of the provider it names (as the API
 * lists it, else its id as sent) and whether that provider has channels to offer.
 */
export function chosenProvider(payment: string, providers: readonly PaymentProviderOffer[]): { name: string; channelsAvailable: boolean } {
  const id = payment.includes(':') ? payment.slice(0, payment.indexOf(':')) : null;
  const listed = id === null ? undefined : providers.find((p) => p.id === id);
  if (listed) return { name: listed.name, channelsAvailable: listed.channels.length > 0 };
  return { name: id ?? payment, channelsAvailable: id === null };
}

export interface CheckoutTotals {
  /** Every shipment's cost together. */
  shippingCost: number;
  /** The channel's customer fee on subtotal plus shipping; 0 for manual transfer. */
  fee: number;
  /** The kode unik the server's quote showed (0 when off or not yet quoted). */
  uniqueCode: number;
  total: number;
}

/**
 * Spec §2 summary: total = subtotal + shipping (every origin's shipment, decision 049), plus a
 * payment fee when the channel charges one, plus the quote's kode unik (issue 28).
 */
export function checkoutTotals(subtotal: number, shipping: ShippingChoice | readonly ShippingChoice[], channel: PaymentChannel | undefined, uniqueCode = 0): CheckoutTotals {
  const choices: readonly ShippingChoice[] = Array.isArray(shipping) ? shipping : [shipping as ShippingChoice];
  const shippingCost = choices.reduce((sum, c) => sum + shippingCostOf(c), 0);
  const fee = channel ? customerFee(channel.fee_customer, subtotal + shippingCost) : 0;
  return { shippingCost, fee, uniqueCode, total: subtotal + shippingCost + fee + uniqueCode };
}

/** One origin group's shipping choice (decision 049). */
export interface GroupShipping {
  origin_district_id: number | null;
  choice: ShippingChoice;
}

export interface CheckoutDraft {
  form: RecipientForm;
  destination: Destination;
  lines: readonly CartLine[];
  /** The signed-in user's id; null for a guest. */
  userId: number | null;
  /** One choice per origin group, in the cart's order of origins. */
  shipments: readonly GroupShipping[];
  payment: string;
  /** The quote's token: the order then carries the kode unik the page showed (issue 28). */
  quoteToken?: string | null;
  provider: { name: string; channelsAvailable: boolean };
}

/** What core's checkoutError checks, in the spec's order (§5). */
export function checkoutStateOf(draft: CheckoutDraft): CheckoutState {
  return {
    itemCount: draft.lines.length,
    ...draft.form,
    shipping_province_id: draft.destination.province?.id,
    shipping_city_id: draft.destination.city?.id,
    shipping_district_id: draft.destination.district?.id,
    originDistrictIds: draft.lines.map((l) => l.product.business_district_id),
    signedIn: draft.userId !== null,
    shippingChosen: draft.shipments.length > 0 && draft.shipments.every((s) => s.choice !== null),
    paymentMethod: draft.payment,
    provider: draft.provider,
  };
}

/** The spec's three shipping fields for one choice. */
function shippingFields(shipping: ShippingChoice, cost: number): Pick<OrderPayload, 'shipping_courier' | 'shipping_service' | 'shipping_cost_breakdown'> {
  return {
    shipping_courier: shipping?.kind === 'national' ? shipping.option.courier_code : (shipping?.option.courier_name ?? null),
    // Spec §2: local shipping is same-day delivery.
    shipping_service: shipping?.kind === 'national' ? shipping.option.service : 'same-day',
    shipping_cost_breakdown:
      shipping?.kind === 'local'
        ? { type: 'local_courier', courier_id: shipping.option.courier_id, price_id: shipping.option.price_id, cost: shipping.option.effective_price }
        : { type: 'rajaongkir', cost },
  };
}

/**
 * The POST /orders body. One origin sends the spec's fields alone; several also send one choice per
 * origin (`shipments`). `expected_total` is the total on screen: the server answers 409 when its own differs.
 */
export function buildOrderPayload(draft: CheckoutDraft, totals: CheckoutTotals): OrderPayload {
  const { form, destination } = draft;
  const first = draft.shipments[0]?.choice ?? null;
  return {
    user_id: draft.userId ?? undefined,
    guest_email: draft.userId === null ? form.guest_email : null,
    total_amount: totals.total,
    payment_method: draft.payment,
    shipping_name: form.shipping_name,
    shipping_address: form.shipping_address,
    shipping_province_id: destination.province?.id ?? null,
    shipping_province: destination.province?.name ?? null,
    shipping_city_id: destination.city?.id ?? null,
    shipping_city: destination.city?.name ?? null,
    shipping_district_id: destination.district?.id ?? null,
    shipping_district: destination.district?.name ?? null,
    shipping_postcode: form.shipping_postcode,
    shipping_phone: form.shipping_phone,
    notes: form.notes || null,
    order_items: draft.lines.map((l) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      price: l.unit_price,
      variant_label: l.variant?.label ?? null,
      selected_options: l.selected_options,
    })),
    ...shippingFields(first, shippingCostOf(first)),
    shipments: draft.shipments.length > 1 ? draft.shipments.map((s) => ({ origin_district_id: s.origin_district_id, ...shippingFields(s.choice, shippingCostOf(s.choice)) })) : [],
    expected_total: totals.total,
    quote_token: draft.quoteToken ?? null,
  };
}
