import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLineId } from '@pasar/core/cart';
import type { Product } from '@pasar/core/catalog';
import { catalogueProduct } from '@pasar/core/testing';

/** A product as the catalogue API returns it; each test overrides what it is about. */
function product(overrides: Partial<Product> = {}): Product {
  return catalogueProduct({
    id: 7,
    name: 'Sambal Roa Botol',
    price: 40000,
    reseller_price: 34000,
    stock: 12,
    category: { id: 1, name: 'Makanan & Camilan' },
    business_id: 3,
    business: { id: 3, name: 'Dapur Bu Imas', district_id: 327319, district_name: 'Sumur Bandung', city_id: 3273 },
    business_name: 'Dapur Bu Imas',
    image_url: '/uploads/sambal.webp',
    image_cover: '/uploads/sambal.webp',
    images: ['/uploads/sambal.webp'],
    weight_grams: 300,
    ...overrides,
  });
}

const withVariants = product({
  stock: 9,
  size_variants: [
    { label: '250 g', price: 30000, reseller_price: 25500, stock: 4 },
    { label: '500 g', price: 55000, reseller_price: 46750, stock: 5 },
  ],
  option_groups: [
    { name: 'Level pedas', values: ['Sedang', 'Pedas'] },
    { name: 'Kemasan', values: [] },
  ],
});

/** A browser just enough for the cart store: localStorage and the cross-tab 'storage' event. */
function fakeBrowser(stored: Record<string, string> = {}) {
  const data = new Map(Object.entries(stored));
  const storageListeners: ((event: { key: string | null }) => void)[] = [];
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === 'storage') storageListeners.push(listener);
    },
  });
  return {
    data,
    /** Another tab wrote the key. */
    otherTabWrites(key: string, value: string) {
      data.set(key, value);
      for (const l of storageListeners) l({ key });
    },
  };
}

/** A fresh copy of the module: its store reads storage once, when loaded. */
async function loadCart() {
  vi.resetModules();
  return import('./cart');
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart helpers (requirements/storefront.md §4, §9)', () => {
  it('shows the count on the badge, and 99+ above 99', async () => {
    const { cartBadge } = await loadCart();
    expect(cartBadge(0)).toBe('0');
    expect(cartBadge(99)).toBe('99');
    expect(cartBadge(100)).toBe('99+');
  });

  it("chooses the first variant and each group's first value by default, skipping empty groups", async () => {
    const { defaultChoice } = await loadCart();
    expect(defaultChoice(withVariants)).toEqual({ variantLabel: '250 g', options: [{ group: 'Level pedas', value: 'Sedang' }] });
    expect(defaultChoice(product())).toEqual({ variantLabel: null, options: [] });
  });

  it("builds a line with the variant's discounted price and the product snapshot checkout needs", async () => {
    const { lineFor } = await loadCart();
    const line = lineFor({ ...withVariants, discount: 10 }, '500 g', [{ group: 'Level pedas', value: 'Pedas' }], 2);
    expect(line).toEqual({
      product: {
        id: 7,
        name: 'Sambal Roa Botol',
        image: '/uploads/sambal.webp',
        business_id: 3,
        business_name: 'Dapur Bu Imas',
        business_district_id: 327319,
        business_district_name: 'Sumur Bandung',
        category_name: 'Makanan & Camilan',
        local_only: false,
        stock: 9,
        // Checkout weighs the parcel from it (issue 31 item 26).
        weight_grams: 300,
      },
      quantity: 2,
      unit_price: 49500,
      variant: { label: '500 g', stock: 5 },
      selected_options: [{ group: 'Level pedas', value: 'Pedas' }],
    });
    const plain = lineFor(product({ business: null, category: null }), null, [], 1);
    expect(plain.variant).toBeNull();
    expect(plain.unit_price).toBe(40000);
    expect(plain.product.business_district_id).toBeNull();
    expect(plain.product.category_name).toBeNull();
  });

  it("counts a variant's own stock, else the product's", async () => {
    const { stockFor } = await loadCart();
    expect(stockFor(withVariants, '250 g')).toBe(4);
    expect(stockFor(product(), null)).toBe(12);
  });

  it('counts what the cart holds of a product and size, whatever the options', async () => {
    const { inCartFor, lineFor } = await loadCart();
    const items = [
      { id: 'a', ...lineFor(withVariants, '250 g', [{ group: 'Level pedas', value: 'Pedas' }], 2) },
      { id: 'b', ...lineFor(withVariants, '250 g', [{ group: 'Level pedas', value: 'Sedang' }], 1) },
      { id: 'c', ...lineFor(withVariants, '500 g', [], 4) },
    ];
    expect(inCartFor(items, withVariants, '250 g')).toBe(3);
    expect(inCartFor(items, withVariants, '500 g')).toBe(4);
    expect(inCartFor(items, product({ id: 8 }), null)).toBe(0);
  });
});

describe('the cart store', () => {
  it('loads without a window and keeps the cart in memory while storage is missing', async () => {
    const { cartActions, lineFor } = await loadCart();
    cartActions.add(lineFor(product(), null, [], 1));
    const browser = fakeBrowser();
    cartActions.update(cartLineId(7, null), 2);
    const saved = JSON.parse(browser.data.get('cart') ?? 'null') as { items: { id: string; quantity: number }[] };
    expect(saved.items.map((l) => [l.id, l.quantity])).toEqual([[cartLineId(7, null), 2]]);
  });

  it('restores the stored cart and drops malformed lines', async () => {
    const { lineFor } = await loadCart();
    const line = { id: '7|default', ...lineFor(product(), null, [], 3) };
    fakeBrowser({ cart: JSON.stringify({ items: [line, { id: 'broken', quantity: 0 }], totalItems: 99, totalAmount: 1 }) });
    const { cartActions } = await loadCart();
    const browser = fakeBrowser();
    cartActions.update('7|default', 3);
    const saved = JSON.parse(browser.data.get('cart') ?? 'null') as { items: unknown[]; totalItems: number; totalAmount: number };
    expect(saved.items).toHaveLength(1);
    expect(saved.totalItems).toBe(3);
    expect(saved.totalAmount).toBe(120000);
  });

  it('writes every change to storage and follows another tab', async () => {
    const browser = fakeBrowser();
    const { cartActions, lineFor } = await loadCart();
    cartActions.add(lineFor(product(), null, [], 2));
    cartActions.add(lineFor(product(), null, [], 1));
    let saved = JSON.parse(browser.data.get('cart') ?? 'null') as { items: { id: string; quantity: number }[]; totalItems: number };
    expect(saved.items).toHaveLength(1);
    expect(saved.totalItems).toBe(3);
    const id = saved.items[0]?.id ?? '';
    cartActions.remove(id);
    saved = JSON.parse(browser.data.get('cart') ?? 'null') as typeof saved;
    expect(saved.items).toEqual([]);

    const otherTab = { id: '9|default', ...lineFor(product({ id: 9, price: 5000 }), null, [], 4) };
    browser.otherTabWrites('cart', JSON.stringify({ items: [otherTab] }));
    cartActions.update('9|default', 5);
    saved = JSON.parse(browser.data.get('cart') ?? 'null') as typeof saved;
    expect(saved.items.map((l) => [l.id, l.quantity])).toEqual([['9|default', 5]]);
    cartActions.clear();
    expect(JSON.parse(browser.data.get('cart') ?? 'null')).toEqual({ items: [], totalItems: 0, totalAmount: 0 });
  });

  it('refuses an add past the stock with the message to show, and stores nothing for it (issue 16)', async () => {
    const browser = fakeBrowser();
    const { cartActions, lineFor } = await loadCart();
    const two = product({ stock: 2 });
    expect(cartActions.add(lineFor(two, null, [], 1))).toBeNull();
    expect(cartActions.add(lineFor(two, null, [], 1))).toBeNull();
    expect(cartActions.add(lineFor(two, null, [], 1))).toBe('Stok Sambal Roa Botol tinggal 2 dan semuanya sudah ada di keranjang.');
    const saved = JSON.parse(browser.data.get('cart') ?? 'null') as { totalItems: number };
    expect(saved.totalItems).toBe(2);
  });

  it("after an order of one origin group, only that group's lines leave the cart", async () => {
    const browser = fakeBrowser();
    const { cartActions, lineFor } = await loadCart();
    cartActions.add(lineFor(product({ id: 1 }), null, [], 1));
    cartActions.add(lineFor(product({ id: 2 }), null, [], 1));
    cartActions.add(lineFor(product({ id: 3 }), null, [], 1));
    cartActions.removeLines([cartLineId(1, null), cartLineId(3, null)]);
    const saved = JSON.parse(browser.data.get('cart') ?? 'null') as { items: { id: string }[] };
    expect(saved.items.map((l) => l.id)).toEqual([cartLineId(2, null)]);
  });
});
