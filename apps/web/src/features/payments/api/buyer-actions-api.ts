/** The buyer's actions on their own order (issue 28): a shipment's tracking, "Pesanan diterima", "Batalkan". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@pasar/core/checkout';
import type { ShipmentTracking } from '@pasar/core/shipments';
import { api, apiRequest } from '../../../lib/api-client';
import type { OrderRef } from './payments-api';

const base = (ref: OrderRef) => (ref.kind === 'access' ? `/orders/access/${encodeURIComponent(ref.token)}` : `/orders/mine/${ref.id}`);
const orderKey = (ref: OrderRef) => (ref.kind === 'access' ? ['orders', 'access', ref.token] : ['orders', 'mine', ref.id]);

/** A shipment's tracking on the buyer's page (courier scans when the shop has RajaOngkir, else the shop's timeline). */
export const useShipmentTracking = (ref: OrderRef, shipmentId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...orderKey(ref), 'tracking', shipmentId],
    queryFn: ({ signal }) => api<ShipmentTracking>(`${base(ref)}/shipments/${shipmentId}/tracking`, { signal }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });

/** "Pesanan diterima" and "Batalkan": the answer is the order as it now stands. */
export function useBuyerOrderAction(ref: OrderRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'received'; shipmentId: number } | { kind: 'cancel' }) =>
      apiRequest<Order>(action.kind === 'received' ? `${base(ref)}/shipments/${action.shipmentId}/received` : `${base(ref)}/cancel`, { method: 'POST', body: {} }),
    onSuccess: ({ data }) => {
      client.setQueryData(orderKey(ref), data);
      void client.invalidateQueries({ queryKey: ['orders', 'mine'], exact: true });
    },
    onError: () => void client.invalidateQueries({ queryKey: orderKey(ref), exact: true }),
  });
}
