/**
 * Walks every registered API route and proves the server says no to anything but an admin,
 * except the routes `test/route-access.ts` names as open on purpose: 401 without a token, 403 for
 * a signed-in customer (docs/requirements/storefront.md §6, issue 3 (docs/issues.md)). The walk reads the routes the app
 * registered, not a list of URL prefixes, so a new admin route that forgets `config.access`
 * fails here under any prefix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, type TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { makePartner } from '../../test/factories';
import { accessViolations, adminOnlyRoutes, findOpenRoute, missingOpenRoutes, openRoutes, outsideApiRoutes, partnerRoutes, unnamedOutsideApiRoutes, type RouteEntry } from '../../test/route-access';

let t: TestApp;
let customer: AuthHeaders;
let admin: AuthHeaders;
let partner: AuthHeaders;
beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
  const made = await makePartner(t.database.db);
  partner = await signIn(t.app, made.user.username, made.user.password);
});
afterAll(async () => {
  await t?.close();
});

function adminRoutes() {
  return adminOnlyRoutes(t.app.routeAccess);
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
    expect(accessViolations(t.app.routeAccess)).toEqual([]);
  });

  it('catches an unprotected route under a prefix nobody listed', () => {
    // What the auth plugin records for a route registered without config.access.
    const forgotten: RouteEntry = { method: 'GET', url: '/api/v1/reports/sales', access: 'public' };
    expect(adminOnlyRoutes([...t.app.routeAccess, forgotten])).toContainEqual(forgotten);
    expect(accessViolations([...t.app.routeAccess, forgotten])).toEqual([
      'GET /api/v1/reports/sales lets more than admins in ("public") and is not in openRoutes',
    ]);
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
      const asPartner = await t.app.inject({ method, url, headers: partner, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect({ route: `${method} ${url}`, status: asPartner.statusCode }).toEqual({ route: `${method} ${url}`, status: 403 });
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
    expect(missingOpenRoutes(t.app.routeAccess)).toEqual([]);
    for (const n of openRoutes) {
      const route = t.app.routeAccess.find((r) => findOpenRoute(r) === n);
      expect({ route: `${n.method} ${n.url}`, registered: route !== undefined }).toEqual({ route: `${n.method} ${n.url}`, registered: true });
      expect(typeof route?.access === 'object' && !route.access.roles.includes('customer') ? 'admin-only' : 'open').toBe('open');
    }
  });
});

describe("the partner's corner is for partners only, on the server (issue 29)", () => {
  it('finds the corner and keeps it to the mitra role', () => {
    expect(partnerRoutes(t.app.routeAccess).map((r) => `${r.method} ${r.url}`)).toContain('GET /api/v1/mitra/me');
    const widened: RouteEntry = { method: 'GET', url: '/api/v1/mitra/secret', access: { roles: ['mitra', 'admin'] } };
    expect(accessViolations([...t.app.routeAccess, widened])).toEqual([
      "GET /api/v1/mitra/secret is in the partner's corner but declares {\"roles\":[\"mitra\",\"admin\"]}, not { roles: ['mitra'] }",
    ]);
  });

  it('answers 401 to a visitor, 403 to a customer and to an admin', async () => {
    for (const route of partnerRoutes(t.app.routeAccess)) {
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const visitor = await t.app.inject({ method, url, payload });
      expect({ route: `${method} ${url}`, status: visitor.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
      for (const headers of [customer, admin]) {
        const res = await t.app.inject({ method, url, headers, payload });
        expect({ route: `${method} ${url}`, status: res.statusCode }).toEqual({ route: `${method} ${url}`, status: 403 });
      }
    }
  });

  it('lets a partner through the gate', async () => {
    for (const route of partnerRoutes(t.app.routeAccess).filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
      const res = await t.app.inject({ method: 'GET', url: route.url, headers: partner });
      expect({ route: route.url, status: res.statusCode }).toEqual({ route: route.url, status: 200 });
    }
  });
});

describe('routes outside /api/v1 are named with who may call them (issue 27)', () => {
  const isWebAppFile = (url: string) => {
    try {
      return fs.statSync(path.join(t.config.webDistDir, url)).isFile();
    } catch {
      return false;
    }
  };

  it('names every one that is not a built file of the web app', () => {
    expect(unnamedOutsideApiRoutes(t.app.routeAccess, isWebAppFile)).toEqual([]);
    const registered = new Set(t.app.routeAccess.map((r) => `${r.method} ${r.url}`));
    expect(outsideApiRoutes.map((o) => `${o.method} ${o.url}`).filter((k) => !registered.has(k))).toEqual([]);
    const added: RouteEntry = { method: 'GET', url: '/debug', access: 'public' };
    expect(unnamedOutsideApiRoutes([...t.app.routeAccess, added], isWebAppFile)).toEqual(['GET /debug']);
  });

  it('/metrics answers only the scraper\'s token: a visitor, a customer, a partner and an admin get 401, or 404 with no token set', async () => {
    for (const headers of [{}, customer, partner, admin]) expect((await t.app.inject({ method: 'GET', url: '/metrics', headers })).statusCode).toBe(404);
    const token = 'pantau-'.padEnd(32, 'x');
    const watched = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const accounts = await Promise.all([demoAccounts.customer, demoAccounts.admin].map((a) => signIn(watched.app, a.username, a.password)));
      const made = await makePartner(watched.database.db);
      accounts.push(await signIn(watched.app, made.user.username, made.user.password));
      for (const headers of [{}, ...accounts]) expect((await watched.app.inject({ method: 'GET', url: '/metrics', headers })).statusCode).toBe(401);
      expect((await watched.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    } finally {
      await watched.close();
    }
  });
});
