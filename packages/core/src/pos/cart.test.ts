import { describe, expect, it } from 'vitest';
import { clampPosQuantity, emptyPosCart, posCartCount, posCartReducer, posCartTotal, posLineKey, posMessages, posSaleLines, type PosCart, type PosCartAction } from './index';

const opak = { product_id: 7, name: 'Opak Ketan Bakar', variant_label: null, price: 22_000, stock: 3 };
const kopiM = { product_id: 9, name: 'Kopi Arabika', variant_label: '500 g', price: 27_000, stock: 5 };
const run = (...actions: PosCartAction[]): PosCart => actions.reduce(posCartReducer, emptyPosCart);

describe('POS cart line keys and quantities', () => {
  it('keys lines by product and variant and clamps quantity between 1 and stock', () => {
    expect(posLineKey(4, null)).toBe('4-default');
    expect(posLineKey(4, 'default')).toBe('4-default');
    expect(posLineKey(4, 'L')).toBe('4-L');
    expect(clampPosQuantity(0, 5)).toBe(1);
    expect(clampPosQuantity(9, 5)).toBe(5);
    expect(clampPosQuantity(3.7, 5)).toBe(3);
  });
});

describe('posCartReducer', () => {
  it('adds a line, then one more of the same product and variant', () => {
    const cart = run({ type: 'add', item: opak }, { type: 'add', item: kopiM }, { type: 'add', item: opak });
    expect(cart.lines.map((l) => [l.key, l.quantity])).toEqual([['7-default', 2], ['9-500 g', 1]]);
    expect(cart.problem).toBeNull();
    expect(posCartCount(cart.lines)).toBe(3);
    expect(posCartTotal(cart.lines)).toBe(71_000);
  });

  it('refuses an item with no stock and one more than the stock, in the spec words', () => {
    expect(run({ type: 'add', item: { ...opak, stock: 0 } })).toEqual({ lines: [], problem: posMessages.noStock });
    const full = run({ type: 'add', item: opak }, { type: 'quantity', key: '7-default', quantity: 3 }, { type: 'add', item: opak });
    expect(full.lines[0]!.quantity).toBe(3);
    expect(full.problem).toBe(posMessages.overStock);
  });

  it('clamps a typed quantity between 1 and stock and says when it was too many', () => {
    let cart = run({ type: 'add', item: opak }, { type: 'quantity', key: '7-default', quantity: 9 });
    expect(cart.lines[0]!.quantity).toBe(3);
    expect(cart.problem).toBe(posMessages.overStock);
    cart = posCartReducer(cart, { type: 'quantity', key: '7-default', quantity: 0 });
    expect(cart.lines[0]!.quantity).toBe(1);
    expect(cart.problem).toBeNull();
  });

  it('keeps the quoted price when the same product is tapped again at another price', () => {
    const cart = run({ type: 'add', item: opak }, { type: 'add', item: { ...opak, price: 44_000 } });
    expect(cart.lines[0]).toMatchObject({ price: 22_000, quantity: 2 });
  });

  // Issue 13 §9 (docs/issues.md): after PRICE_CHANGED the cart keeps its lines and quantities at the current prices.
  it('reprices the lines the server named and keeps everything else', () => {
    const before = run({ type: 'add', item: opak }, { type: 'add', item: opak }, { type: 'add', item: kopiM });
    const after = posCartReducer(before, { type: 'reprice', prices: [{ product_id: 7, variant_label: null, price: 44_000 }, { product_id: 9, variant_label: '1 kg', price: 1 }] });
    expect(after.lines.map((l) => [l.key, l.quantity, l.price])).toEqual([['7-default', 2, 44_000], ['9-500 g', 1, 27_000]]);
    expect(posCartTotal(after.lines)).toBe(115_000);
  });

  it('removes a line, dismisses a problem and clears', () => {
    let cart = run({ type: 'add', item: opak }, { type: 'add', item: kopiM }, { type: 'remove', key: '7-default' });
    expect(cart.lines.map((l) => l.key)).toEqual(['9-500 g']);
    cart = posCartReducer(cart, { type: 'add', item: { ...opak, stock: 0 } });
    expect(posCartReducer(cart, { type: 'dismiss' }).problem).toBeNull();
    expect(posCartReducer(cart, { type: 'clear' })).toEqual(emptyPosCart);
  });

  it('gives the sale the prices and total it shows', () => {
    const cart = run({ type: 'add', item: opak }, { type: 'add', item: opak }, { type: 'add', item: kopiM });
    expect(posSaleLines(cart.lines)).toEqual({
      order_items: [
        { product_id: 7, quantity: 2, price: 22_000, variant_label: 'default' },
        { product_id: 9, quantity: 1, price: 27_000, variant_label: '500 g' },
      ],
      total_amount: 71_000,
    });
  });
});
