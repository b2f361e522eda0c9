/** The order desk's actions on a shipment (issue 28): "Kirim", "Tandai sampai", a timeline entry. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminOrderList } from '@pasar/core/orders';
import { apiRequest } from '../../../lib/api-client';

export type ShipmentAction =
  | { kind: 'ship'; shipmentId: number; version: number; courier_name?: string; service?: string; tracking_number?: string }
  | { kind: 'deliver'; shipmentId: number; version: number }
  | { kind: 'event'; shipmentId: number; description: string; location?: string };

const deskKey = ['admin', 'orders'] as const;

/** An order desk action; the answer (the order) replaces its row, then the pages and counts reload, also after a refusal. */
export function useShipmentAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ShipmentAction) => {
      const { kind, shipmentId, ...body } = action;
      const path = kind === 'ship' ? 'ship' : kind === 'deliver' ? 'deliver' : 'events';
      return apiRequest<AdminOrder>(`/shipments/${shipmentId}/${path}`, { method: 'POST', body });
    },
    onSuccess: ({ data }) => {
      // Only list answers: an order's refunds live under the same prefix.
      client.setQueriesData<AdminOrderList>({ queryKey: deskKey }, (list) => (list && Array.isArray(list.items) ? { ...list, items: list.items.map((o) => (o.id === data.id ? data : o)) } : list));
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: deskKey }), client.invalidateQueries({ queryKey: ['admin', 'dashboard'] })]),
  });
}

