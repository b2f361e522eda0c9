/**
 * The body of a guest's order as the storefront sends it, for the tests, the ops tests and the
 * checkout bench alike (no test runner needed: the bench and the ops plumbing import it too).
 */
import { sumurBandung } from '@pasar/core/testing';

/**
 * POST /orders for a guest paying by manual transfer, one product shipped by the local courier, to
 * Sumur Bandung. A caller placing many gives each its own e-mail and address: the shop caps one
 * guest's and one address's open unpaid orders (decision 045).
 */
export function guestOrderPayload(order: { productId: number; quantity: number; local: { courier_id: number; price_id: number }; email?: string; name?: string; address?: string; phone?: string }) {
  return {
    guest_email: order.email ?? 'tamu@contoh.id',
    payment_method: 'manual',
    shipping_name: order.name ?? 'Tamu Bandung',
    shipping_address: order.address ?? 'Jl. Braga No. 5',
    ...sumurBandung,
    shipping_phone: order.phone ?? '081200000000',
    order_items: [{ product_id: order.productId, quantity: order.quantity }],
    shipping_cost_breakdown: { type: 'local_courier', courier_id: order.local.courier_id, price_id: order.local.price_id },
  };
}
