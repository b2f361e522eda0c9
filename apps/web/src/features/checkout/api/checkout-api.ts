/** Checkout calls (docs/requirements/storefront.md §7), typed with the payload schemas in core. */
import { useEffect } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Order, OrderPayload, OrderQuote } from '@pasar/core/checkout';
import { NATIONAL_COURIERS } from '@pasar/core/checkout';
import type { LocalCourierOptionsAnswer } from '@pasar/core/couriers';
import type { PaymentChannelsAnswer } from '@pasar/core/payments';
import { posPriceChangedSchema, type PosPriceChanged } from '@pasar/core/pos';
import type { ShippingCostAnswer } from '@pasar/core/shipping';
import { api, ApiError, apiRequest } from '../../../lib/api-client';
import { useStoreSettings } from '../../../lib/store-settings';

export const useStore = () => useStoreSettings();
/** Every live online provider with its channels (decision 074); a provider with `sandbox` takes no money (decision 013). */
export const useChannels = () => useQuery({ queryKey: ['payments', 'channels'], queryFn: () => api<PaymentChannelsAnswer>('/payments/channels'), staleTime: 5 * 60_000 });

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

/** How often the success panel asks again while the order awaits its payment (issue 31). */
export const PLACED_ORDER_POLL_MS = 5_000;

/** Paid, expired, failed or cancelled: the payment's state will not move on by itself any more. */
export const paymentSettled = (order: Pick<Order, 'payment_status' | 'status'>) => order.payment_status !== 'unpaid' || order.status === 'cancelled';

/**
 * The placed order as it now stands (issue 31): the shopper pays in the gateway's tab and comes
 * back to "Belum dibayar". Read again through the order's own link (no throttle there) every few
 * seconds while the tab is shown and at once when it is shown or focused again, until paid or
 * expired. Same cache entry as the order's page, so either screen updates the other.
 */
export function usePlacedOrder(order: Order): Order {
  const token = /\/pesanan\/akses\/([0-9a-f]+)$/.exec(order.order_url ?? '')?.[1] ?? null;
  const query = useQuery({
    queryKey: ['orders', 'access', token],
    queryFn: ({ signal }) => api<Order>(`/orders/access/${encodeURIComponent(token ?? '')}`, { signal }),
    enabled: token !== null && !paymentSettled(order),
    initialData: order,
    initialDataUpdatedAt: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && paymentSettled(q.state.data) ? false : PLACED_ORDER_POLL_MS),
    // TanStack Query's own focus signal is visibilitychange (a tab shown again); a gateway in a
    // separate window only moves the focus, hence the listener below as well.
    refetchOnWindowFocus: true,
  });
  const { refetch } = query;
  const settled = paymentSettled(query.data);
  useEffect(() => {
    if (token === null || settled) return;
    const again = () => void refetch();
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [token, settled, refetch]);
  return query.data;
}
