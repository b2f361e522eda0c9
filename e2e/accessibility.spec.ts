/**
 * Issue 31 items 12, 22 and 27 and its "done when": axe-core on every storefront and back-office
 * screen, at 1280 px and at 390 px, with no serious or critical violation (docs/decisions/063-accessibility-checks.md);
 * every page its own title, also in the server's HTML; the focus on the new page's heading after a
 * client-side navigation; the skip link's target taking the focus; the admin's mobile menu a real
 * modal (focus in, trapped, back on the menu button) with "Ke toko", and the orders shortcut at 390 px.
 * One server and one signed-in context per role; each screen is checked at both widths in that context.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paymentMessages } from '@pasar/core/payments';
import { customerAccount, localCourierOption, localCourierOrderPayload, login, productId } from './support/api';
import { signIn, signInAsAdmin, storeSession } from './support/session';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const partnerAccount = { username: 'buimas', password: 'mitra12345' } as const;
const widths = [1280, 390] as const;

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** axe-core on the page as it is now: its serious and critical findings, one line per element. */
async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  // Evaluated through the debugger protocol, so the site's CSP (no inline scripts) does not refuse it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Finding[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  const width = page.viewportSize()?.width ?? 0;
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${screen} @${width}px: [${v.impact}] ${v.id} at ${JSON.stringify(n.target)}: ${v.help}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`));
}

/** Settles a screen: its heading drawn, no skeleton left, no request in flight. */
async function settle(page: Page) {
  await page.locator('main h1').first().waitFor({ timeout: 10_000 });
  // Short of idle (a picture still loading, a poll) after a while is settled enough for axe.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  await page.waitForFunction(() => document.querySelectorAll('main .animate-pulse').length === 0);
}

/**
 * Opens each screen (a path, or steps from where the last one left the page) at both widths and
 * collects what axe finds; one expectation at the end lists every finding of the role at once.
 */
async function checkScreens(page: Page, screens: { name: string; open: (page: Page) => Promise<void> }[]) {
  const findings: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    for (const screen of screens) {
      // Which screen a timeout stopped at, in the log.
      const t0 = Date.now();
      await screen.open(page);
      const t1 = Date.now();
      await settle(page);
      const t2 = Date.now();
      findings.push(...(await seriousViolations(page, screen.name)));
      console.info(`axe: ${screen.name} @${width}px open ${t1 - t0} settle ${t2 - t1} axe ${Date.now() - t2}`);
    }
  }
  expect(findings).toEqual([]);
}

const visit = (path: string) => async (page: Page) => {
  await page.goto(path);
};

async function guestOrder(): Promise<{ id: number; path: string }> {
  const payload = localCourierOrderPayload({
    productId: await productId(e2e.baseUrl, 'Opak Ketan Bakar'),
    quantity: 1,
    local: await localCourierOption(e2e.baseUrl),
    name: 'Tamu Aksesibel',
    guestEmail: 'tamu.aksesibel@contoh.id',
  });
  const order = await e2e.api<{ id: number; order_url: string | null }>('POST', '/orders', payload);
  if (!order.order_url) throw new Error('the guest order has no link');
  return { id: order.id, path: new URL(order.order_url, e2e.baseUrl).pathname };
}

/** The focused element, described: its tag, id and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${(el.textContent ?? '').trim().slice(0, 40)}`.trim() : 'none';
  });

const headingFocused = (page: Page) => page.evaluate(() => document.activeElement !== null && document.activeElement === document.querySelector('main h1'));

/** The <title> in the HTML the server sends, before any script runs. */
async function servedTitle(path: string): Promise<string | undefined> {
  const html = await (await fetch(`${e2e.baseUrl}${path}`)).text();
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

describe('accessibility: page titles and focus (issue 31 items 12 and 22)', () => {
  it('names every page in the served HTML and the browser, focuses the new heading after a click and the skip link\'s target', async () => {
    expect(await servedTitle('/catalog')).toBe('Katalog produk · Pasar UMKM');
    expect(await servedTitle('/cart')).toBe('Keranjang · Pasar UMKM');
    expect(await servedTitle('/admin/pos')).toBe('Kasir (POS) · Admin · Pasar UMKM');
    expect(await servedTitle('/mitra/penjualan')).toBe('Penjualan · Mitra · Pasar UMKM');

    const { page } = await e2e.openPage();
    await page.goto('/catalog');
    await page.locator('main h1').waitFor();
    // A first load leaves the focus where the browser puts it.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${e2e.baseUrl}/`);
    await page.getByRole('link', { name: 'Daftar jadi mitra' }).first().click();
    await page.waitForURL(`${e2e.baseUrl}/daftar-mitra`);
    await expect.poll(() => page.title()).toBe('Daftar jadi mitra · Pasar UMKM');
    await expect.poll(() => headingFocused(page)).toBe(true);
    await page.getByRole('link', { name: 'Keranjang, 0 barang' }).click();
    await expect.poll(() => page.title()).toBe('Keranjang · Pasar UMKM');
    await expect.poll(() => headingFocused(page)).toBe(true);
    // A page that replaces its heading soon after (a loading state's, then its own): the focus,
    // fallen to the body, goes to the new heading.
    await page.evaluate(() => {
      const old = document.querySelector('main h1')!;
      const heading = document.createElement('h1');
      heading.textContent = old.textContent;
      old.replaceWith(heading);
    });
    await expect.poll(() => headingFocused(page)).toBe(true);

    // The skip link: the first Tab stop, and its target takes the focus.
    await page.goto('/catalog');
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a Langsung ke konten');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it("the admin's phone menu is a modal that keeps and gives back the focus, with Ke toko; the orders shortcut shows at 390 px", async () => {
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/dashboard');
    await page.locator('main h1').waitFor();
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Pesanan', exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The narrowest phone the shop is made for: the header still fits beside the shortcut.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await banner.getByRole('link', { name: 'Pesanan', exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.querySelector('header')?.scrollWidth ?? 0))).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 390, height: 844 });

    const menuButton = banner.getByRole('button', { name: 'Buka menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu admin' });
    await menu.waitFor();
    const inMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
    await expect.poll(inMenu).toBe(true);
    expect(await menu.getByRole('link', { name: 'Ke toko' }).isVisible()).toBe(true);
    // Tab and Shift+Tab past either end stay in the menu.
    for (let i = 0; i < 20; i += 1) await page.keyboard.press('Tab');
    expect(await inMenu()).toBe(true);
    for (let i = 0; i < 20; i += 1) await page.keyboard.press('Shift+Tab');
    expect(await inMenu()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Buka menu');

    // A link in the menu: the menu closes and the new page's heading has the focus.
    await menuButton.click();
    await menu.getByRole('link', { name: 'Kategori' }).click();
    await page.waitForURL(`${e2e.baseUrl}/admin/categories`);
    await expect.poll(() => page.title()).toBe('Kategori · Admin · Pasar UMKM');
    await expect.poll(() => focused(page)).toMatch(/^h1 Kategori/);

    // The skip link's target takes the focus here too.
    await page.goto('/admin/users');
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
  });
});

describe('accessibility: axe-core finds nothing serious on any screen', () => {
  it('the storefront, as a guest and as a signed-in customer', { timeout: 400_000 }, async () => {
    const { page, consoleErrors } = await e2e.openPage();
    const plain = await productId(e2e.baseUrl, 'Opak Ketan Bakar');
    const sizes = await productId(e2e.baseUrl, 'Keripik Tempe Original');
    const soldOut = await productId(e2e.baseUrl, 'Kopi Luwak Liar Gunung Halu');
    const orderPath = (await guestOrder()).path;
    await checkScreens(page, [
      { name: 'landing', open: visit('/') },
      { name: 'catalogue', open: visit('/catalog') },
      { name: 'catalogue search', open: visit('/catalog?q=keripik') },
      { name: 'product', open: visit(`/product/${plain}`) },
      { name: 'product with sizes', open: visit(`/product/${sizes}`) },
      { name: 'product sold out', open: visit(`/product/${soldOut}`) },
      {
        name: 'empty cart',
        open: async (p) => {
          await p.evaluate(() => localStorage.clear());
          await p.goto('/cart');
        },
      },
      {
        name: 'cart with items',
        open: async (p) => {
          await p.goto(`/product/${sizes}`);
          await p.getByRole('button', { name: 'Masuk Keranjang' }).click();
          await p.getByText('Ditambahkan ke keranjang.').waitFor();
          await p.goto('/cart');
        },
      },
      { name: 'checkout', open: visit('/checkout') },
      { name: 'order page', open: visit(orderPath) },
      {
        name: 'order page, bad token',
        open: async (p) => {
          await p.goto(`/pesanan/akses/${'0'.repeat(64)}`);
          await p.getByText(paymentMessages.accessNotFound).first().waitFor();
        },
      },
      { name: 'login', open: visit('/login') },
      { name: 'register', open: visit('/register') },
      { name: 'forgot password', open: visit('/lupa-password') },
      { name: 'partner application', open: visit('/daftar-mitra') },
      { name: 'unknown path', open: visit('/halaman-yang-tidak-ada') },
    ]);
    // Expected: Chromium logs the API's 404 for the unknown order link, once per width.
    expect(consoleErrors.every((e) => /status of 404/.test(e))).toBe(true);
    consoleErrors.length = 0;

    await storeSession(page, await login(e2e.baseUrl, customerAccount.username, customerAccount.password));
    await checkScreens(page, [
      { name: 'profile', open: visit('/profile') },
      { name: 'my orders', open: visit('/pesanan') },
    ]);
  });

  it('the back office, as the demo admin', { timeout: 400_000 }, async () => {
    const { page } = await e2e.openPage();
    await signInAsAdmin(page, e2e.baseUrl);
    const orderId = (await guestOrder()).id;
    await checkScreens(page, [
      { name: 'dashboard', open: visit('/admin/dashboard') },
      { name: 'orders', open: visit('/admin/orders') },
      {
        name: 'orders, panel open',
        open: async (p) => {
          await p.getByRole('button', { name: `Detail pesanan #${orderId}` }).click();
          await p.getByRole('complementary', { name: `Detail pesanan #${orderId}` }).waitFor();
        },
      },
      { name: 'products', open: visit('/admin/products') },
      {
        name: 'product form',
        open: async (p) => {
          await p.getByRole('button', { name: '+ Tambah produk' }).click();
          await p.getByRole('dialog', { name: 'Tambah produk' }).waitFor();
        },
      },
      { name: 'categories', open: visit('/admin/categories') },
      { name: 'businesses', open: visit('/admin/businesses') },
      { name: 'users', open: visit('/admin/users') },
      { name: 'couriers', open: visit('/admin/couriers') },
      {
        name: 'courier edit',
        open: async (p) => {
          await p.getByRole('link', { name: /^Edit / }).first().click();
          await p.waitForURL(/\/admin\/couriers\/\d+\/edit$/);
        },
      },
      { name: 'knowledge', open: visit('/admin/knowledge') },
      { name: 'outbox', open: visit('/admin/outbox') },
      { name: 'payment settings', open: visit('/admin/settings/payments') },
      { name: 'POS', open: visit('/admin/pos') },
      { name: 'partner applications', open: visit('/admin/partner-applications') },
      { name: 'curation', open: visit('/admin/curation') },
      { name: 'payouts', open: visit('/admin/payouts') },
      { name: 'reports', open: visit('/admin/reports') },
    ]);
  });

  it("the partner's corner, as a demo partner", async () => {
    const { page } = await e2e.openPage();
    await signIn(page, partnerAccount.username, partnerAccount.password);
    await page.waitForURL(/\/mitra(\/|$)/);
    await checkScreens(page, [
      { name: 'mitra products', open: visit('/mitra/produk') },
      { name: 'mitra orders', open: visit('/mitra/pesanan') },
      { name: 'mitra sales', open: visit('/mitra/penjualan') },
      { name: 'mitra business', open: visit('/mitra/usaha') },
    ]);
  });
});
