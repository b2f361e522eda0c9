import { describe, expect, it } from 'vitest';
import { businessInputSchema, certificateMessages, certificateNumbersSchema, trustMarksOf } from './index';

const spec = { name: 'Usaha', city_id: 1, district_id: 2 };

describe('certificate numbers (issue 29, decision 059)', () => {
  it('trims, drops the spaces of a NIB, keeps other numbers as typed and reads empty as none', () => {
    expect(certificateNumbersSchema.parse({ nib: ' 1234 5678 90123 ', pirt: '  P-IRT 2063273010123-27 ', bpom: 'MD  224510001234', halal: '' })).toEqual({
      nib: '1234567890123',
      pirt: 'P-IRT 2063273010123-27',
      bpom: 'MD 224510001234',
      halal: null,
    });
    expect(certificateNumbersSchema.parse({})).toEqual({ nib: null, pirt: null, bpom: null, halal: null });
  });

  it('refuses what cannot be a number, each with its message', () => {
    const fields = (input: unknown) => Object.fromEntries((certificateNumbersSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields({ nib: '123456789012' })).toEqual({ nib: certificateMessages.nibFormat });
    expect(fields({ nib: '12345678901234' })).toEqual({ nib: certificateMessages.nibFormat });
    expect(fields({ pirt: 'ab' })).toEqual({ pirt: certificateMessages.numberShort });
    expect(fields({ bpom: 'x'.repeat(51) })).toEqual({ bpom: certificateMessages.numberLong });
    expect(fields({ halal: 'ID<script>' })).toEqual({ halal: certificateMessages.numberChars });
    expect(fields({ halal: '-ID123' })).toEqual({ halal: certificateMessages.numberChars });
  });

  it("refuses the office's tick on a number that is not there", () => {
    const result = businessInputSchema.safeParse({ ...spec, halal_verified: true });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['halal_verified', certificateMessages.verifyWithoutNumber]]);
    expect(businessInputSchema.parse({ ...spec, halal: 'ID3211', halal_verified: true }).halal_verified).toBe(true);
  });
});

describe('trustMarksOf', () => {
  it('keeps verified marks only, in the order NIB, PIRT, BPOM, Halal', () => {
    expect(
      trustMarksOf({
        halal: 'ID3211',
        halal_verified_at: new Date(),
        bpom: 'MD 1',
        bpom_verified_at: null,
        pirt: '  ',
        pirt_verified_at: new Date(),
        nib: '1234567890123',
        nib_verified_at: '2026-11-27T00:00:00.000Z',
      }),
    ).toEqual([
      { kind: 'nib', number: '1234567890123' },
      { kind: 'halal', number: 'ID3211' },
    ]);
  });
});
