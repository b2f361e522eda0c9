/**
 * The messages the shop sent the buyer about one order (decision 051), read by the order's link
 * token or as the signed-in owner's order; under the order's own key, so whatever refreshes the
 * order refreshes this list too.
 */
import { useQuery } from '@tanstack/react-query';
import type { BuyerMessageItem } from '@pasar/core/mail';
import { ApiError, api } from '../../../lib/api-client';

export type OrderMessagesRef = { accessToken: string } | { orderId: number };

const path = (ref: OrderMessagesRef) => ('accessToken' in ref ? `/orders/access/${encodeURIComponent(ref.accessToken)}/messages` : `/orders/mine/${ref.orderId}/messages`);
const key = (ref: OrderMessagesRef) => ('accessToken' in ref ? ['orders', 'access', ref.accessToken, 'messages'] : ['orders', 'mine', ref.orderId, 'messages']);

export const useOrderMessages = (ref: OrderMessagesRef | null) =>
  useQuery({
    queryKey: ref ? key(ref) : ['orders', 'none', 'messages'],
    queryFn: ({ signal }) => api<BuyerMessageItem[]>(path(ref as OrderMessagesRef), { signal }),
    enabled: ref !== null,
    // A 4xx (an unknown link, someone else's order) will not turn out differently on a second try.
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
    refetchOnWindowFocus: true,
  });
