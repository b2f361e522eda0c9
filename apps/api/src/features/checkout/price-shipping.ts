/**
 * Checkout step priceShipping (decision 075): one quote per origin group (decision 049), by the
 * feature that prices it: a local courier's price for the district (couriers), or the national
 * quote from the group's origin for the group's weight (shipping).
 */
import { checkoutMessages, firstLocalOnly, originLabel, shippingWeight, type OrderPayload, type OriginGroup } from '@pasar/core/checkout';
import { AppError } from '@pasar/core/errors';
import type { PricedLine } from '@pasar/core/pricing';
import type { SettingValue } from '@pasar/core/settings';
import { courierName } from '@pasar/core/shipments';
import type { Db } from '../../db/client';
import type { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';
import type { LocalPriceCandidate } from '../couriers/couriers.service';
import { localCourierOptions } from '../couriers/local-options';
import type { CheckedDestination } from '../locations/locations.service';
import { orderMessages, type GroupShipping, type PricedShipment, type ProductForOrder } from '../orders/orders.service';
import { quoteNationalShipping } from '../shipping/shipping.service';

/** The spec's single shipping choice, or a group's own (payload.shipments). */
export type ShippingChoice = Pick<OrderPayload, 'shipping_courier' | 'shipping_service' | 'shipping_cost_breakdown'>;

export const choiceMade = (c: ShippingChoice) =>
  Boolean(c.shipping_cost_breakdown?.type) && (c.shipping_cost_breakdown?.type === 'local_courier' || Boolean(c.shipping_courier && c.shipping_service));

/** The choice made for the group shipping from `origin`: its own, else the single one. */
export function choiceFor(payload: OrderPayload, origin: number | null): ShippingChoice {
  return payload.shipments.find((c) => c.origin_district_id === origin) ?? { shipping_courier: payload.shipping_courier, shipping_service: payload.shipping_service, shipping_cost_breakdown: payload.shipping_cost_breakdown };
}

/** The local courier prices read with the checkout's context, and the district they were read for. */
export interface LocalPrices {
  districtId: number | undefined;
  candidates: LocalPriceCandidate[] | null;
}

/**
 * One group's shipping, recomputed. The destination is the checked one: a local courier is priced
 * by the district's real city (issue 14). A group holding a "hanya kirim lokal" product refuses a
 * national courier (issue 28).
 */
async function quoteGroup(
  db: Db,
  choice: ShippingChoice,
  area: CheckedDestination,
  group: { origin: number | null; weight: number; label: string | null; localOnly: ProductForOrder | null },
  rajaongkir: RajaOngkirClient | undefined,
  store: SettingValue<'store_location'> | undefined,
  localPrices: LocalPrices,
): Promise<GroupShipping> {
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
    rajaongkir,
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

/** Each origin group's shipment, quoted in the groups' order; the first group that cannot ship refuses the order. */
export async function priceShipping(
  db: Db,
  input: {
    payload: OrderPayload;
    groups: OriginGroup<PricedLine>[];
    products: ReadonlyMap<number, ProductForOrder>;
    area: CheckedDestination;
    store: SettingValue<'store_location'> | undefined;
    localPrices: LocalPrices;
    rajaongkir: RajaOngkirClient | undefined;
  },
): Promise<PricedShipment[]> {
  const { products } = input;
  const shipments: PricedShipment[] = [];
  for (const [i, g] of input.groups.entries()) {
    const groupProducts = g.items.map((l) => products.get(l.product_id)).filter((p): p is ProductForOrder => p !== undefined);
    const label = originLabel(groupProducts.map((p) => p.business_name));
    const shipping = await quoteGroup(
      db,
      choiceFor(input.payload, g.origin_district_id),
      input.area,
      // Each unit weighs its product's weight (decision 065), the group's shipment the sum of its lines.
      { origin: g.origin_district_id, weight: shippingWeight(g.items.map((l) => ({ quantity: l.quantity, weight_grams: products.get(l.product_id)?.weight_grams }))), label, localOnly: firstLocalOnly(groupProducts) },
      input.rajaongkir,
      input.store,
      input.localPrices,
    );
    shipments.push({ position: i + 1, origin: g.origin_district_id, label, indexes: g.indexes, shipping });
  }
  return shipments;
}
