/**
 * The server's half of the storefront (docs/decisions/026-server-rendered-storefront.md), built by
 * `vite build --ssr` into dist/server and called by the API (apps/api/src/plugins/web-app.ts) with
 * a StorefrontSource over its own services: React Router's static handler runs the route loaders,
 * which fill a query cache for this request; the page is drawn from that cache and handed over with
 * it, so the browser hydrates the same markup and asks nothing again. A path the server does not
 * draw (cart, checkout, accounts, the back office) or a loader that fails answers 'shell': the
 * browser draws that page as before. A loader's redirect to a path of this site answers 'redirect'.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import type { StorefrontRenderer } from '@pasar/core/catalog';
import { pageStateScript } from './page-state';
import { createQueryClient, Providers } from './providers';
import { titleFor } from './page-navigation';
import { createRoutes, type RouteHandle } from './router';

export const render: StorefrontRenderer = async (url, source) => {
  const queryClient = createQueryClient({ server: true });
  try {
    const routes = createRoutes({ queryClient, source, awaitData: true });
    const matches = matchRoutes(routes, new URL(url).pathname);
    const leaf = matches?.at(-1)?.route.handle as RouteHandle | undefined;
    // Every page's own <title> is in the HTML, the shell's too (issue 31 item 12).
    const title = titleFor((matches ?? []).map((m) => ({ handle: m.route.handle, params: m.params }))) ?? undefined;
    if (!leaf?.serverRendered) return { kind: 'shell', title };

    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) {
      // A loader's redirect (a catalogue page past the last, app/loaders.ts) is the server's to answer.
      const location = context.headers.get('Location');
      const status = context.status === 303 ? 303 : 302;
      return location?.startsWith('/') && !location.startsWith('//') ? { kind: 'redirect', status, location } : { kind: 'shell' };
    }
    if (context.errors) return { kind: 'shell', error: Object.values(context.errors)[0] };

    const router = createStaticRouter(handler.dataRoutes, context);
    // hydrate={false}: the router's own inline script would need 'unsafe-inline'; its data goes
    // into the page-state block instead, which entry-client.tsx hands to createBrowserRouter.
    const html = renderToString(
      <StrictMode>
        <Providers client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
    const stateScript = pageStateScript({
      router: { loaderData: context.loaderData, actionData: context.actionData },
      queries: dehydrate(queryClient),
    });
    return { kind: 'page', status: context.statusCode, html, stateScript, title };
  } finally {
    queryClient.clear();
  }
};
