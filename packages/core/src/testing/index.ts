/**
 * Test data shared by the core and web tests, the API's, e2e and ops tests and the benches (the API's
 * tests have their database factories besides): a product as the catalogue API answers it, the demo
 * store's district, a guest's order as the storefront sends it, and a seeded random generator.
 */
import type { Product } from '../catalog/index';

export function catalogueProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 12,
    name: 'Keripik',
    description: '',
    price: 15000,
    reseller_price: 15000,
    discount: 0,
    stock: 10,
    is_active: true,
    category_id: 1,
    category: { id: 1, name: 'Makanan' },
    business_id: null,
    business: null,
    business_name: null,
    size: null,
    notes: null,
    image_url: null,
    image_cover: null,
    images: [],
    weight_grams: 250,
    local_only: false,
    ai_status: false,
    ai_description: null,
    size_variants: [],
    option_groups: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** Sumur Bandung in Kota Bandung, the demo store's own district: the one place its local couriers deliver. */
export const sumurBandung = {
  shipping_province_id: 32,
  shipping_province: 'Jawa Barat',
  shipping_city_id: 3273,
  shipping_city: 'Kota Bandung',
  shipping_district_id: 327319,
  shipping_district: 'Sumur Bandung',
  shipping_postcode: '40111',
} as const;

/** A small deterministic generator (mulberry32): the same seed gives the same data, so runs are comparable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
