/**
 * Which shipping service is chosen (docs/requirements/storefront.md §4 Checkout), as pure rules: the page keeps
 * the buyer's pick and applies `shippingAfterLoad` each time a district's options arrive.
 */
import type { LocalCourierOption } from '@pasar/core/couriers';
import type { ShippingOption } from '@pasar/core/shipping';

export type ShippingChoice = { kind: 'national'; option: ShippingOption } | { kind: 'local'; option: LocalCourierOption } | null;

/**
 * Spec §4: national options, when there are any, win and keep a national choice still on offer
 * (same courier and service), else the first; with only local ones, the first local; else none.
 */
export function shippingAfterLoad(previous: ShippingChoice, national: readonly ShippingOption[], local: readonly LocalCourierOption[]): ShippingChoice {
  const [firstNational] = national;
  if (firstNational) {
    const still = previous?.kind === 'national' ? national.find((o) => isNationalChoice(previous, o)) : undefined;
    return { kind: 'national', option: still ?? firstNational };
  }
  const [firstLocal] = local;
  return firstLocal ? { kind: 'local', option: firstLocal } : null;
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
