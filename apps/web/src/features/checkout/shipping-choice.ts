/**
 * Which shipping service is chosen (docs/requirements/storefront.md §4 Checkout), as pure rules: the page keeps
 * the buyer's pick and applies `shippingAfterLoad` each time a district's options arrive.
 */
import type { LocalCourierOption } from '@pasar/core/couriers';
import type { ShippingOption } from '@pasar/core/shipping';

export type ShippingChoice = { kind: 'national'; option: ShippingOption } | { kind: 'local'; option: LocalCourierOption } | null;

/**
 * Spec §4: a choice still on offer is kept, at the new answer's price: a national one by courier
 * and service, a local one by courier and price region (issue 16: another district of the city
 * kept the same courier, yet the choice was reset). Otherwise national options, when there are
 * any, win with the first; with only local ones, the first local; else none.
 */
export function shippingAfterLoad(previous: ShippingChoice, national: readonly ShippingOption[], local: readonly LocalCourierOption[]): ShippingChoice {
  if (previous?.kind === 'national') {
    const still = national.find((o) => isNationalChoice(previous, o));
    if (still) return { kind: 'national', option: still };
  }
  if (previous?.kind === 'local') {
    const still = local.find((o) => isSameLocalCourier(previous.option, o));
    if (still) return { kind: 'local', option: still };
  }
  const [firstNational] = national;
  if (firstNational) return { kind: 'national', option: firstNational };
  const [firstLocal] = local;
  return firstLocal ? { kind: 'local', option: firstLocal } : null;
}

/**
 * The same local courier at the same price region: the district's own price row may differ from
 * the region-wide one it replaced (another price_id), yet the buyer chose this courier there.
 */
export function isSameLocalCourier(a: LocalCourierOption, b: LocalCourierOption): boolean {
  return a.courier_id === b.courier_id && a.region === b.region;
}

export function isNationalChoice(choice: ShippingChoice, option: ShippingOption): boolean {
  return choice?.kind === 'national' && choice.option.courier_code === option.courier_code && choice.option.service === option.service;
}

export function isLocalChoice(choice: ShippingChoice, option: LocalCourierOption): boolean {
  return choice?.kind === 'local' && choice.option.price_id === option.price_id;
}

/** Whole rupiah: a local courier's effective price or the national rate; 0 before a choice. */
export function shippingCostOf(choice: ShippingChoice): number {
  if (!choice) return 0;
  return choice.kind === 'local' ? choice.option.effective_price : choice.option.cost;
}
