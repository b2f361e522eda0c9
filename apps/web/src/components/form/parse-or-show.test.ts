import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOrShow } from './parse-or-show';

const reason = z.object({ reason: z.string().trim().min(1, 'Alasan wajib diisi.') });

describe('parseOrShow', () => {
  it("shows the schema's first message and gives nothing when the value is refused", () => {
    const shown: (string | null)[] = [];
    expect(parseOrShow(reason, { reason: ' ' }, 'cadangan', (p) => shown.push(p))).toBeNull();
    expect(shown).toEqual(['Alasan wajib diisi.']);
  });
  it('clears what it showed and gives the parsed value when the value passes', () => {
    const shown: (string | null)[] = [];
    expect(parseOrShow(reason, { reason: ' Foto buram ' }, 'cadangan', (p) => shown.push(p))).toEqual({ reason: 'Foto buram' });
    expect(shown).toEqual([null]);
  });
});
