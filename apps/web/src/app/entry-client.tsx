/**
 * The browser's half of the storefront (docs/decisions/026-server-rendered-storefront.md). A page the
 * server drew carries its state (app/page-state.ts): the query cache is filled from it, lazy route
 * modules of the page are loaded, and the same tree is hydrated with the router's loader data, so
 * the first render matches the HTML and nothing is fetched again. The plain shell (cart, checkout,
 * the back office, `npm run dev`) is drawn in the browser as before.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { options } from 'preact';
import { httpSource } from '../lib/storefront-source';
import { readPageState } from './page-state';
import { createQueryClient, Providers } from './providers';
import { createRoutes } from './router';

/** Keep in step with boot.ts, which holds the taps made before the app was there. */
const APP_HYDRATED = 'pasar:hydrated';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

function app(router: BrowserRouter, queryClient: ReturnType<typeof createQueryClient>) {
  return (
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}

/** The page's routes whose module is lazy: loaded before hydrating, or the router would first render nothing. */
function lazyRoutesOfPage(routes: RouteObject[]): RouteObject[] {
  return (matchRoutes(routes, window.location) ?? []).map((m) => m.route).filter((route) => typeof route.lazy === 'function');
}

async function resolveLazyRoutes(lazy: RouteObject[]): Promise<void> {
  await Promise.all(
    lazy.map(async (route) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

function start(container: HTMLElement): void | Promise<void> {
  const queryClient = createQueryClient();
  const routes = createRoutes({ queryClient, source: httpSource, awaitData: false });
  const state = readPageState();
  if (!state) {
    // Nothing drawn by the server to hold taps for: boot.ts stops holding them.
    document.dispatchEvent(new Event(APP_HYDRATED));
    createRoot(container).render(app(createBrowserRouter(routes), queryClient));
    return;
  }
  // The data is as fresh as the page, whatever this device's clock says about the server's.
  const now = Date.now();
  for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state.queries);

  reportHydrationMismatches();
  const hydratePage = () => {
    const router = createBrowserRouter(routes, { hydrationData: state.router });
    // Under React a transition lets hydration yield to the browser; preact/compat runs it at once,
    // in one task, and reports mismatches through reportHydrationMismatches instead of the option below.
    const serverText = container.textContent;
    startTransition(() => {
      hydrateRoot(container, app(router, queryClient), {
        // With React, a mismatch with the server's HTML is recovered by drawing again in the
        // browser; say so loudly (e2e/server-rendering.spec.ts fails on any console error).
        onRecoverableError: (error, info) => console.error('Hydration error:', error, info.componentStack ?? ''),
      });
      reportTextMismatch(serverText, container.textContent);
      // boot.ts gives back the taps it held once the hydrated page's effects have run: Preact runs them
      // after the next frame, and one of them (the storefront menu closing on a new location) would
      // otherwise undo a tap given back at once.
      afterHydrationEffects(() => document.dispatchEvent(new Event(APP_HYDRATED)));
    });
  };
  // The storefront's server-drawn screens are in this chunk (app/router.tsx): hydrated right after
  // the first paint, without waiting for another download.
  const lazy = lazyRoutesOfPage(routes);
  if (lazy.length === 0) return afterFirstPaint(hydratePage);
  return resolveLazyRoutes(lazy).then(() => afterFirstPaint(hydratePage));
}

/**
 * The app runs on preact/compat (docs/decisions/032-preact-compat.md), whose hydrateRoot takes no
 * onRecoverableError: where the HTML holds other elements than the first render, Preact quietly draws
 * new ones. Its debug build reports that through this internal hook (`_hydrationMismatch`, shipped
 * as `__m` in the pinned version); a page the server drew must not mismatch, so say so loudly
 * (e2e/server-rendering.spec.ts fails on any console error). A text that differs is corrected
 * without passing through it: reportTextMismatch catches that kind.
 */
function reportHydrationMismatches(): void {
  (options as { __m?: (vnode: { type: unknown }) => void }).__m = (vnode) => {
    const type = typeof vnode.type === 'string' ? vnode.type : 'component';
    console.error(`Hydration error: the server's HTML has no <${type}> where the first render draws one`);
  };
}

/**
 * Preact hydrates synchronously, so right after hydrateRoot the page holds the first render's text,
 * before any effect or the render that follows hydration (useHydrated). A text Preact corrected
 * quietly (a price, a count, a date formatted differently in the browser) shows here as a
 * difference from the server's text.
 */
function reportTextMismatch(server: string | null, hydrated: string | null): void {
  if (server === hydrated) return;
  const at = [...(server ?? '')].findIndex((char, i) => char !== hydrated?.[i]);
  const around = (text: string | null) => JSON.stringify((text ?? '').slice(Math.max(0, at - 40), at + 40));
  console.error(`Hydration error: the first render's text differs from the server's HTML at ${around(server)} → ${around(hydrated)}`);
}

/**
 * Hydration waits for the frame that paints the server's HTML (a frame, then a task after it): the
 * page shows without waiting for React's work, the longest task of the load on a cheap phone, and
 * Lighthouse's simulation no longer counts that work before the first paint (decision 026). The
 * price is one frame more during which a tap on the drawn page does nothing.
 */
function afterFirstPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** After Preact's plain effects of the render just done (a frame, then a task), and a frame more. */
function afterHydrationEffects(run: () => void): void {
  requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(run, 0)), 0));
}

const container = document.getElementById('root');
if (container) void start(container);
