import { describe, expect, it } from 'vitest';
import {
  addRefusal,
  cartLineId,
  cartMessages,
  cartOfOrigin,
  cartReducer,
  emptyCart,
  isFreeStock,
  maxQuantity,
  originGroups,
  refreshLines,
  restoreCart,
  type Cart,
  type CartLine,
} from './index';
import { unitPrice } from '../pricing/index';
import type { Product } from '../catalog/index';
import { catalogueProduct } from '../testing/index';
import { defaultPaymentSettings } from '../payments/index';

const product = { id: 12, name: 'Keripik', image: null, business_id: 1, business_name: 'Bu Imas', business_district_id: 327319, category_name: 'Makanan', stock: 10 };
const line = (over: Partial<CartLine> = {}): Omit<CartLine, 'id'> => ({
  product,
  quantity: 1,
  unit_price: 15000,
  variant: null,
  selected_options: [],
  ...over,
});

describe('cart line ids (requirements/storefront.md §3)', () => {
  it('compose product, variant or default, and sorted options', () => {
    expect(cartLineId(12, null)).toBe('12|default|');
    expect(cartLineId(12, '500 g', [{ group: 'Topping', value: 'Keju' }, { group: 'Level pedas', value: 'Pedas' }])).toBe('12|500 g|Level pedas:Pedas,Topping:Keju');
    expect(cartLineId(12, '500 g', [{ group: 'Level pedas', value: 'Pedas' }, { group: 'Topping', value: 'Keju' }])).toBe(
      cartLineId(12, '500 g', [{ group: 'Topping', value: 'Keju' }, { group: 'Level pedas', value: 'Pedas' }]),
    );
  });
});

describe('cart actions (requirements/storefront.md §4)', () => {
  it('adding an existing line increases its quantity, else appends', () => {
    let cart = cartReducer(emptyCart, { type: 'add', line: line() });
    cart = cartReducer(cart, { type: 'add', line: line({ quantity: 2 }) });
    expect(cart.items).toHaveLength(1);
    expect(cart.totalItems).toBe(3);
    expect(cart.totalAmount).toBe(45000);
    cart = cartReducer(cart, { type: 'add', line: line({ variant: { label: '500 g', stock: 4 }, unit_price: 27000 }) });
    expect(cart.items).toHaveLength(2);
    expect(cart.totalAmount).toBe(72000);
  });
  it('update sets the quantity (minimum 1), remove and clear adjust totals', () => {
    let cart = cartReducer(emptyCart, { type: 'add', line: line({ quantity: 3 }) });
    const id = cart.items[0]!.id;
    cart = cartReducer(cart, { type: 'update', id, quantity: 0 });
    expect(cart.totalItems).toBe(1);
    cart = cartReducer(cart, { type: 'update', id, quantity: 5 });
    expect(cart.totalAmount).toBe(75000);
    cart = cartReducer(cart, { type: 'remove', id });
    expect(cart).toEqual(emptyCart);
    cart = cartReducer(cartReducer(cart, { type: 'add', line: line() }), { type: 'clear' });
    expect(cart.totalItems).toBe(0);
  });
  it('caps at stock; unknown or zero stock caps at the current quantity and shows Bebas', () => {
    const l = { ...line({ quantity: 2 }), id: 'x' };
    expect(maxQuantity(l)).toBe(10);
    expect(maxQuantity({ ...l, variant: { label: '1 kg', stock: 3 } })).toBe(3);
    const unknown = { ...l, product: { ...product, stock: null } };
    expect(maxQuantity(unknown)).toBe(2);
    expect(isFreeStock(unknown)).toBe(true);
    expect(maxQuantity({ ...l, product: { ...product, stock: 0 } })).toBe(2);
    expect(isFreeStock(l)).toBe(false);
  });
  it('line prices follow core pricing: discount 100 makes a free line', () => {
    const free = unitPrice({ price: 20000, discount: 100 });
    const cart = cartReducer(emptyCart, { type: 'add', line: line({ unit_price: free, quantity: 4 }) });
    expect(cart.totalAmount).toBe(0);
  });
  it('restores a stored cart defensively', () => {
    expect(restoreCart('garbage')).toEqual(emptyCart);
    const cart = restoreCart({ items: [{ ...line({ quantity: 2 }), id: 'a' }, { id: 'b', quantity: -1 }], totalItems: 99, totalAmount: 1 });
    expect(cart.items).toHaveLength(1);
    expect(cart.totalAmount).toBe(30000);
  });
});

describe('adding never passes the stock (issue 16: the cart took 6 of a product with stock 2)', () => {
  const two = { ...product, name: 'Sambal Roa', stock: 2 };
  const addAll = (cart: Cart, ...lines: Omit<CartLine, 'id'>[]) => lines.reduce((c, l) => cartReducer(c, { type: 'add', line: l }), cart);

  it('refuses the third unit of a product with stock 2, saying so', () => {
    const cart = addAll(emptyCart, line({ product: two }), line({ product: two }));
    expect(cart.totalItems).toBe(2);
    expect(addRefusal(cart.items, line({ product: two }))).toBe(cartMessages.stockAllInCart('Sambal Roa', 2));
    expect(cartMessages.stockAllInCart('Sambal Roa', 2)).toBe('Stok Sambal Roa tinggal 2 dan semuanya sudah ada di keranjang.');
    expect(addAll(cart, line({ product: two }), line({ product: two, quantity: 2 }))).toBe(cart);
  });

  it('counts every line of the same product and size, whatever the options', () => {
    const pedas = line({ product: two, selected_options: [{ group: 'Level', value: 'Pedas' }] });
    const sedang = line({ product: two, selected_options: [{ group: 'Level', value: 'Sedang' }] });
    const cart = addAll(emptyCart, pedas);
    expect(addRefusal(cart.items, sedang)).toBeNull();
    const full = addAll(cart, sedang);
    expect(full.items).toHaveLength(2);
    expect(addRefusal(full.items, pedas)).toBe(cartMessages.stockAllInCart('Sambal Roa', 2));
  });

  it("reads the variant's own stock where variants have stock, per variant", () => {
    const small = line({ product: { ...product, name: 'Kopi', stock: 9 }, variant: { label: '250 g', stock: 3 } });
    const large = line({ product: { ...product, name: 'Kopi', stock: 9 }, variant: { label: '500 g', stock: 6 } });
    const cart = addAll(emptyCart, { ...small, quantity: 2 });
    expect(addRefusal(cart.items, { ...small, quantity: 2 })).toBe(
      'Stok Kopi (250 g) tinggal 3 dan 2 sudah ada di keranjang. Anda hanya dapat menambah 1 lagi.',
    );
    expect(addRefusal(cart.items, { ...small, quantity: 1 })).toBeNull();
    expect(addRefusal(cart.items, { ...large, quantity: 6 })).toBeNull();
  });

  it('refuses more than the stock into an empty cart, and leaves an unknown stock to the server', () => {
    expect(addRefusal([], line({ product: two, quantity: 3 }))).toBe('Stok Sambal Roa tinggal 2.');
    expect(addRefusal([], line({ product: { ...two, stock: 0 } }))).toBe('Stok Sambal Roa tinggal 0.');
    expect(addRefusal([], line({ product: { ...two, stock: null }, quantity: 50 }))).toBeNull();
  });

  it("the newest stock read wins: an add refreshes the line's copy", () => {
    const cart = addAll(emptyCart, line({ product: { ...two, stock: 5 }, quantity: 2 }));
    expect(addRefusal(cart.items, line({ product: two }))).toBe(cartMessages.stockAllInCart('Sambal Roa', 2));
    const after = addAll(cart, line({ product: { ...two, stock: 3 } }));
    expect(after.items[0]?.product.stock).toBe(3);
    expect(after.totalItems).toBe(3);
  });

  it("the cart page's update raises a line only up to the stock its other lines leave; lowering always works", () => {
    const pedas = line({ product: { ...two, stock: 5 }, quantity: 2, selected_options: [{ group: 'Level', value: 'Pedas' }] });
    const sedang = line({ product: { ...two, stock: 5 }, quantity: 1, selected_options: [{ group: 'Level', value: 'Sedang' }] });
    let cart = addAll(emptyCart, pedas, sedang);
    const [p, s] = cart.items as [CartLine, CartLine];
    expect(maxQuantity(p, cart.items)).toBe(4);
    expect(maxQuantity(s, cart.items)).toBe(3);
    cart = cartReducer(cart, { type: 'update', id: p.id, quantity: 9 });
    expect(cart.items[0]?.quantity).toBe(4);
    cart = cartReducer(cart, { type: 'update', id: s.id, quantity: 2 });
    expect(cart.items[1]?.quantity).toBe(1);
    expect(cartMessages.lineAtStock(5, 4)).toBe('Stok tinggal 5; 4 ada di baris lain dengan ukuran yang sama.');
    // A stored cart over the stock (bought out meanwhile) can still be lowered one by one.
    const over: Cart = { items: [{ ...p, quantity: 7 }], totalItems: 7, totalAmount: 0 };
    expect(cartReducer(over, { type: 'update', id: p.id, quantity: 6 }).items[0]?.quantity).toBe(6);
    expect(cartReducer(over, { type: 'update', id: p.id, quantity: 8 }).items[0]?.quantity).toBe(7);
  });
});

describe('origin groups (spec §5 checkout rule 4: one order, one origin district)', () => {
  const store = { district_id: 327319, district_name: 'Sumur Bandung' };
  const at = (id: number, district: number | null, districtName: string | null, business: string | null): Omit<CartLine, 'id'> =>
    line({
      product: { ...product, id, business_id: business ? id : null, business_name: business, business_district_id: district, business_district_name: districtName },
    });
  const cart = [
    at(1, 327302, 'Coblong', 'Sabun Sereh Wangi'),
    at(2, 327319, 'Sumur Bandung', 'Dapur Bu Imas'),
    at(3, null, null, null),
    at(4, 327302, 'Coblong', 'Madu Hutan Sunda'),
  ].reduce((c, l) => cartReducer(c, { type: 'add', line: l }), emptyCart);

  it("groups by the partner's district, the store's products with the partner at the store's district, in cart order", () => {
    const groups = originGroups(cart.items, store);
    expect(groups.map((g) => [g.key, g.district_name, g.includes_store, g.businesses, g.items.map((l) => l.product.id), g.totalItems])).toEqual([
      ['327302', 'Coblong', false, ['Sabun Sereh Wangi', 'Madu Hutan Sunda'], [1, 4], 2],
      ['327319', 'Sumur Bandung', true, ['Dapur Bu Imas'], [2, 3], 2],
    ]);
    expect(groups[0]?.totalAmount).toBe(30000);
  });

  it("puts the store's products with a partner's group (rule 4 counts partners only), or alone without partners", () => {
    // No partner at the store's district: the store's products join the first group.
    const elsewhere = [at(1, 327302, 'Coblong', 'Sabun Sereh Wangi'), at(3, null, null, null)].reduce((c, l) => cartReducer(c, { type: 'add', line: l }), emptyCart);
    expect(originGroups(elsewhere.items, store).map((g) => [g.key, g.includes_store, g.items.map((l) => l.product.id)])).toEqual([['327302', true, [1, 3]]]);
    expect(originGroups(cart.items, null).map((g) => [g.key, g.items.map((l) => l.product.id)])).toEqual([
      ['327302', [1, 3, 4]],
      ['327319', [2]],
    ]);
    const onlyStore = cartReducer(emptyCart, { type: 'add', line: at(3, null, null, null) });
    expect(originGroups(onlyStore.items, store).map((g) => [g.key, g.district_name, g.includes_store])).toEqual([['327319', 'Sumur Bandung', true]]);
    expect(originGroups(onlyStore.items, null).map((g) => g.key)).toEqual(['toko']);
    expect(originGroups([], store)).toEqual([]);
  });

  it("a checkout of one group orders only that group's lines", () => {
    const coblong = cartOfOrigin(cart, '327302', store);
    expect(coblong.items.map((l) => l.product.id)).toEqual([1, 4]);
    expect(coblong.totalItems).toBe(2);
    expect(cartOfOrigin(cart, null, store)).toBe(cart);
    expect(cartOfOrigin(cart, '999', store)).toEqual(emptyCart);
    const left = cartReducer(cart, { type: 'removeLines', ids: coblong.items.map((l) => l.id) });
    expect(left.items.map((l) => l.product.id)).toEqual([2, 3]);
    expect(left.totalItems).toBe(2);
  });
});

describe('repricing after the checkout answered 409 PRICE_CHANGED (issue 28)', () => {
  it('moves each line of that product and size to the current price and recomputes the totals', () => {
    let cart: Cart = emptyCart;
    cart = cartReducer(cart, { type: 'add', line: line({ quantity: 2, unit_price: 70000 }) });
    cart = cartReducer(cart, { type: 'add', line: line({ product: { ...product, id: 13 }, unit_price: 5000 }) });
    cart = cartReducer(cart, { type: 'add', line: line({ variant: { label: '1 kg', stock: 5 }, unit_price: 90000 }) });
    const repriced = cartReducer(cart, { type: 'reprice', prices: [{ product_id: 12, variant_label: null, price: 95000 }] });
    expect(repriced.items.map((l) => l.unit_price)).toEqual([95000, 5000, 90000]);
    expect(repriced.totalAmount).toBe(2 * 95000 + 5000 + 90000);
    expect(cartReducer(repriced, { type: 'reprice', prices: [{ product_id: 12, variant_label: null, price: 95000 }] }).items).toEqual(repriced.items);
  });
});

describe('refreshing the lines from the catalogue when the cart opens (issue 31 item 5)', () => {
  const catalogue = (over: Partial<Product> = {}): Product =>
    catalogueProduct({ business_id: 1, business: { id: 1, name: 'Bu Imas', district_id: 327319, district_name: 'Coblong', city_id: 3273 }, business_name: 'Bu Imas', ...over });
  const cartOf = (...lines: Omit<CartLine, 'id'>[]) => lines.reduce((c, l) => cartReducer(c, { type: 'add', line: l }), emptyCart);
  const limit = defaultPaymentSettings.max_line_quantity;

  it('takes the current price and stock and says the price changed', () => {
    const cart = cartOf(line({ quantity: 2, product: { ...product, stock: 4 } }));
    const { items, changes } = refreshLines(cart.items, new Map([[12, catalogue({ price: 18000, stock: 7 })]]), limit);
    expect(items[0]).toMatchObject({ quantity: 2, unit_price: 18000, product: { stock: 7 } });
    expect(changes).toEqual([{ line_id: cart.items[0]!.id, message: 'Harga Keripik berubah dari Rp15.000 menjadi Rp18.000.' }]);
    // Applied through the reducer, the totals move with it.
    expect(cartReducer(cart, { type: 'refresh', products: new Map([[12, catalogue({ price: 18000, stock: 7 })]]), maxLine: limit }).totalAmount).toBe(36000);
  });
  it('an unchanged line says nothing; a product the catalogue did not answer stays as it was', () => {
    const cart = cartOf(line({ quantity: 2 }), line({ product: { ...product, id: 13, name: 'Dodol' } }));
    const { items, changes } = refreshLines(cart.items, new Map([[12, catalogue()]]), limit);
    expect(changes).toEqual([]);
    expect(items[1]).toBe(cart.items[1]);
  });
  it('a sold-out product, a hidden one and a size no longer sold leave the cart, each said', () => {
    const cart = cartOf(
      line({ quantity: 2, product: { ...product, stock: 4 } }),
      line({ product: { ...product, id: 13, name: 'Dodol' } }),
      line({ product: { ...product, id: 14, name: 'Kopi' }, variant: { label: '1 kg', stock: 3 }, unit_price: 90000 }),
    );
    const products = new Map<number, Product | null>([
      [12, catalogue({ stock: 0 })],
      [13, null],
      [14, catalogue({ id: 14, name: 'Kopi', size_variants: [{ label: '250 g', price: 30000, reseller_price: 30000, stock: 5 }] })],
    ]);
    const { items, changes } = refreshLines(cart.items, products, limit);
    expect(items).toEqual([]);
    expect(changes.map((c) => c.message)).toEqual([
      'Keripik sudah habis dan dikeluarkan dari keranjang.',
      'Dodol tidak dijual lagi dan dikeluarkan dari keranjang.',
      'Ukuran 1 kg untuk Kopi tidak tersedia lagi dan dikeluarkan dari keranjang.',
    ]);
  });
  it('lowers a quantity to what the stock leaves, lines of one product and size sharing it in cart order', () => {
    const cart = cartOf(
      line({ quantity: 3, selected_options: [{ group: 'Level', value: 'Pedas' }] }),
      line({ quantity: 3, selected_options: [{ group: 'Level', value: 'Manis' }] }),
      line({ quantity: 1, selected_options: [{ group: 'Level', value: 'Asin' }] }),
    );
    const { items, changes } = refreshLines(cart.items, new Map([[12, catalogue({ stock: 4 })]]), limit);
    expect(items.map((l) => l.quantity)).toEqual([3, 1]);
    expect(changes.map((c) => c.message)).toEqual([
      'Stok Keripik sekarang 4; jumlahnya disesuaikan menjadi 1.',
      'Stok Keripik tinggal 4 dan sudah terpakai di baris lain; baris ini dikeluarkan dari keranjang.',
    ]);
  });
  it('brings a quantity above the per-line limit down to it', () => {
    const cart = cartOf(line({ quantity: limit + 10, product: { ...product, stock: 500 } }));
    const { items, changes } = refreshLines(cart.items, new Map([[12, catalogue({ stock: 500 })]]), limit);
    expect(items[0]!.quantity).toBe(limit);
    expect(changes.map((c) => c.message)).toEqual([`Jumlah Keripik disesuaikan menjadi ${limit}, batas per barang dalam satu pesanan.`]);
  });
});
