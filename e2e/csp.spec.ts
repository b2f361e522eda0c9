/**
 * Issue 14 (docs/issues.md), the Content-Security-Policy in Chromium
 * (docs/decisions/023-security-headers.md): every screen of the storefront, the buyer's pages, the
 * sandbox gateway's pay page, the back office, the POS with its printed receipt and the API docs
 * run under the policy without one violation. A listener injected before any page script records
 * `securitypolicyviolation` events, and console messages about the policy are collected too; an
 * injected inline script shows the listener works (it is refused and reported).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Order } from '@pasar/core/checkout';
import { adminAccount, api, customerAccount, localCourierOption, localCourierOrderPayload, login, productId } from './support/api';
import { screenshot } from './support/harness';
import { signIn, storeSession } from './support/session';
import { fillRecipient } from './support/checkout';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

/** A product name that once pasted parts of the page template into its own head. */
const hostileName = "Keripik $' $& $` </script><script>alert(1)</script>";

/** Starts recording policy violations of every page of the context (popups too). */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
        void report(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Waits for the screen's requests to settle, then expects no violation so far. */
async function expectClean(page: Page, violations: string[]): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(150);
  expect(violations).toEqual([]);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).first().waitFor();

describe('Content-Security-Policy', () => {
  it('the storefront, the buyer pages and the sandbox pay page run without a violation', async () => {
    const { context, page, consoleErrors } = await e2e.openPage();
    const violations = await watchPolicy(context);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    const home = await page.goto('/');
    const header = home?.headers()['content-security-policy'] ?? '';
    expect(header).toContain("script-src 'self';");
    expect(header).not.toContain('unsafe-inline');
    await heading(page, /Belanja langsung dari pelaku UMKM/);
    await expectClean(page, violations);

    // The listener hears the policy: an inline script is refused, reported, and never runs.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.filter((v) => v.includes('script-src-elem refused inline')).length).toBe(1);
    await expect.poll(() => violations.filter((v) => v.startsWith('console:')).length).toBe(1);
    violations.length = 0;
    expect(consoleErrors.splice(0).every((e) => /Content Security Policy/.test(e))).toBe(true);

    await page.goto('/catalog');
    await heading(page, 'Katalog Produk');
    await expectClean(page, violations);

    // The product page: its share-preview head and JSON-LD hold the hostile name as text.
    const categoryId = (await e2e.api<{ id: number }[]>('GET', '/catalog/categories/'))[0]!.id;
    const product = await e2e.adminApi<{ id: number }>('POST', '/products/', { name: hostileName, price: 12000, stock: 5, category_id: categoryId, weight_grams: 100 });
    const served = (await (await page.goto(`/product/${product.id}`))?.text()) ?? '';
    // The served head holds each of its elements once: nothing of the template pasted twice.
    expect(served.match(/<\/head>/g)).toHaveLength(1);
    const head = served.slice(0, served.indexOf('</head>'));
    for (const tag of [/<!doctype html>/gi, /<title>/g, /<meta name="description"/g, /<meta property="og:title"/g, /<link rel="canonical"/g, /<script type="application\/ld\+json">/g]) {
      expect(head.match(tag)).toHaveLength(1);
    }
    await heading(page, hostileName);
    const ld = page.locator('script[type="application/ld+json"]');
    expect(await ld.count()).toBe(1);
    expect(JSON.parse((await ld.textContent()) ?? '{}')).toMatchObject({ '@type': 'Product', name: hostileName });
    expect(await page.locator('head meta[property="og:title"]').count()).toBe(1);
    expect(await page.title()).toContain(hostileName);
    await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await page.getByText('Ditambahkan ke keranjang.').waitFor();
    await expectClean(page, violations);
    await screenshot(page, 'csp-product');

    // A product from the demo shop with its pictures, then cart and checkout.
    await page.goto(`/product/${await productId(e2e.baseUrl, 'Opak Ketan Bakar')}`);
    await heading(page, 'Opak Ketan Bakar');
    await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await page.getByText('Ditambahkan ke keranjang.').waitFor();
    await expectClean(page, violations);
    await page.goto('/cart');
    await heading(page, 'Keranjang');
    await expectClean(page, violations);
    await page.goto('/checkout');
    await heading(page, 'Checkout');
    await fillRecipient(page, { name: 'Tamu Kebijakan', address: 'Jl. Braga No. 5', phone: '081234567890' });
    await page.getByRole('button', { name: 'Pilih metode pembayaran' }).click();
    await page.getByRole('dialog').getByText('Transfer bank manual').waitFor();
    await expectClean(page, violations);
    await page.keyboard.press('Escape');

    for (const [path, title] of [
      ['/login', 'Masuk'],
      ['/register', 'Bergabung'],
      ['/halaman-yang-tidak-ada', /Belanja langsung dari pelaku UMKM/],
    ] as const) {
      await page.goto(path);
      await heading(page, title);
      await expectClean(page, violations);
    }

    // A guest's order page by its link, and the sandbox gateway's pay page (its <style> has a nonce).
    const local = await localCourierOption(e2e.baseUrl);
    const gatewayOrder = await e2e.api<Order>('POST', '/orders', {
      ...localCourierOrderPayload({ productId: await productId(e2e.baseUrl, 'Kacang Sangrai Bawang'), quantity: 1, local, name: 'Tamu Kebijakan', guestEmail: 'tamu.kebijakan@contoh.id' }),
      payment_method: 'tripay:QRIS',
    });
    await page.goto(new URL(gatewayOrder.order_url!, e2e.baseUrl).pathname);
    await heading(page, `Pesanan #${gatewayOrder.id}`);
    await expectClean(page, violations);
    await page.goto(gatewayOrder.payment!.pay_url!);
    await page.getByRole('button', { name: 'Bayar sekarang' }).waitFor();
    await expectClean(page, violations);
    // The nonce let the page's own style apply.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 245, 244)');
    await screenshot(page, 'csp-sandbox-pay');
    await page.getByRole('button', { name: 'Bayar sekarang' }).click();
    await page.getByRole('status').getByText('Sudah dibayar').waitFor();
    await expectClean(page, violations);

    // Signed in as a customer: profile, orders and one order's page.
    const session = await login(e2e.baseUrl, customerAccount.username, customerAccount.password);
    const own = await api(e2e.baseUrl, session.token)<Order>(
      'POST',
      '/orders',
      localCourierOrderPayload({ productId: await productId(e2e.baseUrl, 'Opak Ketan Bakar'), quantity: 1, local, name: 'Pembeli Kebijakan' }),
    );
    await storeSession(page, session);
    for (const [path, title] of [
      ['/profile', 'Profil Saya'],
      ['/pesanan', 'Pesanan Saya'],
      [`/pesanan/${own.id}`, `Pesanan #${own.id}`],
    ] as const) {
      await page.goto(path);
      await heading(page, title);
      await expectClean(page, violations);
    }
    expect(dialogs).toEqual([]);
  });

  it('every back-office screen, the POS with its receipt, and the API docs run without a violation', async () => {
    const { context, page } = await e2e.openPage();
    const violations = await watchPolicy(context);
    await signIn(page, adminAccount.username, adminAccount.password);
    await page.waitForURL(`${e2e.baseUrl}/admin/dashboard`);
    await heading(page, 'Dasbor');
    await expectClean(page, violations);

    for (const [path, title] of [
      ['/admin/categories', 'Kategori'],
      ['/admin/products', 'Produk'],
      ['/admin/knowledge', 'Pengetahuan'],
      ['/admin/businesses', 'Usaha Mitra'],
      ['/admin/couriers', 'Kurir'],
      ['/admin/orders', 'Pesanan'],
      ['/admin/users', 'Pengguna'],
      ['/admin/settings/payments', 'Pengaturan pembayaran'],
      ['/admin/outbox', 'Kotak keluar email'],
      ['/admin/dashboard', 'Dasbor'],
    ] as const) {
      await page.goto(path);
      await heading(page, title);
      await expectClean(page, violations);
    }

    // The POS: the QRIS code (a data: image), a cash sale and its receipt, printed.
    await page.goto('/admin/pos');
    await page.getByRole('list', { name: 'Daftar produk POS' }).waitFor();
    await page.getByLabel('Cari produk').fill('Opak Ketan Bakar');
    await page.getByRole('button', { name: 'Tambah Opak Ketan Bakar' }).click();
    await page.locator('aside').getByText('Opak Ketan Bakar').waitFor();
    await page.getByRole('button', { name: 'QRIS', exact: true }).click();
    const qris = page.getByRole('dialog', { name: 'Bayar dengan QRIS' });
    await qris.getByRole('img').waitFor();
    await expectClean(page, violations);
    await qris.getByRole('button', { name: 'Tutup', exact: true }).last().click();
    await page.getByRole('button', { name: 'Tunai' }).click();
    await page.getByLabel('Uang diterima (Rp)').fill('200000');
    await page.getByRole('button', { name: /^Bayar/ }).click();
    const receipt = page.getByRole('dialog', { name: 'Struk' });
    await receipt.waitFor();
    await expectClean(page, violations);
    // The receipt's print rules come from a stylesheet file it links while it is open.
    await page.emulateMedia({ media: 'print' });
    await expect
      .poll(() => page.evaluate(() => Array.from(document.body.children).filter((c) => getComputedStyle(c).display !== 'none').map((c) => c.className)))
      .toEqual([expect.stringContaining('pos-receipt-layer')]);
    await page.emulateMedia({ media: 'screen' });
    await screenshot(page, 'csp-pos-receipt');
    await receipt.getByRole('button', { name: 'Tutup' }).click();
    await receipt.waitFor({ state: 'detached' });
    // Closed, the rules go with it: the POS prints as itself again.
    await page.emulateMedia({ media: 'print' });
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('root')!).display)).not.toBe('none');
    await page.emulateMedia({ media: 'screen' });
    await expectClean(page, violations);

    // The API's own documentation (Swagger UI).
    await page.goto('/api/docs');
    await page.getByText('Pasar UMKM API').first().waitFor();
    await expectClean(page, violations);
  });
});
