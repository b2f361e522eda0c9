import { useQuery } from '@tanstack/react-query';
import type { Order } from '@pasar/core/checkout';
import { api } from '../../../lib/api-client';

export const useMyOrders = () => useQuery({ queryKey: ['orders', 'mine'], queryFn: ({ signal }) => api<Order[]>('/orders/mine', { signal }), refetchOnWindowFocus: true });
export const useMyOrder = (id: number | undefined) =>
  useQuery({ queryKey: ['orders', 'mine', id], queryFn: ({ signal }) => api<Order>(`/orders/mine/${id}`, { signal }), enabled: id !== undefined, refetchOnWindowFocus: true });
