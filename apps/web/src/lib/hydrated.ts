/**
 * False while the page drawn by the server is being hydrated (and on the server), true from the
 * browser's next render on (docs/decisions/026-server-rendered-storefront.md). What only the browser
 * knows (browser storage, the history entry's state) waits for it, so the first render matches the
 * server's HTML.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
