import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginWithXsrf, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('anti-forgery cookie and header (docs/decisions/006-xsrf.md)', () => {
  it('hands out an XSRF-TOKEN cookie the client can read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]+; Path=\/; SameSite=Strict/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it('hands out no cookie with the public catalogue, whose answers shared caches may keep', async () => {
    for (const url of ['/api/v1/catalog/products/', '/api/v1/catalog/categories/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(String(res.headers['cache-control']), url).toMatch(/^public/);
    }
  });

  it('refuses a state-changing request whose header does not match the cookie', async () => {
    const mismatch = await loginWithXsrf(t.app, 'abc', 'xyz');
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error).toMatch(/token keamanan tidak cocok/);
    const match = await loginWithXsrf(t.app, 'abc', 'abc');
    expect(match.statusCode).toBe(401);
    const noCookies = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: 'a', password: 'b' } });
    expect(noCookies.statusCode).toBe(401);
  });
});
