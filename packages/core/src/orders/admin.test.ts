import { describe, expect, it } from 'vitest';
import { approximateOrderFiguresNote, ORDER_SEARCH_COUNT_CAP } from './admin';

describe('the order desk search cap (issue 15)', () => {
  it('says under the summary that its figures are lower bounds, counted from the first matches', () => {
    expect(approximateOrderFiguresNote(ORDER_SEARCH_COUNT_CAP)).toBe(
      'Angka perkiraan: lebih dari 1.000 pesanan cocok, dihitung dari 1.000 hasil pertama. Persempit pencarian untuk angka pasti.',
    );
  });
});
