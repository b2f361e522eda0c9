/**
 * The security headers and the Content-Security-Policy (docs/decisions/023-security-headers.md) on
 * the web app's pages, on API answers and on the sandbox gateway's pay page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, testEngine, type TestApp } from '../test/app';
import { makeBusiness, makeProduct } from '../test/factories';
import { allowManyUnpaidOrders, sandboxPaymentReference } from '../test/orders';
import { contentSecurityDirectives } from './security-headers';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="id"><head><!--app-head--><title>Default</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  await allowManyUnpaidOrders(t.db);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectStrictScripts(csp: Map<string, string[]>): void {
  const scripts = csp.get('script-src') ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts.filter((s) => s !== "'self'" && !s.startsWith("'nonce-"))).toEqual([]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
}

describe(`security headers (${testEngine})`, () => {
  it('puts the policy and the other headers on the HTML shell', async () => {
    for (const url of ['/', '/catalog', '/admin/products']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expectStrictScripts(csp);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      // Served over http (no https PUBLIC_URL): no upgrades, no HSTS.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('puts the policy on API answers, which are never cached (but the public catalogue, briefly), errors and 404s too', async () => {
    for (const [url, status, cache] of [
      ['/api/v1/health', 200, 'no-store'],
      ['/api/v1/orders/', 401, 'no-store'],
      ['/api/v1/no-such-thing', 404, 'no-store'],
      // Decision 033: public catalogue answers may be reused for a few seconds (then revalidated by ETag).
      ['/api/v1/catalog/products/', 200, /^public, max-age=\d+/],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expectStrictScripts(policy(res.headers['content-security-policy']));
      expect(res.headers['cache-control']).toMatch(cache);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("allows Swagger UI's logo style by its hash on /api/docs, and nothing more", async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const csp = policy(docs.headers['content-security-policy']);
    expectStrictScripts(csp);
    expect(csp.get('style-src')).toEqual(["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"]);
    const shell = await t.app.inject({ method: 'GET', url: '/' });
    expect(policy(shell.headers['content-security-policy']).get('style-src')).toEqual(["'self'"]);
  });

  it("gives the sandbox pay page's <style> a nonce of its own on every answer", async () => {
    const product = await makeProduct(t.db, { business_id: (await makeBusiness(t.db)).id, stock: 20 });
    const reference = await sandboxPaymentReference(t.app, product.id);

    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ method: 'GET', url: `/api/v1/payments/sandbox/pay/${reference}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Bayar sekarang');
      const csp = policy(page.headers['content-security-policy']);
      expectStrictScripts(csp);
      const styles = csp.get('style-src') ?? [];
      expect(styles).not.toContain("'unsafe-inline'");
      const nonce = /^'nonce-([0-9a-f]{32})'$/.exec(styles.find((s) => s.startsWith("'nonce-")) ?? '')?.[1];
      expect(nonce).toBeDefined();
      // Every <style> of the page carries the header's nonce; there is no inline script.
      expect(page.body.match(/<style[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
      expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('the policy follows the configuration', () => {
  const directives = (env: Record<string, string>) => contentSecurityDirectives(loadConfig({ NODE_ENV: 'test', ...env }));
  const s3 = { S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'pasar', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };

  it('allows images from the S3 public base URL when S3 storage is configured', () => {
    expect(directives({})['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives(s3)['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://s3.example.com']);
    expect(directives({ ...s3, S3_PUBLIC_URL: 'https://cdn.example.net:8443/gambar/' })['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.net:8443']);
    // Half a configuration stores images locally: nothing to allow.
    expect(directives({ S3_PUBLIC_URL: 'https://cdn.example.net' })['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('asks for https upgrades and sends HSTS only for an https shop', async () => {
    expect(directives({ PUBLIC_URL: 'http://192.168.1.10:3000' })).not.toHaveProperty('upgrade-insecure-requests');
    expect(directives({ PUBLIC_URL: 'https://pasar.example.id' })).toHaveProperty('upgrade-insecure-requests', []);
    const shop = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://pasar.example.id' } });
    try {
      const res = await shop.app.inject({ method: 'GET', url: '/api/v1/catalog/products/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
      expect(policy(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await shop.close();
    }
  });
});
