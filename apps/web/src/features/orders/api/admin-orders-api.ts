import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminOrderList, AdminOrderSort, OrderStatus } from '@pasar/core/orders';
import type { SortDirection } from '@pasar/core/common';
import { API_BASE, api, apiFile, apiRequest } from '../../../lib/api-client';
import { useStoreSettings } from '../../../lib/store-settings';

export interface OrderFilter {
  q: string;
  status: 'all' | OrderStatus;
  /** 'verification': manual transfers whose proof waits for an admin (decision 013). */
  payment: 'all' | 'verification';
  page: number;
  page_size: number;
  sort?: AdminOrderSort;
  dir?: SortDirection;
}

const key = ['admin', 'orders'] as const;
const search = (f: Partial<OrderFilter>) => {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.status && f.status !== 'all') p.set('status', f.status);
  if (f.payment && f.payment !== 'all') p.set('payment', f.payment);
  if (f.page) p.set('page', String(f.page));
  if (f.page_size) p.set('page_size', String(f.page_size));
  if (f.sort) p.set('sort', f.sort);
  if (f.dir) p.set('dir', f.dir);
  return p.toString();
};

export const useAdminOrders = (filter: OrderFilter) =>
  useQuery({
    queryKey: [...key, filter],
    queryFn: ({ signal }) => api<AdminOrderList>(`/orders?${search(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * One order that is not on the page shown (a dashboard or bell link, or an order that left the
 * filter after the admin acted on it): the list searched by its id, which finds it whatever its
 * status. Kept as a list answer under the list's key, so a status change or a payment action
 * replaces its row and reloads it like every other page.
 */
export const useAdminOrder = (id: number | null, enabled: boolean) =>
  useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => api<AdminOrderList>(`/orders?${search({ q: String(id), page_size: 10 })}`, { signal }),
    select: (list) => list.items.find((o) => o.id === id) ?? null,
    enabled: enabled && id !== null,
  });

/** Replaces an order in every cached page with the server's answer. */
function replaceOrder(client: QueryClient, order: AdminOrder): void {
  // Only list answers: other order desk data lives under the same prefix (an order's refunds), and an
  // updater that throws there would turn a done action into a failed one.
  client.setQueriesData<AdminOrderList>({ queryKey: key }, (list) => (list && Array.isArray(list.items) ? { ...list, items: list.items.map((o) => (o.id === order.id ? order : o)) } : list));
}

/** Everything an order's money or status moves: the order desk's pages and counts, the dashboard and the bell. */
function reloadAfterOrderChange(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: key }),
    client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
    client.invalidateQueries({ queryKey: ['admin', 'notifications'] }),
  ]);
}

/** The changed row is replaced by the server's answer in every cached page, then counts refresh. */
export function useChangeOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, version }: { id: number; status: OrderStatus; version: number }) => apiRequest<AdminOrder>(`/orders/${id}`, { method: 'PUT', body: { status, version } }),
    onSuccess: ({ data }) => {
      replaceOrder(client, data);
      void client.invalidateQueries({ queryKey: key });
    },
    // Refused (a 409: someone else changed the order first): the row must show the order as it
    // really is now, not as this admin last saw it (issue 17).
    onError: () => {
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

export type PaymentAction = { kind: 'confirm'; id: number; version: number } | { kind: 'reject'; id: number; version: number; reason: string };

/**
 * Confirms or rejects a manual transfer (decision 013). Whatever the answer — done, or refused
 * because someone else changed the order first (409) — the list, the panel, the dashboard and the
 * bell reload, so the admin always ends up looking at the real state.
 */
export function usePaymentAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction) =>
      action.kind === 'confirm'
        ? apiRequest<AdminOrder>(`/orders/${action.id}/payment/confirm`, { method: 'POST', body: { version: action.version } })
        : apiRequest<AdminOrder>(`/orders/${action.id}/payment/reject`, { method: 'POST', body: { reason: action.reason, version: action.version } }),
    onSuccess: ({ data }) => {
      // The answer is an order only by contract; a body without one must not blank a row.
      if (data && typeof data === 'object' && 'id' in data) replaceOrder(client, data);
    },
    onSettled: () => reloadAfterOrderChange(client),
  });
}

/** The store's name for messages to buyers; absent when the profile is not set. */
export const useStoreName = () => useStoreSettings((s) => s.store_profile?.name ?? null);

/**
 * The proof of transfer, served to admins only (decision 013: never from /uploads), so the browser
 * cannot load `proof_url` in an <img> by itself: it is fetched with the bearer token as a blob.
 * `proof_url` is an API path, with or without the /api/v1 prefix.
 */
export async function fetchProof(proofUrl: string, signal?: AbortSignal): Promise<Blob> {
  const path = proofUrl.startsWith(`${API_BASE}/`) ? proofUrl.slice(API_BASE.length) : proofUrl;
  // A new upload after a rejection may come at the same address: never a cached old picture.
  return (await apiFile(path, { cache: 'no-store', ...(signal ? { signal } : {}) })).blob;
}

/**
 * The CSV comes with the bearer token, so it is fetched and handed to the browser as a file.
 * 'semicolon' is the variant for spreadsheets set to Indonesian (issue 31).
 */
export async function downloadOrdersCsv(filter: Pick<OrderFilter, 'q' | 'status' | 'payment'>, sep: 'comma' | 'semicolon' = 'comma'): Promise<void> {
  const file = await apiFile(`/orders/export.csv?${search(filter)}${sep === 'semicolon' ? '&sep=semicolon' : ''}`);
  const name = file.filename ?? 'pesanan.csv';
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
