/**
 * Issue 16: no storefront page is wider than the phone, tablet or laptop showing it. At 768 px the
 * header's links and account buttons made every page 873 px wide (a sideways scroll on a tablet);
 * they now form one row only from 1024 px (app/layouts/storefront-layout.tsx). Checked for a guest
 * and for a signed-in admin, whose header holds the most buttons.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminAccount, login, type Session } from './support/api';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

const widths = [360, 768, 1280];
const paths = ['/', '/catalog', '/catalog?view=list', '/cart', '/checkout', '/login', '/register'];

/** The document's width beyond the viewport's, and the first elements that stick out (for the failure message). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const outside = Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > viewport + 1 && !e.closest('.overflow-x-auto, .overflow-x-scroll'))
      .slice(0, 3)
      .map((e) => `<${e.tagName.toLowerCase()} class="${String(e.getAttribute('class'))}">`);
    return { extra: document.documentElement.scrollWidth - viewport, outside };
  });
}

async function checkWidths(session: Session | undefined): Promise<void> {
  const product = (await e2e.api<{ items: { id: number }[] }>('GET', '/catalog/products/?page=1&page_size=1')).items[0];
  expect(product).toBeDefined();
  for (const width of widths) {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width, height: 800 }, locale: 'id-ID', isMobile: width < 768, hasTouch: width < 768 });
    e2e.closeAfterTest(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => (msg.type() === 'error' ? errors.push(msg.text()) : undefined));
    page.on('pageerror', (err) => errors.push(err.message));
    if (session) {
      await page.goto('/');
      await page.evaluate(([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      }, [session.token, JSON.stringify(session.user)] as const);
    }
    for (const path of [...paths, `/product/${product!.id}`]) {
      await page.goto(path);
      await page.locator('footer').waitFor();
      await page.waitForLoadState('networkidle');
      expect({ width, path, ...(await overflow(page)) }).toEqual({ width, path, extra: 0, outside: [] });
    }
    expect(errors).toEqual([]);
  }
}

describe('storefront page width', () => {
  it('no storefront page is wider than a 360, 768 or 1280 px screen, for a guest', async () => {
    await checkWidths(undefined);
  });

  it('nor with a signed-in admin’s header', async () => {
    await checkWidths(await login(e2e.baseUrl, adminAccount.username, adminAccount.password));
  });
});
