/**
 * Local same-day couriers for the checkout (storefront spec §3, §4, §7): active couriers of the
 * store's city (or without a city), each with its active price for the destination district or
 * else its region-wide price; effective_price = max(base_price, min_price); cheapest first.
 * No distance rule is applied: the spec's price_per_km has no distance to multiply (the
 * checkout does not know one), so base_price is the price of a delivery within the city.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import { isLocalDestination } from '@pasar/core/checkout';
import type { DbOrTx } from '../../db/client';
import { courierPrices, couriers } from '../../db/schema';
import { getSetting } from '../settings/settings.repository';

export interface LocalOption {
  courier_id: number;
  price_id: number;
  courier_name: string;
  region: string;
  effective_price: number;
  notes: string | null;
}

export async function localCourierOptions(db: DbOrTx, destination: { cityId: number; districtId: number }): Promise<LocalOption[]> {
  const store = await getSetting(db, 'store_location');
  if (!store || !isLocalDestination(destination.cityId, store.city_id)) return [];
  const rows = await db
    .select({
      courier_id: couriers.id,
      courier_name: couriers.courier_name,
      courier_notes: couriers.notes,
      price_id: courierPrices.id,
      region: courierPrices.region,
      district_id: courierPrices.district_id,
      base_price: courierPrices.base_price,
      min_price: courierPrices.min_price,
      price_notes: courierPrices.notes,
    })
    .from(couriers)
    .innerJoin(courierPrices, eq(courierPrices.courier_id, couriers.id))
    .where(
      and(
        eq(couriers.is_active, true),
        eq(couriers.status, 'active'),
        or(eq(couriers.city_id, store.city_id), isNull(couriers.city_id)),
        eq(courierPrices.is_active, true),
        or(eq(courierPrices.district_id, destination.districtId), isNull(courierPrices.district_id)),
      ),
    );
  const best = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const current = best.get(row.courier_id);
    // A price for the exact district beats the courier's region-wide price.
    if (!current || (current.district_id === null && row.district_id !== null)) best.set(row.courier_id, row);
  }
  return [...best.values()]
    .map((r) => ({
      courier_id: r.courier_id,
      price_id: r.price_id,
      courier_name: r.courier_name,
      region: r.region,
      effective_price: Math.max(r.base_price, r.min_price),
      notes: r.price_notes ?? r.courier_notes,
    }))
    .sort((a, b) => a.effective_price - b.effective_price || a.courier_name.localeCompare(b.courier_name));
}
