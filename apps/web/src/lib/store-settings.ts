/**
 * The store's public facts (GET /settings/store: location, transfer accounts, profile, whether
 * online payment is the demo sandbox), read one way by every screen: one query key, one type from
 * core, one staleness; each screen picks what it needs with `select`.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, setDefaultTimeZone } from '@pasar/core/time';
import { createElement } from 'react';
import { publicDemoNotice } from '@pasar/core/demo';
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

/**
 * "Mode demo" above every page of a public demo (PUBLIC_URL and SEED_DEMO=true, decision 043): anyone
 * may sign in there with the README's passwords, so no visitor should take it for a real shop. Drawn
 * from the store facts the server already puts in a rendered page, so hydration sees the same.
 */
export function PublicDemoNotice() {
  const demo = useStoreSettings((s) => s.public_demo).data === true;
  if (!demo) return null;
  return createElement('p', { role: 'status', className: 'bg-amber-400 px-4 py-1.5 text-center text-sm font-semibold text-stone-900' }, publicDemoNotice);
}
