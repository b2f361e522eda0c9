import { describe, expect, it } from 'vitest';
import { formatGrams, formatPercent, formatRupiah, toRupiah } from './index';

describe('formatRupiah', () => {
  it('prints whole rupiah in Indonesian format without a space', () => {
    expect(formatRupiah(15000)).toBe('Rp15.000');
    expect(formatRupiah(0)).toBe('Rp0');
    expect(formatRupiah(1234567)).toBe('Rp1.234.567');
  });
  it('groups thousands exactly as Intl does for id-ID, for every size of amount', () => {
    const intl = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 12345, 99999, 100000, 999999, 1000000, 1234567, 10000000, 123456789, 1e12, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))));
    for (const n of amounts) {
      expect(formatRupiah(n), String(n)).toBe(`Rp${intl.format(n)}`);
      if (n > 0) expect(formatRupiah(-n), String(-n)).toBe(`-Rp${intl.format(n)}`);
    }
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
