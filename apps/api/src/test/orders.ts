/** Orders for API tests: a guest buying in the demo store's own district with a local courier. */
import type { FastifyInstance } from 'fastify';
import { defaultPaymentSettings } from '@pasar/core/payments';
import type { DbOrTx } from '../db/client';
import { getSetting, putSetting } from '../features/settings/settings.repository';
import { sumurBandung } from '@pasar/core/testing';

export interface LocalCourierOption {
  courier_id: number;
  price_id: number;
  effective_price: number;
}

/** The first (cheapest) local courier option for Sumur Bandung. */
export async function localCourierOption(app: FastifyInstance): Promise<LocalCourierOption> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/couriers/local-options?district_id=${sumurBandung.shipping_district_id}&city_id=${sumurBandung.shipping_city_id}`,
  });
  const option = (res.json() as { data: { options: LocalCourierOption[] } }).data.options[0];
  if (!option) throw new Error(`no local courier for Sumur Bandung: ${res.statusCode} ${res.body}`);
  return option;
}

/** The body of POST /orders for a guest paying by manual transfer, one product shipped by the local courier. */
export function guestOrderPayload(order: { productId: number; quantity: number; local: Pick<LocalCourierOption, 'courier_id' | 'price_id'>; email?: string; name?: string }) {
  return {
    guest_email: order.email ?? 'tamu@contoh.id',
    payment_method: 'manual',
    shipping_name: order.name ?? 'Tamu Bandung',
    shipping_address: 'Jl. Braga No. 5',
    ...sumurBandung,
    shipping_phone: '081200000000',
    order_items: [{ product_id: order.productId, quantity: order.quantity }],
    shipping_cost_breakdown: { type: 'local_courier', courier_id: order.local.courier_id, price_id: order.local.price_id },
  };
}

/**
 * Tests that place many guest orders from one e-mail or address (stock races, order desk figures) lift
 * the abuse caps of issue 13 §7 (docs/issues.md); the caps' own tests keep the shop's defaults.
 */
export async function allowManyUnpaidOrders(db: DbOrTx): Promise<void> {
  const current = (await getSetting(db, 'payments')) ?? defaultPaymentSettings;
  await putSetting(db, 'payments', { ...current, max_unpaid_per_email: 100, max_unpaid_per_address: 100, max_unpaid_per_account: 100, max_line_quantity: 1000, max_order_units: 10000 });
}
