/**
 * The bell's pending orders, polled. "Seen" is the newest order id the bell showed when this admin
 * last opened it, per browser: an id from the server, so a browser clock that runs fast or slow
 * cannot hide new orders or bring seen ones back.
 */
import { useQuery } from '@tanstack/react-query';
import type { Notifications } from '@pasar/core/dashboard';
import { api } from '../../../lib/api-client';
import { readJson, writeJson } from '../../../lib/storage';

const SEEN_KEY = 'admin_notifications_seen_order_id';

export function lastSeen(): number | undefined {
  const value = readJson<unknown>(SEEN_KEY);
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

export function markSeen(orderId: number): void {
  writeJson(SEEN_KEY, orderId);
}

export function useNotifications(afterId: number | undefined) {
  return useQuery({
    queryKey: ['admin', 'notifications', afterId ?? null],
    queryFn: ({ signal }) => api<Notifications>(`/dashboard/notifications${afterId !== undefined ? `?after_id=${afterId}` : ''}`, { signal }),
    // Fresh on every window focus, not only after the app's default 30 s.
    staleTime: 0,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}
