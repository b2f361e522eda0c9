/**
 * The API's access map, read from the routes the app registered rather than from a list of URL
 * prefixes: a route is either named below as open on purpose, or it must let only admins in.
 * A new admin area under a new prefix that forgets `config.access` is then caught, because the
 * auth plugin records a route without it as 'public' and 'public' is allowed only by name.
 */
import type { FastifyInstance } from 'fastify';

export type RouteEntry = FastifyInstance['routeAccess'][number];

export interface OpenRoute {
  method: string;
  url: string;
  /** What the route must declare: anyone, or any signed-in account (a customer included). */
  access: 'public' | 'signed-in';
  why: string;
}

/** Every /api/v1 route that is not admin only, on purpose (storefront and back-office requirements). */
export const openRoutes: OpenRoute[] = [
  { method: 'GET', url: '/api/v1/health', access: 'public', why: 'the load balancer and `npm start` ask whether the server is up' },
  { method: 'GET', url: '/api/v1/health/ready', access: 'public', why: 'a load balancer or supervisor asks whether the database and the disk can take an order (issue 26 §7)' },
  { method: 'POST', url: '/api/v1/auth/login', access: 'public', why: 'signing in' },
  { method: 'POST', url: '/api/v1/auth/register', access: 'public', why: 'a visitor creates a customer account' },
  { method: 'POST', url: '/api/v1/auth/logout', access: 'signed-in', why: 'any account signs itself out' },
  { method: 'GET', url: '/api/v1/profile', access: 'signed-in', why: 'any account reads its own profile' },
  { method: 'PUT', url: '/api/v1/profile', access: 'signed-in', why: 'any account edits its own profile' },
  { method: 'POST', url: '/api/v1/auth/forgot-password', access: 'public', why: 'a visitor who forgot the password asks for a reset link (issue 28)' },
  { method: 'POST', url: '/api/v1/auth/reset-password', access: 'public', why: "whoever holds a reset link's token sets a new password (issue 28)" },
  { method: 'PUT', url: '/api/v1/profile/password', access: 'signed-in', why: 'any account changes its own password (issue 28)' },
  { method: 'GET', url: '/api/v1/catalog/categories', access: 'public', why: 'the storefront lists categories to guests' },
  { method: 'GET', url: '/api/v1/catalog/products', access: 'public', why: 'the storefront catalogue' },
  { method: 'GET', url: '/api/v1/catalog/products/:id', access: 'public', why: 'a product page' },
  { method: 'GET', url: '/api/v1/catalog/products/by-category', access: 'public', why: 'the landing page rows' },
  { method: 'GET', url: '/api/v1/businesses', access: 'public', why: 'the public list of active partner businesses (requirements/back-office.md §4); admins get every one' },
  { method: 'GET', url: '/api/v1/settings/store', access: 'public', why: "the store's name and contact in the page frame" },
  { method: 'GET', url: '/api/v1/locations/:provider/provinces', access: 'public', why: 'address pickers at checkout' },
  { method: 'GET', url: '/api/v1/locations/:provider/provinces/:id/cities', access: 'public', why: 'address pickers at checkout' },
  { method: 'GET', url: '/api/v1/locations/:provider/cities/:id/districts', access: 'public', why: 'address pickers at checkout' },
  { method: 'POST', url: '/api/v1/shipping/cost', access: 'public', why: 'checkout prices national shipping for guests' },
  { method: 'GET', url: '/api/v1/couriers/local-options', access: 'public', why: 'checkout shows local couriers to guests' },
  { method: 'GET', url: '/api/v1/payments/channels', access: 'public', why: 'checkout lists every live payment provider and its channels' },
  { method: 'GET', url: '/api/v1/payments/:provider/channels', access: 'public', why: "the storefront spec's §7 call: one provider's channels" },
  { method: 'POST', url: '/api/v1/payments/:provider/callback', access: 'public', why: "a gateway's server calls it; its adapter's signature check is the gate" },
  { method: 'GET', url: '/api/v1/payments/sandbox/pay/:reference', access: 'public', why: "the demo gateway's pay page, reached through the payment's reference (registered only where the sandbox is offered)" },
  { method: 'POST', url: '/api/v1/payments/sandbox/pay/:reference', access: 'public', why: "the demo gateway's pay button; no money moves" },
  { method: 'POST', url: '/api/v1/assistant/chat', access: 'public', why: 'the shopping assistant answers guests (rate limited)' },
  { method: 'POST', url: '/api/v1/orders', access: 'public', why: 'guests and customers check out' },
  { method: 'POST', url: '/api/v1/orders/quote', access: 'public', why: 'the checkout shows the total with its kode unik before placing; nothing is written' },
  { method: 'GET', url: '/api/v1/orders/mine', access: 'signed-in', why: 'a customer lists their own orders' },
  { method: 'GET', url: '/api/v1/orders/mine/:id', access: 'signed-in', why: 'a customer reads their own order' },
  { method: 'POST', url: '/api/v1/orders/lookup', access: 'public', why: 'a guest looks an order up with its e-mail' },
  { method: 'GET', url: '/api/v1/orders/access/:token', access: 'public', why: "the order's own page, through its unguessable link (issue 13)" },
  { method: 'POST', url: '/api/v1/orders/access/:token/payment-proof', access: 'public', why: 'the link holder uploads a proof of transfer' },
  { method: 'POST', url: '/api/v1/orders/access/:token/shipments/:shipmentId/received', access: 'public', why: "the link holder confirms 'Pesanan diterima' (issue 28)" },
  { method: 'GET', url: '/api/v1/orders/access/:token/shipments/:shipmentId/tracking', access: 'public', why: "the link holder follows a shipment's tracking (issue 28)" },
  { method: 'POST', url: '/api/v1/orders/access/:token/cancel', access: 'public', why: 'the link holder cancels an unpaid order (issue 28)' },
  { method: 'POST', url: '/api/v1/orders/mine/:id/shipments/:shipmentId/received', access: 'signed-in', why: "a customer confirms 'Pesanan diterima' for their own order (issue 28)" },
  { method: 'GET', url: '/api/v1/orders/mine/:id/shipments/:shipmentId/tracking', access: 'signed-in', why: "a customer follows their own order's shipment (issue 28)" },
  { method: 'POST', url: '/api/v1/orders/mine/:id/cancel', access: 'signed-in', why: 'a customer cancels their own unpaid order (issue 28)' },
  { method: 'GET', url: '/api/v1/orders/access/:token/messages', access: 'public', why: 'the link holder sees which messages the shop sent about the order (issue 28)' },
  { method: 'GET', url: '/api/v1/orders/mine/:id/messages', access: 'signed-in', why: 'a customer sees which messages the shop sent about their own order (issue 28)' },
  { method: 'POST', url: '/api/v1/orders/mine/:id/payment-proof', access: 'signed-in', why: 'a customer uploads a proof for their own order' },
  { method: 'POST', url: '/api/v1/partner-applications', access: 'public', why: 'a visitor applies to become a partner; the application makes its customer account (issue 29 §1, decision 053; rate limited)' },
  { method: 'POST', url: '/api/v1/partner-applications/mine', access: 'signed-in', why: "a customer applies with its own account, e.g. again after a rejection (issue 29 §1); the service refuses partners and admins" },
  { method: 'GET', url: '/api/v1/partner-applications/mine', access: 'signed-in', why: "an applicant follows its own applications and reads a rejection's reason (issue 29 §1)" },
];

const trimSlash = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);
const key = (method: string, url: string) => `${method} ${trimSlash(url)}`;

export function isApiRoute(route: RouteEntry): boolean {
  return route.url.startsWith('/api/v1/');
}

export function findOpenRoute(route: RouteEntry): OpenRoute | undefined {
  return openRoutes.find((o) => key(o.method, o.url) === key(route.method, route.url));
}

/**
 * A partner's corner (issue 29): every route under /api/v1/mitra answers the `mitra` role only,
 * never an admin or a customer, and only for the partner's own business (the routes' tests).
 */
export function isPartnerRoute(route: RouteEntry): boolean {
  return route.url === '/api/v1/mitra' || route.url.startsWith('/api/v1/mitra/');
}

export function declaresPartnerOnly(route: RouteEntry): boolean {
  return typeof route.access === 'object' && route.access.roles.length === 1 && route.access.roles[0] === 'mitra';
}

export function partnerRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => isApiRoute(r) && isPartnerRoute(r));
}

/** The API routes that must be admin only: every one not named in `openRoutes` and outside the partner's corner. */
export function adminOnlyRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => isApiRoute(r) && !findOpenRoute(r) && !isPartnerRoute(r));
}

export function declaresAdmin(route: RouteEntry): boolean {
  return typeof route.access === 'object' && route.access.roles.includes('admin');
}

/** Routes that break the map: not open by name yet not admin only, or open with another access than named. */
export function accessViolations(routes: readonly RouteEntry[]): string[] {
  const out: string[] = [];
  for (const route of routes.filter(isApiRoute)) {
    if (isPartnerRoute(route)) {
      if (!declaresPartnerOnly(route)) out.push(`${key(route.method, route.url)} is in the partner's corner but declares ${JSON.stringify(route.access)}, not { roles: ['mitra'] }`);
      continue;
    }
    if (typeof route.access === 'object' && route.access.roles.includes('mitra')) out.push(`${key(route.method, route.url)} lets partners in outside /api/v1/mitra`);
    const open = findOpenRoute(route);
    if (!open && !declaresAdmin(route)) out.push(`${key(route.method, route.url)} lets more than admins in (${JSON.stringify(route.access)}) and is not in openRoutes`);
    if (open && route.access !== open.access) out.push(`${key(route.method, route.url)} declares ${JSON.stringify(route.access)}, openRoutes says '${open.access}'`);
  }
  return out;
}

/** A registered route for each `openRoutes` entry: a renamed route leaves no stale exception behind. */
export function missingOpenRoutes(routes: readonly RouteEntry[]): string[] {
  const registered = new Set(routes.map((r) => key(r.method, r.url)));
  return openRoutes.map((o) => key(o.method, o.url)).filter((k) => !registered.has(k));
}

/**
 * Routes outside /api/v1 other than the web app's own built files, with who may call them (issue 27 added
 * the first two). A new one must be named here: the walk in features/accounts/route-access.test.ts fails otherwise.
 */
export const outsideApiRoutes: { method: string; url: string; who: string }[] = [
  {
    method: 'GET',
    url: '/metrics',
    who: 'only the monitoring scraper, with `Authorization: Bearer $METRICS_TOKEN` (no account has that token): 401 to visitors, customers, partners and admins; 404 when METRICS_TOKEN is not set (decision 071)',
  },
  { method: 'GET', url: '/uploads/*', who: 'anyone: product images and knowledge files; payment proofs are private objects, never under it (decision 068)' },
  { method: 'GET', url: '/', who: 'anyone: the storefront landing page' },
  { method: 'GET', url: '/robots.txt', who: 'anyone (crawlers)' },
  { method: 'GET', url: '/sitemap.xml', who: 'anyone (crawlers)' },
];

/** Routes outside /api/v1 that are neither a built file of the web app (`isWebAppFile`) nor named in `outsideApiRoutes`. */
export function unnamedOutsideApiRoutes(routes: readonly RouteEntry[], isWebAppFile: (url: string) => boolean): string[] {
  return routes
    .filter((r) => !isApiRoute(r) && !isWebAppFile(r.url) && !outsideApiRoutes.some((o) => o.method === r.method && o.url === r.url))
    .map((r) => `${r.method} ${r.url}`);
}
