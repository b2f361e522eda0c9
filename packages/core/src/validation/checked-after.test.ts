import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedAfter } from './index';

describe('checkedAfter', () => {
  const payload = z.object({ name: z.string().trim().min(1, { error: 'Nama wajib diisi.' }), version: z.number().int({ error: 'Versi data wajib dikirim.' }) });
  const fromForm = checkedAfter(payload, (form: { name: string }) => ({ ...form, version: 4 }));

  it('checks what the form makes, not what it holds', () => {
    expect(payload.safeParse({ name: 'Kopi' }).success).toBe(false);
    expect(fromForm.parse({ name: ' Kopi ' })).toEqual({ name: 'Kopi', version: 4 });
  });

  it("keeps the schema's paths and messages", () => {
    const result = fromForm.safeParse({ name: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Nama wajib diisi.']]);
  });
});
