/** Refunds and corrections on the order desk (issue 28 part 4, decision 050): fetchers and their hooks. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '@pasar/core/orders';
import type { CancelOrderBody, OrderRefunds, RemoveLineBody, ReversePaymentBody } from '@pasar/core/refunds';
import { api, apiRequest } from '../../../lib/api-client';

// Under the order desk's key, so whatever reloads the order desk reloads an order's refunds too.
const refundsKey = (id: number) => ['admin', 'orders', 'refunds', id] as const;

export const useOrderRefunds = (id: number) =>
  useQuery({ queryKey: refundsKey(id), queryFn: ({ signal }) => api<OrderRefunds>(`/orders/${id}/refunds`, { signal }) });

/** Money and stock moved: the order desk (rows, counts, revenue), the dashboard and the bell reload. */
function reload(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
    client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
    client.invalidateQueries({ queryKey: ['admin', 'notifications'] }),
  ]);
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CancelOrderBody }) => apiRequest<AdminOrder>(`/orders/${id}/cancel`, { method: 'POST', body }),
    onSettled: () => reload(client),
  });
}

export function useRemoveLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, itemId, body }: { id: number; itemId: number; body: RemoveLineBody }) => apiRequest<AdminOrder>(`/orders/${id}/lines/${itemId}/remove`, { method: 'POST', body }),
    onSettled: () => reload(client),
  });
}

export function useReversePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReversePaymentBody }) => apiRequest<AdminOrder>(`/orders/${id}/payment/reverse`, { method: 'POST', body }),
    onSettled: () => reload(client),
  });
}
