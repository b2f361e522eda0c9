import { describe, expect, it } from 'vitest';
import { approximateStatsNote, catalogTileValue } from './constants';

describe('catalogue stats tiles', () => {
  it('shows exact figures as they are and capped ones as lower bounds', () => {
    expect(catalogTileValue(1234, false)).toBe('1234');
    expect(catalogTileValue(1234, undefined)).toBe('1234');
    expect(catalogTileValue(10000, true)).toBe('10.000+');
    expect(approximateStatsNote(10000)).toBe('Angka perkiraan: lebih dari 10.000 produk cocok, dihitung dari 10.000 hasil pertama.');
  });
});
