/**
 * Issue 26 §2: every absolute link the shop writes comes from configuration. A client that sends
 * `Host: evil.example` (or, behind a trusted proxy, `X-Forwarded-Host`) must find its domain in no
 * e-mail, pay link, share preview, sitemap or robots.txt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mailOutbox, payments } from '../db/schema';
import { createTestApp, testEngine, type TestApp } from '../test/app';
import { makeProduct } from '../test/factories';
import { guestOrderPayload, localCourierOption, proofForm, type LocalCourierOption } from '../test/orders';
import { publicOrigin, rememberListeningPort } from './public-origin';

const forged = {
  host: 'evil.example',
  'x-forwarded-host': 'phish.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
};
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Every link-bearing text the shop wrote after forged requests: the outbox, the pay links, the SEO pages. */
async function writtenLinks(t: TestApp, local: LocalCourierOption): Promise<string> {
  const product = await makeProduct(t.db, { price: 12000, stock: 50 });
  const order = (method: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: forged,
      payload: { ...guestOrderPayload({ productId: product.id, quantity: 1, local, email: `tamu${n}@contoh.id` }), shipping_address: `Jl. Asia Afrika ${n}`, payment_method: method },
    });
  const manual = await order('manual', 1);
  expect(manual.statusCode, manual.body).toBe(201);
  const gateway = await order('tripay:QRIS', 2);
  expect(gateway.statusCode, gateway.body).toBe(201);
  const token = (manual.json().data.order_url as string).split('/').pop()!;
  const form = proofForm(png);
  const proof = await t.app.inject({ method: 'POST', url: `/api/v1/orders/access/${token}/payment-proof`, payload: form.payload, headers: { ...forged, ...form.headers } });
  expect(proof.statusCode, proof.body).toBe(200);

  const mails = await t.db.select({ text: mailOutbox.text_body, html: mailOutbox.html_body }).from(mailOutbox);
  // The buyer's two order mails and the shop's two notices, at the least.
  expect(mails.length).toBeGreaterThanOrEqual(3);
  const payRows = await t.db.select({ pay: payments.pay_url, checkout: payments.checkout_url }).from(payments);
  const pages = await Promise.all(
    ['/robots.txt', '/sitemap.xml', `/product/${product.id}`].map(async (url) => (await t.app.inject({ method: 'GET', url, headers: forged })).body),
  );
  return [...mails.flatMap((m) => [m.text, m.html ?? '']), ...payRows.flatMap((p) => [p.pay ?? '', p.checkout ?? '']), ...pages].join('\n');
}

describe(`links come from configuration, never the request (${testEngine})`, () => {
  describe('without PUBLIC_URL, behind a trusted proxy', () => {
    let t: TestApp;
    let local: LocalCourierOption;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: '1', PORT: '3000' } });
      local = await localCourierOption(t.app);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('writes the server’s own address in every mail, pay link, preview and sitemap', async () => {
      const text = await writtenLinks(t, local);
      expect(text).not.toMatch(/evil\.example|phish\.example/);
      expect(text).toContain('http://localhost:3000/pesanan/akses/');
      expect(text).toContain('http://localhost:3000/admin/orders?order=');
      expect(text).toContain('http://localhost:3000/api/v1/payments/sandbox/pay/');
      expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    });
  });

  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    let local: LocalCourierOption;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://pasar.contoh.id/', PAYMENT_SANDBOX: 'true' } });
      local = await localCourierOption(t.app);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('writes PUBLIC_URL and nothing the client sent', async () => {
      const text = await writtenLinks(t, local);
      expect(text).not.toMatch(/evil\.example|phish\.example|localhost/);
      expect(text).toContain('https://pasar.contoh.id/pesanan/akses/');
      expect(text).toContain('https://pasar.contoh.id/admin/orders?order=');
      expect(text).toContain('<loc>https://pasar.contoh.id/product/');
    });
  });
});

describe('publicOrigin', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('prefers PUBLIC_URL, without its trailing slash', () => {
    expect(publicOrigin(config({ PUBLIC_URL: 'https://pasar.contoh.id/' }))).toBe('https://pasar.contoh.id');
  });

  it('otherwise names the listening address: localhost for every interface, the configured host else', () => {
    expect(publicOrigin(config({ PORT: '8080' }))).toBe('http://localhost:8080');
    expect(publicOrigin(config({ HOST: '::', PORT: '8080' }))).toBe('http://localhost:8080');
    expect(publicOrigin(config({ HOST: '127.0.0.1', PORT: '8080' }))).toBe('http://127.0.0.1:8080');
    expect(publicOrigin(config({ HOST: '::1', PORT: '8080' }))).toBe('http://[::1]:8080');
  });

  it('names the port the server actually took when PORT=0 let the system choose', () => {
    rememberListeningPort(43210);
    try {
      expect(publicOrigin(config({ HOST: '127.0.0.1', PORT: '0' }))).toBe('http://127.0.0.1:43210');
    } finally {
      rememberListeningPort(undefined);
    }
  });
});
