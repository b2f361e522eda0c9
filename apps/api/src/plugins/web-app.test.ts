/**
 * The server-rendered storefront's plumbing (docs/decisions/026-server-rendered-storefront.md):
 * the web app's server bundle is stood in for by a small renderer, so what is checked here is the
 * API's part: the page and its state put into the shell, the status passed on, the page
 * compressed, a failure answered with the plain shell, the bundle never served. That the real
 * bundle draws the products is checked in the browser (e2e/server-rendering.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { makeCategory } from '../test/factories';

let t: TestApp;
let webDir: string;

const shell =
  '<!doctype html><html lang="id"><head><!--app-head--><title>Default</title></head><body><div id="root"><!--app-html--></div><!--app-state--><script type="module" src="/assets/index-abc.js"></script></body></html>';

/** Draws the categories the source answers; /product/{id} asks for the product; /meledak throws. */
const renderer = `
export async function render(url, source) {
  const { pathname } = new URL(url);
  if (pathname === '/meledak') throw new Error('database down');
  if (pathname === '/cart') return { kind: 'shell' };
  if (pathname === '/pesanan/7') return { kind: 'shell', title: 'Pesanan <#7> · Pasar UMKM' };
  if (pathname === '/catalog' && new URL(url).searchParams.get('page') === '99') return { kind: 'redirect', status: 302, location: '/catalog?q=kopi&page=5' };
  const state = '<script type="application/json" id="page-state">{"n":1}</script>';
  const product = /^\\/product\\/(\\d+)$/.exec(pathname);
  if (product) {
    const found = await source.product(Number(product[1]));
    return found ? { kind: 'page', status: 200, html: '<h1>' + found.name + '</h1>', stateScript: state } : { kind: 'page', status: 404, html: '<h1>Produk tidak ditemukan.</h1>', stateScript: state };
  }
  const categories = await source.categories();
  return { kind: 'page', status: 200, html: '<ul>' + categories.map((c) => '<li>' + c.name + '</li>').join('') + '</ul>' + 'x'.repeat(2000), stateScript: state };
}
`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-web-ssr-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), shell);
  fs.mkdirSync(path.join(webDir, 'server'));
  fs.writeFileSync(path.join(webDir, 'server', 'entry-server.js'), renderer);
  t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: webDir } });
  await makeCategory(t.db, { name: 'Kerajinan Rotan' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the server-rendered storefront', () => {
  it('puts the page in the root and its state after it, from the services, compressed when asked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<div id="root"><ul><li>Kerajinan Rotan</li></ul>');
    expect(html).toContain('</div><script type="application/json" id="page-state">{"n":1}</script><script type="module"');
    expect(html).not.toContain('<!--app-html-->');
    expect(html).not.toContain('<!--app-state-->');
  });

  it('answers a product nobody has with its not-found page and HTTP 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><h1>Produk tidak ditemukan.</h1></div>');
  });

  it('answers the plain shell, not a 500, when the page cannot be drawn, and when it is not drawn here', async () => {
    for (const url of ['/meledak', '/cart']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(shell.replace('<!--app-html-->', '').replace('<!--app-state-->', ''));
    }
  });

  it("puts the page's own title in place of the shell's, as text (issue 31 item 12)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pesanan/7' });
    expect(res.body).toContain('<head><!--app-head--><title>Pesanan &lt;#7&gt; · Pasar UMKM</title></head>');
    expect(res.body).not.toContain('<title>Default</title>');
  });

  it("sends the browser where the renderer redirects (a catalogue page past the last, issue 16)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/catalog?q=kopi&page=99' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/catalog?q=kopi&page=5');
    expect(res.body).not.toContain('<div id="root">');
  });

  it('never serves the server bundle', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/server/entry-server.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('export async function render');
  });
});
