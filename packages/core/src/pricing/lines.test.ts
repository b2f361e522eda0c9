import { describe, expect, it } from 'vitest';
import { firstShortage, priceLine, priceLines, type SellableProduct } from './lines';

const kaos: SellableProduct = { id: 1, name: 'Kaos', price: 50_000, discount: 10, stock: 5, is_active: true, category_active: true, option_groups: [{ name: 'Warna', values: ['Hitam'] }], size_variants: [{ label: 'M', price: 40_000, stock: 2 }, { label: 'L', price: 45_000, stock: 3 }] };
const kopi: SellableProduct = { id: 2, name: 'Kopi', price: 20_000, discount: 0, stock: 4, is_active: true, category_active: true, option_groups: [], size_variants: [] };
const products = new Map([[1, kaos], [2, kopi]]);

describe('priceLine', () => {
  it('prices the chosen size with the discount', () => {
    expect(priceLine(kaos, { product_id: 1, quantity: 2, variant_label: 'L' })).toMatchObject({ price: 40_500, line_total: 81_000 });
  });
  it('refuses in the rule order: unknown product, size needed, unknown size, unknown option', () => {
    expect(() => priceLine(undefined, { product_id: 9, quantity: 1, variant_label: null })).toThrow('Produk #9 tidak ditemukan atau sudah tidak dijual.');
    expect(() => priceLine({ ...kopi, is_active: false }, { product_id: 2, quantity: 1, variant_label: null })).toThrow('Produk #2');
    expect(() => priceLine(kaos, { product_id: 1, quantity: 1, variant_label: null })).toThrow('Pilih ukuran untuk Kaos.');
    expect(() => priceLine(kaos, { product_id: 1, quantity: 1, variant_label: 'XL' })).toThrow('Ukuran "XL" tidak tersedia untuk Kaos.');
    expect(() => priceLine(kopi, { product_id: 2, quantity: 1, variant_label: 'M' })).toThrow('Ukuran "M"');
    expect(() => priceLine(kaos, { product_id: 1, quantity: 1, variant_label: 'M', selected_options: [{ group: 'Warna', value: 'Merah' }] })).toThrow('Pilihan "Warna: Merah"');
  });
});

describe('firstShortage', () => {
  it('sums every line of one size before comparing with its stock', () => {
    const lines = priceLines(products, [{ product_id: 1, quantity: 1, variant_label: 'M' }, { product_id: 1, quantity: 2, variant_label: 'M' }, { product_id: 2, quantity: 4, variant_label: null }]);
    expect(firstShortage(products, lines)).toMatchObject({ name: 'Kaos', available: 2, wanted: 3 });
    expect(firstShortage(products, lines.slice(1))).toBeNull();
  });
});
