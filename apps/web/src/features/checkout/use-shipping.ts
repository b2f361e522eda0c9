import { useState } from 'react';
import { checkoutMessages as m, isLocalDestination } from '@pasar/core/checkout';
import type { StoreLocation } from '@pasar/core/settings';
import { useShippingQueries } from './api/checkout-api';
import type { Destination } from './order-payload';
import { shippingAfterLoad, type ShippingChoice } from './shipping-choice';

interface ChoiceState {
  /** The destination the choice belongs to: a new city or district starts without one (spec §4). */
  destination: string;
  /** The destination's city: changing it clears the shipping (spec §4), changing the district does not. */
  cityId: number | null;
  choice: ShippingChoice;
  /**
   * The choice made for the previous district of the same city, kept aside while the new
   * district's options load: it stays chosen if they still offer it (spec §4, issue 16).
   */
  carried: ShippingChoice;
  /** The options the automatic choice was last made from, so each answer is applied once. */
  appliedTo: string | null;
}

/**
 * A district's shipping options and the chosen one (docs/requirements/storefront.md §4 Checkout). When options
 * arrive the choice follows shippingAfterLoad; the buyer's pick stands until the next answer.
 */
export function useShipping({
  destination,
  storeLocation,
  originDistrictId,
  weight,
  localOnly = false,
}: {
  destination: Destination;
  storeLocation: StoreLocation | null;
  originDistrictId: number | null;
  weight: number;
  /** The group holds a "hanya kirim lokal" product (issue 28): national services are not offered. */
  localOnly?: boolean;
}) {
  const { city, district } = destination;
  const destinationKey = city && district ? `${city.id}/${district.id}` : '';
  // Spec §4: local options apply only when the destination city is the store's city.
  const local = isLocalDestination(city?.id, storeLocation?.city_id);
  const priceable = storeLocation !== null && originDistrictId !== null;
  const [national, localOptions] = useShippingQueries({
    originDistrictId: priceable ? originDistrictId : null,
    cityId: city?.id ?? null,
    districtId: destinationKey ? (district?.id ?? null) : null,
    weight,
    local,
  });
  const loading = destinationKey !== '' && (national.isLoading || localOptions.isLoading);
  const nationalOptions = (destinationKey && !localOnly && national.data) || [];
  const localList = (destinationKey && local && localOptions.data) || [];

  const cityId = city?.id ?? null;
  const [state, setState] = useState<ChoiceState>({ destination: '', cityId: null, choice: null, carried: null, appliedTo: null });
  let current: ChoiceState = state;
  if (state.destination !== destinationKey || state.cityId !== cityId) {
    // A new district shows no choice until its options arrive; within the same city the previous
    // choice waits aside (also across an emptied district list), another city drops it.
    const carried = state.cityId === cityId ? (state.choice ?? state.carried) : null;
    current = { destination: destinationKey, cityId, choice: null, carried, appliedTo: null };
  }
  const answer = destinationKey && !loading ? [destinationKey, priceable, local, national.dataUpdatedAt, national.errorUpdatedAt, localOptions.dataUpdatedAt].join('|') : null;
  if (answer !== null && current.appliedTo !== answer) {
    // Adjusting state while rendering (React's pattern for state derived from new data): the
    // screen never shows the options of one answer beside the choice of the previous one.
    current = { ...current, choice: shippingAfterLoad(current.choice ?? current.carried, nationalOptions, localList), carried: null, appliedTo: answer };
  }
  // Kept, so a city changed and changed back in between forgets the old choice (spec §4).
  if (current !== state) setState(current);

  let error: string | undefined;
  if (destinationKey && !loading) error = !priceable ? m.storeLocationIncomplete : national.isError ? m.shippingCostFailed : undefined;

  return {
    national: nationalOptions,
    localOnly,
    local: localList,
    loading,
    error,
    /** A district is chosen, so options can be asked for and offered. */
    ready: district !== null,
    /** Spec §4: the store's city gets local couriers, so "no local courier" is worth saying. */
    localDestination: local,
    choice: current.choice,
    choose: (choice: ShippingChoice) => setState({ ...current, choice }),
  };
}
