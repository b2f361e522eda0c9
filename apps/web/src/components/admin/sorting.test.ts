/** The wording of a text column's two orders in a SortSelect. */
import { describe, expect, it } from 'vitest';
import { alphabetical } from './sorting';

describe('alphabetical', () => {
  it('gives A–Z first, then Z–A, both named after the column', () => {
    expect(alphabetical('name', 'Nama')).toEqual([
      { field: 'name', dir: 'asc', label: 'Nama A–Z' },
      { field: 'name', dir: 'desc', label: 'Nama Z–A' },
    ]);
  });
});
