import { useQuery } from '@tanstack/react-query';
import type { Order } from '@pasar/core/checkout';
import { api } from '../../../lib/api-client';

/** One order is read through the order page's own query (features/payments/api), keyed under this list. */
export const useMyOrders = () => useQuery({ queryKey: ['orders', 'mine'], queryFn: ({ signal }) => api<Order[]>('/orders/mine', { signal }), refetchOnWindowFocus: true });
