/**
 * Walks every registered route of the back office's areas and proves the server says no:
 * 401 without a token, 403 for a signed-in customer (storefront spec §6, issue 3). A new
 * admin route that forgets `config.access` fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, type TestApp } from '../../test/app';

const adminPrefixes = ['/categories', '/products', '/knowledge', '/businesses', '/couriers', '/orders', '/users', '/roles', '/dashboard', '/settings/admin', '/settings/payments', '/outbox', '/assistant/admin'];

/** Routes under those prefixes that are public or for any signed-in customer, on purpose. */
const notAdmin: { method: string; url: string; why: string }[] = [
  { method: 'GET', url: '/api/v1/couriers/local-options', why: 'checkout shows local couriers to guests' },
  { method: 'POST', url: '/api/v1/orders', why: 'guests and customers check out' },
  { method: 'GET', url: '/api/v1/orders/mine', why: 'a customer lists their own orders' },
  { method: 'GET', url: '/api/v1/orders/mine/:id', why: 'a customer reads their own order' },
  { method: 'POST', url: '/api/v1/orders/lookup', why: 'a guest looks an order up with its e-mail' },
  { method: 'GET', url: '/api/v1/orders/access/:token', why: "the order's own page, through its unguessable link (issue 13)" },
  { method: 'POST', url: '/api/v1/orders/access/:token/payment-proof', why: 'the link holder uploads a proof of transfer' },
  { method: 'POST', url: '/api/v1/orders/mine/:id/payment-proof', why: 'a customer uploads a proof for their own order' },
  { method: 'GET', url: '/api/v1/businesses', why: 'the public list of active partner businesses (back-office spec §4); admins get every one' },
];

let t: TestApp;
let customer: { authorization: string };
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
});
afterAll(async () => {
  await t?.close();
});

function adminRoutes() {
  return t.app.routeAccess.filter((r) => {
    const path = r.url.replace(/^\/api\/v1/, '');
    if (!r.url.startsWith('/api/v1/')) return false;
    if (!adminPrefixes.some((p) => path === p || path.startsWith(`${p}/`))) return false;
    return !notAdmin.some((n) => n.method === r.method && n.url === r.url.replace(/\/$/, ''));
  });
}

function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1');
}

describe('every back-office route is admin only, on the server', () => {
  it('finds the back-office routes to walk', () => {
    expect(adminRoutes().map((r) => `${r.method} ${r.url}`)).toContain('GET /api/v1/roles/');
  });

  it('declares admin among its roles', () => {
    for (const route of adminRoutes()) {
      const roles = typeof route.access === 'object' ? route.access.roles : [];
      expect({ route: `${route.method} ${route.url}`, admin: roles.includes('admin') }).toEqual({ route: `${route.method} ${route.url}`, admin: true });
    }
  });

  it('answers 401 to a visitor and 403 to a customer', async () => {
    for (const route of adminRoutes()) {
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const visitor = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect({ route: `${method} ${url}`, status: visitor.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
      const asCustomer = await t.app.inject({ method, url, headers: customer, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect({ route: `${method} ${url}`, status: asCustomer.statusCode }).toEqual({ route: `${method} ${url}`, status: 403 });
      expect(asCustomer.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('lets an admin through the gate', async () => {
    const gets = adminRoutes().filter((r) => r.method === 'GET' && !r.url.includes(':'));
    for (const route of gets) {
      const res = await t.app.inject({ method: 'GET', url: route.url, headers: admin });
      expect({ route: route.url, gated: res.statusCode === 401 || res.statusCode === 403 }).toEqual({ route: route.url, gated: false });
    }
  });

  it('keeps the documented exceptions open to customers', () => {
    for (const n of notAdmin) {
      const route = t.app.routeAccess.find((r) => r.method === n.method && r.url.replace(/\/$/, '') === n.url);
      if (route) expect(typeof route.access === 'object' && !route.access.roles.includes('customer') ? 'admin-only' : 'open').toBe('open');
    }
  });
});
