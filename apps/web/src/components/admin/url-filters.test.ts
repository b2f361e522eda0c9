/** The page and size a list reads from its address. */
import { describe, expect, it } from 'vitest';
import { readPaging } from './url-filters';

describe('readPaging', () => {
  const read = (query: string) => readPaging(new URLSearchParams(query), [10, 20, 50], 20);
  it('takes the page and a size the list offers', () => {
    expect(read('page=3&page_size=50')).toEqual({ page: 3, page_size: 50 });
  });
  it('falls back to page 1 and the default size for what is missing, offered nowhere or not a number', () => {
    expect(read('')).toEqual({ page: 1, page_size: 20 });
    expect(read('page=0&page_size=7')).toEqual({ page: 1, page_size: 20 });
    expect(read('page=abc&page_size=abc')).toEqual({ page: 1, page_size: 20 });
  });
});
