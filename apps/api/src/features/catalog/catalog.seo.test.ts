import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, categories, products } from '../../db/schema';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { makeUser } from '../../test/factories';

let t: TestApp;
let webDir: string;
let productId = 0;
let inactiveId = 0;
let categoryId = 0;
/** The built shell's head: what the page's own head replaces, and what must stay once. */
const shell =
  '<!doctype html><html lang="id"><head><meta charset="UTF-8" /><link rel="icon" href="/favicon.svg" /><!--app-head--><title>Default</title><meta name="description" content="default" /><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), shell);
  t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://pasar.example.id' } });
  const [cat] = await t.db.insert(categories).values({ name: 'Makanan' }).returning();
  const [biz] = await t.db.insert(businesses).values({ name: 'Dapur "Bu" Imas <3' }).returning();
  const [p, q] = await t.db
    .insert(products)
    .values([
      {
        name: 'Keripik Tempe <Pedas>',
        description: 'Renyah, gurih & pedas.',
        price: 20000,
        reseller_price: 18000,
        discount: 25,
        stock: 0,
        category_id: cat!.id,
        business_id: biz!.id,
        image_cover: '/uploads/products/abc-1024.webp',
      },
      { name: 'Rahasia', price: 1, reseller_price: 1, category_id: cat!.id, is_active: false },
    ])
    .returning();
  productId = p!.id;
  inactiveId = q!.id;
  categoryId = cat!.id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('share previews and sitemaps', () => {
  it('puts the product into Open Graph tags and JSON-LD, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/product/${productId}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<meta property="og:title" content="Keripik Tempe &lt;Pedas&gt; — Rp15.000 | Pasar UMKM" />');
    expect(html).toContain(`<meta property="og:url" content="https://pasar.example.id/product/${productId}" />`);
    expect(html).toContain('<meta property="og:image" content="https://pasar.example.id/uploads/products/abc-640.webp" />');
    expect(html).toContain('Dapur &quot;Bu&quot; Imas &lt;3. Renyah, gurih &amp; pedas.');
    expect(html).not.toContain('<title>Default</title>');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(ld ?? '{}');
    expect(data.offers).toMatchObject({ priceCurrency: 'IDR', price: '15000', availability: 'https://schema.org/OutOfStock' });
    expect(ld).not.toContain('<P');
  });

  it('serves the default shell for unknown or inactive products and other paths', async () => {
    for (const url of [`/product/${inactiveId}`, '/product/999999', '/catalog', '/some/unknown/path']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Default</title>');
      expect(res.body).not.toContain('og:title');
    }
  });

  it('lists active products and categories in the sitemap and points robots to it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>https://pasar.example.id/product/${productId}</loc>`);
    expect(sitemap.body).not.toContain(`/product/${inactiveId}<`);
    expect(sitemap.body).toContain('catalog?category_id=');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://pasar.example.id/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin/');
  });

  it('fills the head with a hostile product name as text: no $-patterns, no closing </script>', async () => {
    // String.replace read $' $& $` in a name as "the text after, the match, the text before",
    // pasting parts of the shell into the page; </script> in the name must not end the JSON-LD.
    const name = "Keripik $' $& $` $$ </script><script>alert(1)</script><!--";
    const admin = await makeUser(t.db, { role: 'admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/',
      headers: await signIn(t.app, admin.username, admin.password),
      payload: { name, description: 'Gurih </title> & renyah', price: 12000, stock: 5, category_id: categoryId, weight_grams: 100 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;

    const res = await t.app.inject({ method: 'GET', url: `/product/${id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const count = (pattern: RegExp) => html.match(pattern)?.length ?? 0;
    // The shell around the head is the shell, once: nothing pasted twice, the marker gone.
    expect(html.startsWith('<!doctype html><html lang="id"><head><meta charset="UTF-8" /><link rel="icon" href="/favicon.svg" />')).toBe(true);
    expect(html.endsWith('<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>')).toBe(true);
    expect(count(/<!doctype/gi)).toBe(1);
    expect(count(/<head>/g)).toBe(1);
    expect(count(/<\/head>/g)).toBe(1);
    expect(count(/<body>/g)).toBe(1);
    expect(html).not.toContain('<!--app-head-->');
    expect(html).not.toContain('Default');
    // Exactly one of each head element.
    expect(count(/<title>/g)).toBe(1);
    expect(count(/<meta name="description"/g)).toBe(1);
    expect(count(/<meta property="og:title"/g)).toBe(1);
    expect(count(/<link rel="canonical"/g)).toBe(1);
    expect(count(/<script type="application\/ld\+json">/g)).toBe(1);
    expect(count(/<script\b/g)).toBe(2);
    expect(count(/<\/script>/g)).toBe(2);
    expect(html).not.toContain('<script>alert(1)');
    // The name reads back whole from the title, the tags and the JSON-LD.
    const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(`${name} — Rp12.000 | Pasar UMKM`);
    expect(decode(/<meta property="og:title" content="([^"]*)" \/>/.exec(html)?.[1] ?? '')).toBe(`${name} — Rp12.000 | Pasar UMKM`);
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(ld).toBeDefined();
    const data = JSON.parse(ld!);
    expect(data).toMatchObject({ '@type': 'Product', name, description: 'Gurih </title> & renyah', sku: String(id) });
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(res.statusCode).toBe(404);
  });
});
