/**
 * The store's public facts (GET /settings/store: location, transfer accounts, profile, whether
 * online payment is the demo sandbox), read one way by every screen: one query key, one type from
 * core, one staleness; each screen picks what it needs with `select`.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, setDefaultTimeZone } from '@pasar/core/time';
import type { PublicStoreSettings } from '@pasar/core/settings';
import { httpSource, type BrowserSource } from './storefront-source';

/** The query, also filled by the server for a rendered page (docs/decisions/026-server-rendered-storefront.md). */
export const storeSettingsQuery = (source: BrowserSource = httpSource) => ({
  queryKey: ['settings', 'store'],
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<PublicStoreSettings> => source.storeSettings(signal),
  staleTime: 5 * 60_000,
});

export function useStoreSettings<T = PublicStoreSettings>(select?: (settings: PublicStoreSettings) => T) {
  return useQuery({ ...storeSettingsQuery(), ...(select ? { select } : {}) });
}

/**
 * Makes the store's time zone (issue 17) the zone of every date this browser shows. Rendered at
 * the root, above every screen: a browser shows one store, so the formatter's default is set once
 * here rather than passed by each of the many places that format a date, and when the setting
 * arrives in another zone than the default the screens are drawn again (the root keys them by the
 * zone: route elements would otherwise keep what they drew). Until then, and if the request fails,
 * dates read in the default zone (WIB).
 */
export function useStoreTimeZone(): string {
  const zone = useStoreSettings((s) => s.time_zone).data ?? DEFAULT_TIME_ZONE;
  setDefaultTimeZone(zone);
  return zone;
}
