import { describe, expect, it } from 'vitest';
import { formatGrams, formatPercent, formatRupiah, toRupiah } from './index';

describe('formatRupiah', () => {
  it('prints whole rupiah in Indonesian format without a space', () => {
    expect(formatRupiah(15000)).toBe('Rp15.000');
    expect(formatRupiah(0)).toBe('Rp0');
    expect(formatRupiah(1234567)).toBe('Rp1.234.567');
  });
  it('rounds fractions and signs negatives', () => {
    expect(formatRupiah(999.5)).toBe('Rp1.000');
    expect(formatRupiah(-2500)).toBe('-Rp2.500');
    expect(formatRupiah(Number.NaN)).toBe('Rp0');
  });
});

describe('toRupiah', () => {
  it('rounds half away from zero', () => {
    expect(toRupiah(10.5)).toBe(11);
    expect(toRupiah(-10.5)).toBe(-11);
    expect(toRupiah(Infinity)).toBe(0);
  });
});

describe('formatGrams', () => {
  it('uses thousands separators', () => {
    expect(formatGrams(1500)).toBe('1.500 g');
  });
});

describe('formatPercent', () => {
  it('writes Indonesian decimals with a comma, at most one', () => {
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(33.333)).toBe('33,3%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });
});
