/**
 * Issue 16 part 3: the shopper's rough edges in the catalogue and the cart, each seen when the
 * product was tried as a new user, end to end on a 360 px phone (the assistant's button also at
 * 412 and 1280 px). Products with the stock, discount and origin a test needs are made through
 * the admin API.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { cartMessages } from '@pasar/core/cart';
import { checkoutMessages } from '@pasar/core/checkout';
import { screenshot } from './support/harness';
import { fillRecipient } from './support/checkout';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

interface Business {
  id: number;
  name: string;
  district_id: number | null;
  district_name: string | null;
  is_active: boolean;
}

let made = 0;
/** A new active product (its name unique to the test), through the admin API. */
async function makeProduct(spec: { name: string; stock: number; discount?: number; businessId?: number | null; description?: string }): Promise<{ id: number; name: string }> {
  const categoryId = (await e2e.adminApi<{ id: number }[]>('GET', '/catalog/categories/'))[0]!.id;
  made += 1;
  const name = `${spec.name} ${made}`;
  const product = await e2e.adminApi<{ id: number }>('POST', '/products/', {
    name,
    description: spec.description ?? `Produk uji ${name} untuk keranjang.`,
    price: 20000,
    stock: spec.stock,
    discount: spec.discount ?? 0,
    category_id: categoryId,
    business_id: spec.businessId ?? null,
    weight_grams: 200,
  });
  return { id: product.id, name };
}

/** The catalogue filtered to one product's name: its card is the only one. */
async function openCard(page: Page, name: string): Promise<Locator> {
  await page.goto(`/catalog?q=${encodeURIComponent(name)}`);
  const card = page.locator('article').filter({ hasText: name });
  await card.waitFor();
  return card;
}

const cartCount = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{}') as { totalItems?: number }).totalItems ?? 0);

describe('issue 16 part 3: catalogue and cart on a 360 px phone', () => {
  it('§1 adding never passes the stock: the card, the product page and the cart page say so where the shopper tapped', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    const product = await makeProduct({ name: 'Sambal Stok Dua', stock: 2 });
    const card = await openCard(page, product.name);
    const add = card.getByRole('button', { name: `Tambah ${product.name} ke keranjang` });
    for (let i = 0; i < 4; i++) await add.click();
    const full = cartMessages.stockAllInCart(product.name, 2);
    await card.getByRole('alert').filter({ hasText: full }).waitFor();
    expect(await cartCount(page)).toBe(2);
    await screenshot(page, 'issue16-stock-card-360');

    await page.goto(`/product/${product.id}`);
    await page.getByText('2 stok · 2 di keranjang').waitFor();
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
    await page.getByRole('alert').filter({ hasText: full }).waitFor();
    await page.getByRole('button', { name: 'Beli sekarang' }).click();
    expect(new URL(page.url()).pathname).toBe(`/product/${product.id}`);
    expect(await cartCount(page)).toBe(2);

    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await line.waitFor();
    expect(await line.getByRole('button', { name: 'Tambah jumlah' }).isDisabled()).toBe(true);
    await line.getByTestId('line-at-stock').filter({ hasText: cartMessages.lineAtStock(2, 0) }).waitFor();
    await line.getByRole('button', { name: 'Kurangi jumlah' }).click();
    await expect.poll(() => cartCount(page)).toBe(1);
    await line.getByRole('button', { name: 'Tambah jumlah' }).click();
    await expect.poll(() => cartCount(page)).toBe(2);
    expect(await line.getByRole('button', { name: 'Tambah jumlah' }).isDisabled()).toBe(true);
  });

  it('§2 a cart from two districts is grouped by origin, and bought in one checkout with a shipment per origin (issue 28)', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    const businesses = (await e2e.adminApi<Business[]>('GET', '/businesses/')).filter((b) => b.is_active && b.district_id && b.district_name);
    const first = businesses[0]!;
    const second = businesses.find((b) => b.district_id !== first.district_id)!;
    const a = await makeProduct({ name: 'Keripik Asal Satu', stock: 5, businessId: first.id });
    const b = await makeProduct({ name: 'Sabun Asal Dua', stock: 5, businessId: second.id });
    for (const [added, p] of [a, b].entries()) {
      await (await openCard(page, p.name)).getByRole('button', { name: `Tambah ${p.name} ke keranjang` }).click();
      // As a shopper would, see it counted before going to the next product.
      await expect.poll(() => cartCount(page)).toBe(added + 1);
    }

    await page.goto('/cart');
    // Rule 4's text stays, as information (decision 049).
    await page.getByTestId('origin-notice').getByText(checkoutMessages.mixedOrigin).waitFor();
    await page.getByTestId('origin-notice').getByText(checkoutMessages.originsShipSeparately(2)).waitFor();
    const groups = page.getByTestId('origin-group');
    await expect.poll(() => groups.count()).toBe(2);
    const secondGroup = groups.filter({ has: page.getByRole('heading', { name: `Dikirim dari Kec. ${second.district_name}` }) });
    await secondGroup.getByRole('link', { name: b.name }).waitFor();
    expect(await secondGroup.getByRole('link', { name: a.name }).count()).toBe(0);
    await screenshot(page, 'issue28-origin-groups-360');

    await page.getByRole('link', { name: 'Lanjut ke checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await page.getByLabel('Email').fill('tamu.asal@contoh.id');
    await fillRecipient(page, { name: 'Tamu Asal', address: 'Jl. Braga No. 7', phone: '081234567891' });
    // One shipping choice per origin, each chosen.
    await expect.poll(() => page.getByTestId('shipping-choice').count()).toBe(2);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="shipping-choice"]')).every((e) => !/Belum dipilih|Menghitung/.test(e.textContent ?? '')));
    const summary = page.getByRole('complementary', { name: 'Ringkasan pesanan' });
    await summary.getByText(a.name).waitFor();
    await summary.getByText(b.name).waitFor();
    await summary.getByText('Ongkos kirim (2 kiriman)').waitFor();
    await page.getByRole('button', { name: 'Buat pesanan' }).click();
    await page.getByRole('status').filter({ hasText: checkoutMessages.successManual }).waitFor();

    // One order took both lines: the cart is empty.
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Keranjang Anda kosong' }).waitFor();
  });

  it('§3 another page starts at the top of the results, and a page past the last is replaced by the last', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    await page.goto('/catalog');
    const cards = page.locator('article');
    await cards.first().waitFor();
    const firstOfPageOne = await cards.first().locator('h3').textContent();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Selanjutnya' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => cards.first().locator('h3').textContent()).not.toBe(firstOfPageOne);
    // The first card of the new page is on screen, below the sticky header.
    const top = (await cards.first().boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(64);
    expect(top).toBeLessThan(740);
    // The three paging controls fit a 360 px row (the page used to scroll sideways).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const { total_pages: last } = await e2e.api<{ total_pages: number }>('GET', '/catalog/products/?page=1&page_size=12');
    expect(last).toBeGreaterThan(1);
    await page.goto('/catalog?page=99');
    await page.waitForURL(new RegExp(`page=${last}$`));
    await page.getByText(`Halaman ${last} dari ${last}`).waitFor();
    await cards.first().waitFor();
    expect(await page.getByText('Produk tidak ditemukan').count()).toBe(0);
  });

  it('§4 the assistant button covers no content: the shipping chooser, a card button, the password confirmation (360, 412, 1280 px)', async () => {
    const phone = await e2e.openPage({ mobile: true });
    const desktop = await e2e.openPage();
    const product = await makeProduct({ name: 'Kopi Tanpa Tutup', stock: 5 });
    for (const [page, width] of [
      [phone.page, 360],
      [phone.page, 412],
      [desktop.page, 1280],
    ] as const) {
      if (width !== 1280) await page.setViewportSize({ width, height: 740 });
      await page.goto('/catalog');
      await page.locator('article').first().waitFor();
      await page.getByRole('button', { name: 'Tanya Asisten' }).waitFor();
      const addButtons = page.getByRole('button', { name: /^Tambah .* ke keranjang$/ });
      for (let i = 0; i < (await addButtons.count()); i++) await expectUncovered(addButtons.nth(i), `+ Keranjang ${i + 1} at ${width} px`);
      if (width === 360) await screenshot(page, 'issue16-assistant-catalog-360');
      if (width === 1280) await screenshot(page, 'issue16-assistant-catalog-1280');

      await page.goto('/register');
      await expectUncovered(page.locator('#password_confirmation'), `Konfirmasi kata sandi at ${width} px`);

      await page.goto(`/product/${product.id}`);
      await page.getByRole('button', { name: 'Masuk Keranjang' }).click();
      await page.getByText('Ditambahkan ke keranjang.').waitFor();
      await page.goto('/checkout');
      await expectUncovered(page.getByRole('button', { name: 'Pilih layanan pengiriman' }), `Pilih layanan pengiriman at ${width} px`);
    }
    // Still there to use: it opens the panel.
    await phone.page.getByRole('button', { name: 'Tanya Asisten' }).click();
    await phone.page.getByRole('dialog', { name: 'Tanya Asisten' }).waitFor();
    await screenshot(phone.page, 'issue16-assistant-open-412');
  });

  it('§5 the card shows its description and fits its buttons, the badge reads -12,5%, the product photo is whole', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    const description = 'Tenun ikat tangan dari benang katun yang diwarnai alami, cocok untuk hadiah.';
    const product = await makeProduct({ name: 'Tenun Diskon', stock: 4, discount: 12.5, description });
    const card = await openCard(page, product.name);
    expect(await card.getByText(description).isVisible()).toBe(true);
    // Two lines at most.
    const text = card.getByText(description);
    const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await text.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
    await card.getByText('-12,5%', { exact: true }).waitFor();

    // The catalogue's 2-column grid: every card's buttons inside the card, their text inside them.
    await page.goto('/catalog');
    await page.locator('article').first().waitFor();
    const fits = await page.locator('article').evaluateAll((articles) =>
      articles.every((article) => {
        const box = article.getBoundingClientRect();
        return Array.from(article.querySelectorAll('button, a.rounded-lg')).every((b) => {
          const r = b.getBoundingClientRect();
          return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && b.scrollWidth <= b.clientWidth;
        });
      }),
    );
    expect(fits).toBe(true);
    await screenshot(page, 'issue16-cards-360');

    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { name: product.name }).waitFor();
    await page.getByText('-12,5%', { exact: true }).waitFor();

    // A photo: the demo products have them; the main image shows it whole at 360 px.
    const withPhoto = (await e2e.api<{ items: { id: number; image_url: string | null }[] }>('GET', '/catalog/products/?page=1&page_size=24')).items.find((p) => p.image_url);
    expect(withPhoto).toBeDefined();
    await page.goto(`/product/${withPhoto!.id}`);
    const img = page.locator('.h-\\[420px\\] img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const shown = await img.evaluate((el) => {
      const image = el as HTMLImageElement;
      const box = image.getBoundingClientRect();
      const scale = getComputedStyle(image).objectFit === 'cover' ? Math.max(box.width / image.naturalWidth, box.height / image.naturalHeight) : Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
      return { photoWidth: image.naturalWidth * scale, boxWidth: box.width };
    });
    // Not cropped on either side: the photo drawn is no wider than its box.
    expect(shown.photoWidth).toBeLessThanOrEqual(shown.boxWidth + 0.5);
    await screenshot(page, 'issue16-product-photo-360');
  });

  it('§6 an unreadable stored user is removed from storage (spec §4 Session)', async () => {
    const { page } = await e2e.openPage({ mobile: true });
    for (const stored of ['{bukan json', '{"id":"7","username":5}']) {
      await page.goto('/');
      await page.evaluate((user) => {
        localStorage.setItem('token', 'token-lama');
        localStorage.setItem('user', user);
      }, stored);
      await page.reload();
      await page.getByRole('button', { name: 'Buka menu' }).waitFor();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await page.getByRole('button', { name: 'Buka menu' }).click();
      await page.getByRole('navigation', { name: 'Menu seluler' }).getByRole('link', { name: 'Masuk' }).waitFor();
    }
  });
});

/**
 * The element, brought to the foot of the screen and to its middle (where a shopper scrolling down
 * meets it), is what the browser finds at each of nine points inside it: nothing lies over it.
 */
async function expectUncovered(target: Locator, what: string): Promise<void> {
  await target.waitFor();
  for (const place of ['bottom', 'middle'] as const) {
    const covered = await target.evaluate((el, where) => {
      const rect0 = el.getBoundingClientRect();
      const wanted = where === 'bottom' ? window.innerHeight - 1 - rect0.bottom : window.innerHeight / 2 - (rect0.top + rect0.height / 2);
      window.scrollBy(0, -wanted);
      const r = el.getBoundingClientRect();
      const hits: string[] = [];
      for (const fx of [0.05, 0.5, 0.95]) {
        for (const fy of [0.1, 0.5, 0.9]) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          if (y < 70 || y > window.innerHeight - 1) continue; // under the sticky header, or off screen
          const found = document.elementFromPoint(x, y);
          if (found && found !== el && !el.contains(found)) hits.push(`${found.tagName} ${found.getAttribute('aria-label') ?? found.textContent?.slice(0, 30) ?? ''}`);
        }
      }
      return hits;
    }, place);
    expect(covered, `${what} (${place})`).toEqual([]);
  }
}
