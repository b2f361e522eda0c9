/**
 * The order's own page and its proof of transfer (decision 013): one order read either by its link
 * token (anyone holding the link) or as the signed-in owner's order, and the upload that answers
 * the order as it now stands.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@pasar/core/checkout';
import { ApiError, api } from '../../../lib/api-client';

/** How the page reaches the order: the link's token, or the owner's order id. */
export type OrderRef = { kind: 'access'; token: string } | { kind: 'mine'; id: number };

const orderPath = (ref: OrderRef) => (ref.kind === 'access' ? `/orders/access/${encodeURIComponent(ref.token)}` : `/orders/mine/${ref.id}`);
/** Same key as the "Pesanan Saya" list's detail, so an upload updates whichever screen shows it. */
const orderKey = (ref: OrderRef) => (ref.kind === 'access' ? ['orders', 'access', ref.token] : ['orders', 'mine', ref.id]);

/** A 4xx will not turn out differently on a second try (an unknown token, someone else's order). */
const retryUnlessRefused = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

export const useOrder = (ref: OrderRef | null) =>
  useQuery({
    queryKey: ref ? orderKey(ref) : ['orders', 'none'],
    queryFn: ({ signal }) => api<Order>(orderPath(ref as OrderRef), { signal }),
    enabled: ref !== null,
    retry: retryUnlessRefused,
    // A shopper comes back from the banking app to this tab: show what the admin decided meanwhile.
    refetchOnWindowFocus: true,
  });

/** Sends the proof as multipart field `file`; the answer is the order with its new proof state. */
export function useUploadProof(ref: OrderRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<Order>(`${orderPath(ref)}/payment-proof`, { method: 'POST', body: form });
    },
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(ref), order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'mine'], exact: true });
    },
    // The order may have moved on meanwhile (paid, expired, cancelled): show it as it now stands.
    onError: () => void queryClient.invalidateQueries({ queryKey: orderKey(ref), exact: true }),
  });
}

/** True when the server refused the order itself (unknown or malformed token, not yours). */
export function isOrderNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);
}
