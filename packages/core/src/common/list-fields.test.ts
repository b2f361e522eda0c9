import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countFields, optionalText, pageQueryField, pageSizeQueryField, requiredText } from './index';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('list query fields (shared by the back-office lists)', () => {
  it("reads a page number from the query string, 1 when left out, and refuses anything else in the list's own words", () => {
    const page = pageQueryField('Halaman tidak valid.');
    expect(page.parse(undefined)).toBe(1);
    expect(page.parse('3')).toBe(3);
    for (const bad of ['0', '1.5', 'abc', '100001']) expect(firstMessage(page, bad), bad).toBe('Halaman tidak valid.');
  });

  it('takes only the page sizes the list offers', () => {
    const size = pageSizeQueryField([20, 50], 20, 'Ukuran halaman harus 20 atau 50.');
    expect(size.parse(undefined)).toBe(20);
    expect(size.parse('50')).toBe(50);
    expect(firstMessage(size, '30')).toBe('Ukuran halaman harus 20 atau 50.');
  });

  it('counts one figure per tab, in the order of the tabs', () => {
    const counts = z.object(countFields(['to_send', 'done'] as const));
    expect(Object.keys(counts.shape)).toEqual(['to_send', 'done']);
    expect(counts.safeParse({ to_send: 1, done: 1.5 }).success).toBe(false);
  });
});

describe('text fields', () => {
  it('a required line: blank is the field message, too long says the limit', () => {
    const name = requiredText('Nama wajib diisi.', 5);
    expect(name.parse('  Ani ')).toBe('Ani');
    expect(firstMessage(name, '   ')).toBe('Nama wajib diisi.');
    expect(firstMessage(name, undefined)).toBe('Nama wajib diisi.');
    expect(firstMessage(name, 'abcdef')).toBe('Maksimal 5 karakter.');
  });

  it('an optional line: blank or missing is null', () => {
    const note = optionalText(5);
    expect(note.parse('  ')).toBeNull();
    expect(note.parse(undefined)).toBeNull();
    expect(note.parse(' ok ')).toBe('ok');
    expect(firstMessage(note, 'abcdef')).toBe('Maksimal 5 karakter.');
  });
});
