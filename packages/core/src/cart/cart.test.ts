import { describe, expect, it } from 'vitest';
import { cartLineId, cartReducer, emptyCart, isFreeStock, maxQuantity, restoreCart, type CartLine } from './index';
import { unitPrice } from '../pricing/index';

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
