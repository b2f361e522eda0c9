import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminOrderList, OrderStatus } from '@pasar/core/orders';
import { API_BASE, api, apiRequest, ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

export interface OrderFilter {
  q: string;
  status: 'all' | OrderStatus;
  page: number;
  page_size: number;
}

const key = ['admin', 'orders'] as const;
const search = (f: Partial<OrderFilter>) => {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.status && f.status !== 'all') p.set('status', f.status);
  if (f.page) p.set('page', String(f.page));
  if (f.page_size) p.set('page_size', String(f.page_size));
  return p.toString();
};

export const useAdminOrders = (filter: OrderFilter) =>
  useQuery({
    queryKey: [...key, filter],
    queryFn: ({ signal }) => api<AdminOrderList>(`/orders?${search(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The changed row is replaced by the server's answer in every cached page, then counts refresh. */
export function useChangeOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, version }: { id: number; status: OrderStatus; version: number }) => apiRequest<AdminOrder>(`/orders/${id}`, { method: 'PUT', body: { status, version } }),
    onSuccess: ({ data }) => {
      client.setQueriesData<AdminOrderList>({ queryKey: key }, (list) => (list ? { ...list, items: list.items.map((o) => (o.id === data.id ? data : o)) } : list));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

/** The CSV comes with the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadOrdersCsv(filter: Pick<OrderFilter, 'q' | 'status'>): Promise<void> {
  const token = sessionStore.token();
  const response = await fetch(`${API_BASE}/orders/export.csv?${search(filter)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, `Ekspor gagal (${response.status}).`, 'HTTP_ERROR');
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'pesanan.csv';
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
