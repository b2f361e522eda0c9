import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabelOf, installIndonesianValidationMessages, textMaxLengths } from './index';

installIndonesianValidationMessages();

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('Indonesian fallback validation messages', () => {
  const schema = z.object({
    messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().min(1).max(10) })).min(1).max(2),
    email: z.email().optional(),
    qty: z.number().int().min(1).max(5).optional(),
  });

  // Issue 31 changed these: the field is named as the page labels it, never by its payload name.
  it('replaces zod English defaults, naming the field as the page does', () => {
    expect(messages(schema, {})).toEqual(['Pesan wajib diisi.']);
    expect(messages(schema, { messages: 'x' })).toEqual(['Pesan berisi jenis data yang salah.']);
    expect(messages(schema, { messages: [] })).toEqual(['Pesan minimal 1 item.']);
    expect(messages(schema, { messages: [{ role: 'system', content: 'a' }] })).toEqual(['Peran (baris 1) berisi pilihan yang tidak dikenal.']);
    expect(messages(schema, { messages: [{ role: 'user', content: 'x'.repeat(11) }] })).toEqual(['Isi (baris 1) maksimal 10 karakter.']);
    expect(messages(schema, { messages: [{ role: 'user', content: '' }] })).toEqual(['Isi (baris 1) wajib diisi.']);
    expect(messages(schema, { messages: [{ role: 'user', content: 'a' }], email: 'bukan-email' })).toEqual(['Email harus berupa alamat email yang valid.']);
    // A field no page labels is "Isian", never its payload name.
    expect(messages(schema, { messages: [{ role: 'user', content: 'a' }], qty: 9 })).toEqual(['Isian maksimal 5.']);
    expect(messages(schema, { messages: [{ role: 'user', content: 'a' }], qty: 1.5 })).toEqual(['Isian harus berupa bilangan bulat.']);
  });

  it("says the checkout's 'Alamat lengkap' for shipping_address (issue 31)", () => {
    expect(messages(z.object({ shipping_address: z.string().max(500) }), { shipping_address: 'x'.repeat(501) })).toEqual(['Alamat lengkap maksimal 500 karakter.']);
    expect(fieldLabelOf(['order_items', 2, 'quantity'])).toBe('Jumlah (baris 3)');
    expect(fieldLabelOf(['constructor'])).toBe('Isian');
    expect(fieldLabelOf([])).toBeNull();
  });

  it('reads the longest text a field keeps through its wrappers, for the inputs maxLength', () => {
    const form = z.object({
      plain: z.string().max(7),
      optional: z.string().trim().max(9).nullish().transform((v) => v ?? null),
      refined: z.string().max(11).refine((v) => v !== 'x'),
      preprocessed: z.preprocess((v) => v, z.string().max(13)),
      number: z.number().max(5),
      unlimited: z.string(),
    });
    expect(textMaxLengths(form)).toEqual({ plain: 7, optional: 9, refined: 11, preprocessed: 13, number: undefined, unlimited: undefined });
  });

  it('never overrides a message the schema gives (the spec texts)', () => {
    const named = z.object({ name: z.string({ error: 'Category name is required' }).min(1, { error: 'Category name is required' }) });
    expect(messages(named, {})).toEqual(['Category name is required']);
    expect(messages(named, { name: '' })).toEqual(['Category name is required']);
  });
});
