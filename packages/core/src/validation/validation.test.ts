import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installIndonesianValidationMessages } from './index';

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

  it('replaces zod English defaults, naming the field', () => {
    expect(messages(schema, {})).toEqual(["Isian 'messages' wajib diisi."]);
    expect(messages(schema, { messages: 'x' })).toEqual(["Isian 'messages' berisi jenis data yang salah."]);
    expect(messages(schema, { messages: [] })).toEqual(["Isian 'messages' minimal 1 item."]);
    expect(messages(schema, { messages: [{ role: 'system', content: 'a' }] })).toEqual(["Isian 'messages.0.role' berisi pilihan yang tidak dikenal."]);
    expect(messages(schema, { messages: [{ role: 'user', content: 'x'.repeat(11) }] })).toEqual(["Isian 'messages.0.content' maksimal 10 karakter."]);
    expect(messages(schema, { messages: [{ role: 'user', content: '' }] })).toEqual(["Isian 'messages.0.content' wajib diisi."]);
    expect(messages(schema, { messages: [{ role: 'user', content: 'a' }], email: 'bukan-email' })).toEqual(["Isian 'email' harus berupa alamat email yang valid."]);
    expect(messages(schema, { messages: [{ role: 'user', content: 'a' }], qty: 9 })).toEqual(["Isian 'qty' maksimal 5."]);
    expect(messages(schema, { messages: [{ role: 'user', content: 'a' }], qty: 1.5 })).toEqual(["Isian 'qty' harus berupa bilangan bulat."]);
  });

  it('never overrides a message the schema gives (the spec texts)', () => {
    const named = z.object({ name: z.string({ error: 'Category name is required' }).min(1, { error: 'Category name is required' }) });
    expect(messages(named, {})).toEqual(['Category name is required']);
    expect(messages(named, { name: '' })).toEqual(['Category name is required']);
  });
});
