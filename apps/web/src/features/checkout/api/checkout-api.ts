/** Checkout calls (docs/requirements/storefront.md §7), typed with the payload schemas in core. */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Order, OrderPayload, OrderQuote } from '@pasar/core/checkout';
import { NATIONAL_COURIERS } from '@pasar/core/checkout';
import type { LocalCourierOptionsAnswer } from '@pasar/core/couriers';
import type { Area } from '@pasar/core/locations';
import type { PaymentChannelsAnswer } from '@pasar/core/payments';
import { posPriceChangedSchema, type PosPriceChanged } from '@pasar/core/pos';
import type { ShippingCostAnswer } from '@pasar/core/shipping';
import { api, ApiError, apiRequest } from '../../../lib/api-client';
import { useStoreSettings } from '../../../lib/store-settings';

export const useStore = () => useStoreSettings();
export const useProvinces = () => useQuery({ queryKey: ['locations', 'provinces'], queryFn: () => api<Area[]>('/locations/rajaongkir/provinces'), staleTime: Infinity });
export const useCities = (provinceId: number | null) =>
  useQuery({ queryKey: ['locations', 'cities', provinceId], queryFn: () => api<Area[]>(`/locations/rajaongkir/provinces/${provinceId}/cities`), enabled: provinceId !== null, staleTime: Infinity });
export const useDistricts = (cityId: number | null) =>
  useQuery({ queryKey: ['locations', 'districts', cityId], queryFn: () => api<Area[]>(`/locations/rajaongkir/cities/${cityId}/districts`), enabled: cityId !== null, staleTime: Infinity });
/** `sandbox`: the embedded demo gateway answers, and no money moves (decision 013). */
export const useChannels = () => useQuery({ queryKey: ['payments', 'channels'], queryFn: () => api<PaymentChannelsAnswer>('/payments/tripay/channels'), staleTime: 5 * 60_000 });

export interface ShippingQuery {
  /** The one business origin (or the store's district); null when it cannot be priced. */
  originDistrictId: number | null;
  cityId: number | null;
  districtId: number | null;
  weight: number;
  /** Spec §4: local couriers only when the destination city is the store's. */
  local: boolean;
}

/**
 * National rates and local couriers for a district, fetched side by side and cached by what
 * prices them. Each is tried once, as a failed price is shown at once (national) or read as no
 * local courier (spec §4: a failed local lookup degrades to no local options).
 */
export function useShippingQueries({ originDistrictId, cityId, districtId, weight, local }: ShippingQuery) {
  const courier = NATIONAL_COURIERS.join(':');
  return useQueries({
    queries: [
      {
        queryKey: ['shipping', 'national', originDistrictId, districtId, weight, courier],
        queryFn: ({ signal }) =>
          api<ShippingCostAnswer>('/shipping/cost', { method: 'POST', body: { origin_district_id: originDistrictId, destination_district_id: districtId, weight, courier }, signal }).then((r) => r.options),
        enabled: originDistrictId !== null && districtId !== null,
        retry: false,
      },
      {
        queryKey: ['shipping', 'local', districtId, cityId],
        queryFn: ({ signal }) =>
          api<LocalCourierOptionsAnswer>(`/couriers/local-options?district_id=${districtId}&city_id=${cityId}`, { signal })
            .then((r) => r.options)
            .catch(() => []),
        enabled: local && districtId !== null && cityId !== null,
        retry: false,
      },
    ],
  });
}

/** POST /orders/quote (issue 28): the server's figures, with the kode unik, before "Buat pesanan". */
export function useOrderQuote(body: OrderPayload | null) {
  return useQuery({
    queryKey: ['orders', 'quote', body],
    queryFn: ({ signal }) => api<OrderQuote>('/orders/quote', { method: 'POST', body, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** The server's 409 PRICE_CHANGED answer (current prices and total, as the point of sale reads it), or null for any other failure. */
export function priceChangedOf(error: unknown): PosPriceChanged | null {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return null;
  const parsed = posPriceChangedSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

export function placeOrder(body: OrderPayload, idempotencyKey: string) {
  return apiRequest<Order>('/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}
