/**
 * Issue 16: the storefront paints at once on a cheap phone (docs/decisions/026-server-rendered-storefront.md).
 * `/`, `/catalog?…` and `/product/{id}` come from the server with their products in the HTML;
 * the browser hydrates that HTML without a mismatch (React reports one through onRecoverableError,
 * which app/entry-client.tsx logs as a console error) and without asking the API for the catalogue
 * again. Also with JavaScript off, the HTML alone shows the products.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product, ProductPage } from '@pasar/core/catalog';
import { formatRupiah } from '@pasar/core/money';
import { unitPrice } from '@pasar/core/pricing';
import { customerAccount, login, productId } from './support/api';
import { screenshot } from './support/harness';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

/** A text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The page as a crawler or a phone without JavaScript gets it. */
async function served(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${e2e.baseUrl}${path}`);
  return { status: res.status, body: await res.text() };
}

function expectProductsIn(body: string, products: Product[]): void {
  expect(products.length).toBeGreaterThan(0);
  for (const p of products) {
    expect(body).toContain(html(p.name));
    expect(body).toContain(formatRupiah(unitPrice(p)));
    expect(body).toContain(`href="/product/${p.id}"`);
  }
}

/**
 * Records, from the first byte, the page's API requests and the console's errors and warnings
 * about hydration (the suite fails the test on any console error too).
 */
function watch(page: Page): { api: string[]; hydration: string[] } {
  const seen = { api: [] as string[], hydration: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.api.push(url.pathname + url.search);
  });
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()) && /hydrat|did not match|server rendered/i.test(message.text())) seen.hydration.push(message.text());
  });
  return seen;
}

describe('the server-rendered storefront', () => {
  it('sends the products in the HTML of the landing page, the catalogue and a product page', async () => {
    const landing = await served('/');
    expect(landing.status).toBe(200);
    expect(landing.body).toContain('Belanja per kategori');
    // Each shelf holds up to 4 random products of its category: whichever they are, they are there.
    const categories = await e2e.api<{ id: number; name: string }[]>('GET', '/catalog/categories/');
    for (const c of categories) expect(landing.body).toContain(html(c.name));
    const shelved = [...new Set([...landing.body.matchAll(/href="\/product\/(\d+)"/g)].map((m) => Number(m[1])))];
    expect(shelved.length).toBeGreaterThanOrEqual(categories.length);
    const shelvedProducts = await Promise.all(shelved.map((id) => e2e.api<Product>('GET', `/catalog/products/${id}`)));
    expectProductsIn(landing.body, shelvedProducts);

    const minuman = categories.find((c) => c.name === 'Minuman')!;
    const catalog = await served(`/catalog?category_id=${minuman.id}&page=1&page_size=8`);
    expect(catalog.status).toBe(200);
    const page = await e2e.api<ProductPage>('GET', `/catalog/products/?category_id=${minuman.id}&page=1&page_size=8`);
    expectProductsIn(catalog.body, page.items);

    const searched = await served('/catalog?q=kripik');
    const found = await e2e.api<ProductPage>('GET', '/catalog/products/?q=kripik&page=1&page_size=12');
    expectProductsIn(searched.body, found.items);

    const id = await productId(e2e.baseUrl, 'Kopi Arabika Java Preanger');
    const product = await served(`/product/${id}`);
    expect(product.status).toBe(200);
    const detail = await e2e.api<Product>('GET', `/catalog/products/${id}`);
    expect(product.body).toContain(`>${html(detail.name)}</h1>`);
    expect(product.body).toContain(formatRupiah(unitPrice(detail)));
    // The share-preview head stays (catalog.seo.ts).
    expect(product.body).toContain('<meta property="og:title"');
    expect(product.body.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
    // The state is a data block, not a script for the CSP to refuse; no inline script at all.
    expect(product.body).toContain('<script type="application/json" id="page-state">');
    expect(product.body.match(/<script(?![^>]*type="application\/(?:json|ld\+json)")(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
  });

  it('answers a product that does not exist with its not-found page and HTTP 404', async () => {
    const missing = await served('/product/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Produk tidak ditemukan.');
    expect(missing.body).toContain('Kembali ke katalog');
  });

  it('redirects a catalogue page past the last to the last page, keeping the other parameters (issue 16)', async () => {
    const first = await e2e.api<ProductPage>('GET', '/catalog/products/?page=1&page_size=8');
    expect(first.total_pages).toBeGreaterThan(1);
    const res = await fetch(`${e2e.baseUrl}/catalog?page=99&page_size=8&view=list`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/catalog?page=${first.total_pages}&page_size=8&view=list`);
    const { page } = await e2e.openPage({ mobile: true });
    await page.goto('/catalog?page=99&page_size=8');
    await expect.poll(() => new URL(page.url()).search).toBe(`?page=${first.total_pages}&page_size=8`);
    await page.getByText(`Halaman ${first.total_pages} dari ${first.total_pages}`).waitFor();
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
  });

  it('hydrates at 360 px without a mismatch and without asking for the catalogue again', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    const seen = watch(page);
    const categories = await e2e.api<{ id: number; name: string }[]>('GET', '/catalog/categories/');
    const minuman = categories.find((c) => c.name === 'Minuman')!;
    const id = await productId(e2e.baseUrl, 'Kopi Arabika Java Preanger');

    for (const path of ['/', `/catalog?category_id=${minuman.id}&page_size=8`, `/product/${id}`]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect({ path, ...seen }).toEqual({ path, api: [], hydration: [] });
    }

    // Hydrated: the page answers taps, and a new catalogue page is asked for once.
    await page.goto(`/catalog?category_id=${minuman.id}&page_size=8`);
    await page.getByRole('button', { name: 'Semua Produk' }).click();
    await page.waitForURL((url) => !url.search.includes('category_id'));
    await expect.poll(() => seen.api.filter((u) => u.startsWith('/api/v1/catalog/products/')).length).toBe(1);
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await page.getByText('Ditambahkan ke keranjang.').waitFor();
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await page.getByRole('navigation', { name: 'Menu seluler' }).waitFor();
    expect(seen.hydration).toEqual([]);
  });

  it('hydrates what only the browser knows (a cart, a session) after the server’s HTML, without a mismatch', async () => {
    const { page } = await e2e.openPage();
    const session = await login(e2e.baseUrl, customerAccount.username, customerAccount.password);
    const seen = watch(page);
    const id = await productId(e2e.baseUrl, 'Kopi Arabika Java Preanger');
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await page.getByText('Ditambahkan ke keranjang.').waitFor();
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', token as string);
        localStorage.setItem('user', JSON.stringify(user));
      },
      [session.token, session.user] as const,
    );

    seen.api.length = 0;
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.getByTestId('header-user').first().waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Keranjang, 1 barang' }).count()).toBe(1);
    await page.goto('/catalog');
    await page.waitForLoadState('networkidle');
    expect(seen.hydration).toEqual([]);
    expect(seen.api.filter((u) => u.startsWith('/api/v1/catalog/'))).toEqual([]);
  });

  it('shows the products with JavaScript off, at 360 and 1280 px', async () => {
    const id = await productId(e2e.baseUrl, 'Kopi Arabika Java Preanger');
    for (const mobile of [true, false]) {
      const context = await e2e.browser.newContext({
        baseURL: e2e.baseUrl,
        javaScriptEnabled: false,
        locale: 'id-ID',
        ...(mobile ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
      });
      e2e.closeAfterTest(context);
      const page = await context.newPage();
      const size = mobile ? '360' : '1280';
      await page.goto('/');
      await page.getByRole('heading', { name: 'Minuman', exact: true }).waitFor();
      expect(await page.locator('article').count()).toBeGreaterThan(0);
      await screenshot(page, `ssr-nojs-landing-${size}`);
      await page.goto('/catalog');
      await page.getByRole('heading', { name: 'Katalog Produk' }).waitFor();
      expect(await page.locator('article').count()).toBe(12);
      await screenshot(page, `ssr-nojs-catalog-${size}`);
      await page.goto(`/product/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Kopi Arabika Java Preanger' }).waitFor();
      await screenshot(page, `ssr-nojs-product-${size}`);
    }
  });

  it('asks for the app only once the first photo is in (at most 2.5 s later), and keeps a tap made before it is there', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    const id = await productId(e2e.baseUrl, 'Kopi Arabika Java Preanger');
    const asked: { url: string; at: number }[] = [];
    page.on('request', (r) => asked.push({ url: new URL(r.url()).pathname, at: Date.now() }));
    const isApp = (url: string) => /^\/assets\/index-[\w-]+\.js$/.test(url);

    // The product photo is held back: the app's script is not asked for while it is missing…
    let releasePhoto = () => {};
    const photoHeld = new Promise<void>((resolve) => (releasePhoto = resolve));
    await page.route('**/uploads/products/**', async (route) => {
      await photoHeld;
      await route.continue();
    });
    await page.goto(`/product/${id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(800);
    expect(asked.filter((r) => isApp(r.url))).toEqual([]);
    // …and a tap on "Masuk Keranjang" meanwhile starts the app at once and is given to it once hydrated.
    const tappedAt = Date.now();
    await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await page.getByText('Ditambahkan ke keranjang.').waitFor();
    expect(asked.find((r) => isApp(r.url))!.at - tappedAt).toBeLessThan(1000);
    releasePhoto();
    await page.waitForLoadState('load');

    // A tap whose effect the page's first effects could undo (the menu closes on a new location) is
    // given back after them: the menu opened before the app was there stays open.
    let releaseAgain = () => {};
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
    await page.unroute('**/uploads/products/**');
    await page.route('**/uploads/products/**', async (route) => {
      await heldAgain;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/product/${id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Buka menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu seluler' });
    await menu.waitFor();
    await page.waitForTimeout(500);
    expect(await menu.isVisible()).toBe(true);
    releaseAgain();
    await page.waitForLoadState('load');

    // A photo that never arrives keeps the app away for 2.5 s at most.
    await page.unroute('**/uploads/products/**');
    let giveUp = () => {};
    const gaveUp = new Promise<void>((resolve) => (giveUp = resolve));
    await page.route('**/uploads/products/**', async (route) => {
      await gaveUp;
      await route.abort().catch(() => undefined);
    });
    asked.length = 0;
    const openedAt = Date.now();
    await page.goto(`/product/${id}`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => asked.some((r) => isApp(r.url)), { timeout: 6000 }).toBe(true);
    const waited = asked.find((r) => isApp(r.url))!.at - openedAt;
    giveUp();
    expect(waited).toBeGreaterThan(2000);
  });
});
