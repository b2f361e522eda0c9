import { describe, expect, it } from 'vitest';
import { applyDiscount, availableStock, basePrice, hasDiscount, lineTotal, listPrice, unitPrice } from './index';

const plain = { price: 20000, discount: 0, stock: 7, size_variants: [] };
const variants = {
  price: 30000,
  discount: 10,
  stock: 9,
  size_variants: [
    { label: '500 g', price: 45000, stock: 4 },
    { label: '250 g', price: 25000, stock: 5 },
    { label: '1 kg', price: 85000, stock: 0 },
  ],
};

describe('pricing (requirements/storefront.md §4)', () => {
  it('uses the product price without variants', () => {
    expect(basePrice(plain)).toBe(20000);
    expect(unitPrice(plain)).toBe(20000);
  });
  it('uses the lowest variant price as base, then the discount', () => {
    expect(basePrice(variants)).toBe(25000);
    expect(unitPrice(variants)).toBe(22500);
  });
  it('a chosen variant replaces the base price', () => {
    expect(listPrice(variants, '1 kg')).toBe(85000);
    expect(unitPrice(variants, '1 kg')).toBe(76500);
    expect(unitPrice(variants, 'default')).toBe(22500);
    expect(unitPrice(variants, 'unknown')).toBe(22500);
  });
  it('discount 0 and 100, never below zero, fractions rounded to rupiah', () => {
    expect(applyDiscount(15000, 0)).toBe(15000);
    expect(applyDiscount(15000, 100)).toBe(0);
    expect(applyDiscount(15000, 150)).toBe(0);
    expect(applyDiscount(15000, -5)).toBe(15000);
    expect(applyDiscount(9999, 12.5)).toBe(8749);
    expect(applyDiscount(15000, null)).toBe(15000);
  });
  it('shows a discount only above 0', () => {
    expect(hasDiscount({ discount: 0 })).toBe(false);
    expect(hasDiscount({ discount: 0.1 })).toBe(true);
  });
  it('stock of the product or the chosen variant; unknown stock is 0', () => {
    expect(availableStock(variants, '250 g')).toBe(5);
    expect(availableStock(variants, '1 kg')).toBe(0);
    expect(availableStock(plain)).toBe(7);
    expect(availableStock({ price: 1, stock: null })).toBe(0);
  });
  it('line totals in whole rupiah', () => {
    expect(lineTotal(22500, 3)).toBe(67500);
  });
});
