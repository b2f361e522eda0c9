/**
 * Local same-day couriers for the checkout (docs/requirements/storefront.md §3, §4, §7): active couriers of the
 * store's city (or without a city), each with its active price for the destination district or
 * else its region-wide price; effective_price = max(base_price, min_price); cheapest first.
 * No distance rule is applied: the spec's price_per_km has no distance to multiply (the
 * checkout does not know one), so base_price is the price of a delivery within the city.
 */
import { isLocalDestination } from '@pasar/core/checkout';
import type { LocalCourierOption } from '@pasar/core/couriers';
import type { SettingValue } from '@pasar/core/settings';
import type { DbOrTx } from '../../db/client';
import type { CheckedDistrict } from '../locations/locations.service';
import { getSetting } from '../settings/settings.service';
import { localPriceCandidates, type LocalPriceCandidate } from './couriers.repository';

/**
 * `destination` comes from the locations check (checkCityDistrict / checkDestination), never from the
 * request as sent: the district's real city decides whether a local courier delivers (issue 14).
 */
export async function localCourierOptions(
  db: DbOrTx,
  destination: CheckedDistrict,
  /** The store's location when the caller has read it already (checkout, issue 15: one round trip less). */
  storeLocation?: SettingValue<'store_location'> | null,
  /** `localPriceCandidates` of `destination.district` when the caller has read them already (checkout, issue 15). */
  candidates?: LocalPriceCandidate[],
): Promise<LocalCourierOption[]> {
  const store = storeLocation === undefined ? await getSetting(db, 'store_location') : (storeLocation ?? undefined);
  if (!store || !isLocalDestination(destination.cityId, store.city_id)) return [];
  const read = candidates ?? (await localPriceCandidates(db, destination.district.id));
  // Couriers working in the store's city, or in no city.
  const rows = read.filter((r) => r.courier_city_id === null || r.courier_city_id === store.city_id);
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
