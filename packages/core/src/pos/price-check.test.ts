import { describe, expect, it } from 'vitest';
import { describePriceChanges, posMessages, posPriceChangedSchema, posPriceConflict, uangPas } from './index';

const opak = { product_id: 7, product_name: 'Opak Ketan Bakar', variant_label: null, price: 44_000 };
const kopi = { product_id: 9, product_name: 'Kopi Arabika', variant_label: '500 g', price: 27_000 };

describe('posPriceConflict', () => {
  it('is null when every line price and the total match the server', () => {
    const sent = { items: [{ product_id: 7, variant_label: null, price: 44_000 }, { product_id: 9, variant_label: '500 g', price: 27_000 }], total_amount: 115_000 };
    expect(posPriceConflict(sent, [opak, kopi], 115_000)).toBeNull();
  });

  it('answers every line with the price seen and the current one, and the server total, when one price moved', () => {
    const sent = { items: [{ product_id: 7, variant_label: null, price: 22_000 }, { product_id: 9, variant_label: '500 g', price: 27_000 }], total_amount: 71_000 };
    expect(posPriceConflict(sent, [opak, kopi], 115_000)).toEqual({
      prices: [
        { product_id: 7, variant_label: null, name: 'Opak Ketan Bakar', price_seen: 22_000, price: 44_000 },
        { product_id: 9, variant_label: '500 g', name: 'Kopi Arabika', price_seen: 27_000, price: 27_000 },
      ],
      total_amount: 115_000,
    });
  });

  it('refuses a total that differs even when every line price matches', () => {
    const sent = { items: [{ product_id: 7, variant_label: null, price: 44_000 }], total_amount: 40_000 };
    expect(posPriceConflict(sent, [opak], 44_000)).toMatchObject({ total_amount: 44_000, prices: [{ price_seen: 44_000, price: 44_000 }] });
  });

  it('refuses a changed price even when the sent total happens to equal the server total', () => {
    const sent = { items: [{ product_id: 7, variant_label: null, price: 43_000 }], total_amount: 44_000 };
    expect(posPriceConflict(sent, [opak], 44_000)).not.toBeNull();
  });

  it('needs one server line per sent line', () => {
    expect(() => posPriceConflict({ items: [], total_amount: 0 }, [opak], 44_000)).toThrow();
  });
});

describe('the PRICE_CHANGED answer', () => {
  it('has the shape the POS reads', () => {
    const body = { success: false, error: posMessages.priceChanged, code: 'PRICE_CHANGED', prices: [{ product_id: 7, variant_label: null, name: 'Opak', price_seen: 22_000, price: 44_000 }], total_amount: 44_000 };
    expect(posPriceChangedSchema.parse(body)).toEqual(body);
    expect(posPriceChangedSchema.safeParse({ ...body, code: 'OUT_OF_STOCK' }).success).toBe(false);
    expect(posPriceChangedSchema.safeParse({ ...body, prices: [{ product_id: 7, variant_label: null, name: 'Opak', price: 44_000 }] }).success).toBe(false);
  });

  it('tells the cashier each changed product once, old price to new', () => {
    const prices = [
      { product_id: 7, variant_label: null, name: 'Opak Ketan Bakar', price_seen: 22_000, price: 44_000 },
      { product_id: 9, variant_label: '500 g', name: 'Kopi Arabika', price_seen: 27_000, price: 27_000 },
      { product_id: 9, variant_label: '1 kg', name: 'Kopi Arabika', price_seen: 50_000, price: 45_500 },
      { product_id: 7, variant_label: null, name: 'Opak Ketan Bakar', price_seen: 22_000, price: 44_000 },
    ];
    expect(describePriceChanges(prices)).toEqual(['Opak Ketan Bakar: Rp22.000 → Rp44.000', 'Kopi Arabika (1 kg): Rp50.000 → Rp45.500']);
    expect(describePriceChanges(prices.filter((p) => p.price_seen === p.price))).toEqual([]);
  });
});

describe('uangPas', () => {
  it('is the exact total, not rounded up to the cash step', () => {
    expect(uangPas(39_375)).toBe(39_375);
    expect(uangPas(40_000)).toBe(40_000);
    expect(uangPas(0)).toBe(0);
  });
});
