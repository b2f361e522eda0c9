import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, categories, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let webDir: string;
let productId = 0;
let inactiveId = 0;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="id"><head><!--app-head--><title>Default</title><meta name="description" content="default" /></head><body><div id="root"></div></body></html>',
  );
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

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(res.statusCode).toBe(404);
  });
});
