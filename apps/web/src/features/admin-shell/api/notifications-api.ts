/** The bell's pending orders, polled; "seen" is when this admin last opened the bell, per browser. */
import { useQuery } from '@tanstack/react-query';
import type { Notifications } from '@pasar/core/dashboard';
import { api } from '../../../lib/api-client';
import { readJson, writeJson } from '../../../lib/storage';

const SEEN_KEY = 'admin_notifications_seen_at';

export function lastSeen(): string | undefined {
  const value = readJson<unknown>(SEEN_KEY);
  return typeof value === 'string' ? value : undefined;
}

export function markSeen(at: string): void {
  writeJson(SEEN_KEY, at);
}

export function useNotifications(since: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'notifications', since ?? null],
    queryFn: ({ signal }) => api<Notifications>(`/dashboard/notifications${since ? `?since=${encodeURIComponent(since)}` : ''}`, { signal }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}
