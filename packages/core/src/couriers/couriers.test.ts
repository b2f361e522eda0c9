import { describe, expect, it } from 'vitest';
import { courierMessages, courierPriceInputSchema } from './index';

const fields = (input: Record<string, unknown>) => {
  const parsed = courierPriceInputSchema.safeParse({ region: 'Kota Bandung', ...input });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('courier price amounts (requirements/back-office.md §5; docs/decisions/011)', () => {
  it('takes whole rupiah, typed as numbers or text', () => {
    const parsed = courierPriceInputSchema.parse({ region: 'Kota Bandung', base_price: '12500', price_per_km: 2000, min_price: '' });
    expect(parsed).toMatchObject({ base_price: 12500, price_per_km: 2000, min_price: 0 });
    expect(courierPriceInputSchema.parse({ region: 'X', base_price: 0 }).base_price).toBe(0);
  });

  it('refuses a decimal or negative amount with an Indonesian message, rather than rounding it', () => {
    expect(fields({ base_price: 12500.5 })).toEqual({ base_price: courierMessages.basePriceInvalid });
    expect(fields({ base_price: '12,5' })).toEqual({ base_price: courierMessages.basePriceInvalid });
    expect(fields({ base_price: '12.500' })).toEqual({ base_price: courierMessages.basePriceInvalid });
    expect(fields({ base_price: -1, price_per_km: 0.01, min_price: 'lima' })).toEqual({
      base_price: courierMessages.basePriceInvalid,
      price_per_km: courierMessages.perKmInvalid,
      min_price: courierMessages.minPriceInvalid,
    });
    expect(courierMessages.basePriceInvalid).toBe('Harga dasar harus rupiah bulat, 0 atau lebih, tanpa desimal atau titik (contoh: 12500).');
  });

  it('requires the base price', () => {
    expect(fields({ base_price: '' })).toEqual({ base_price: courierMessages.basePriceRequired });
    expect(fields({})).toEqual({ base_price: 'Harga dasar wajib diisi.' });
  });
});
