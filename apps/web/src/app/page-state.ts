/**
 * What the server hands the browser with a rendered page (docs/decisions/026-server-rendered-storefront.md):
 * the router's loader data and the filled query cache, as JSON in a `<script type="application/json">`
 * block. The block is data, never run, so the Content-Security-Policy needs no inline script.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

export const PAGE_STATE_ID = 'page-state';

export interface PageState {
  router: HydrationState;
  queries: DehydratedState;
}

/** The block's markup. `<` is written \u003c, so no text in the data (a product named `</script>`) can end it. */
export function pageStateScript(state: PageState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`;
}

/** The state of the page the server drew, or undefined for the plain shell. */
export function readPageState(): PageState | undefined {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return undefined;
  }
}
