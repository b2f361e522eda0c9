/**
 * Route loaders of the server-rendered storefront (docs/decisions/026-server-rendered-storefront.md).
 * They fill the TanStack Query cache under the keys the screens read, through a StorefrontSource:
 * on the server the API's services, awaited, so the page is drawn with its products; in the browser
 * HTTP, started but not awaited, so a click on a link shows the next screen (with its skeletons)
 * at once while its data and code load side by side. The screens keep reading the cache with
 * their hooks either way.
 */
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { catalogQueries, clampedPageSearch, productIdParam, productQueryFromSearch, SHELF_SIZE } from '../lib/catalog-api';
import { storeSettingsQuery } from '../lib/store-settings';
import type { BrowserSource } from '../lib/storefront-source';

export interface LoaderContext {
  queryClient: QueryClient;
  /** HTTP in the browser; on the server the API's services (which ignore the signal). */
  source: BrowserSource;
  /** True on the server: a loader returns once its data is in the cache. */
  awaitData: boolean;
}

export function storefrontLoaders({ queryClient, source, awaitData }: LoaderContext) {
  /** Awaited on the server; in the browser started, its failure left to the screen's own query. */
  const fill = async (load: () => Promise<unknown>): Promise<void> => {
    if (awaitData) await load();
    else load().catch(() => undefined);
  };
  const notFound = () => data(null, { status: 404 });

  return {
    /** Every screen reads the store's time zone (app/router.tsx StoreRoot). */
    root: async () => {
      await fill(() => queryClient.ensureQueryData(storeSettingsQuery(source)));
      return null;
    },
    landing: async () => {
      await fill(async () => {
        const categories = await queryClient.ensureQueryData(catalogQueries.categories(source));
        await Promise.all(categories.map((c) => queryClient.ensureQueryData(catalogQueries.shelf(c.id, SHELF_SIZE, source))));
      });
      return null;
    },
    catalog: async ({ request }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      const query = productQueryFromSearch(url.searchParams);
      if (!awaitData) {
        await fill(() =>
          Promise.all([queryClient.ensureQueryData(catalogQueries.categories(source)), queryClient.ensureQueryData(catalogQueries.productPage(query, source))]),
        );
        return null;
      }
      const [, page] = await Promise.all([
        queryClient.ensureQueryData(catalogQueries.categories(source)),
        queryClient.ensureQueryData(catalogQueries.productPage(query, source)),
      ]);
      // A page past the last is sent to the last page's address (issue 16), not drawn empty.
      const clamped = clampedPageSearch(url.searchParams, page.total_pages);
      if (clamped) throw redirect(`${url.pathname}?${clamped.toString()}`.replace(/\?$/, ''));
      return null;
    },
    /** A product that does not exist is the page's "not found" state, answered with HTTP 404. */
    product: async ({ params }: LoaderFunctionArgs) => {
      const id = productIdParam(params.id);
      if (id === undefined) return notFound();
      if (!awaitData) {
        await fill(() => queryClient.ensureQueryData(catalogQueries.product(id, source)));
        return null;
      }
      const product = await queryClient.ensureQueryData(catalogQueries.product(id, source));
      return product === null ? notFound() : null;
    },
  };
}
