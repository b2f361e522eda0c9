/**
 * The store's public facts (GET /settings/store: location, transfer accounts, profile, whether
 * online payment is the demo sandbox), read one way by every screen: one query key, one type from
 * core, one staleness; each screen picks what it needs with `select`.
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicStoreSettings } from '@pasar/core/settings';
import { api } from './api-client';

export function useStoreSettings<T = PublicStoreSettings>(select?: (settings: PublicStoreSettings) => T) {
  return useQuery({
    queryKey: ['settings', 'store'],
    queryFn: ({ signal }) => api<PublicStoreSettings>('/settings/store', { signal }),
    staleTime: 5 * 60_000,
    ...(select ? { select } : {}),
  });
}
