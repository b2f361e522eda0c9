import { describe, expect, it } from 'vitest';
import { daysInRange, reportFileName, reportMessages, reportPresets, rollupSpans, salesReportQuerySchema, sharePercent, storeRangeInstants } from './index';

const iso = (d: Date) => d.toISOString();

describe('salesReportQuerySchema', () => {
  it('takes a range of real store dates, both days included', () => {
    expect(salesReportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('refuses a bad date, a reversed range and a range over three years, in Indonesian', () => {
    const issue = (q: unknown) => salesReportQuerySchema.safeParse(q).error?.issues[0]?.message;
    expect(issue({ from: '2026-02-30', to: '2026-03-01' })).toBe(reportMessages.dateInvalid);
    expect(issue({ from: '01/02/2026', to: '2026-03-01' })).toBe(reportMessages.dateInvalid);
    expect(issue({ to: '2026-03-01' })).toBe(reportMessages.dateInvalid);
    expect(issue({ from: '2026-03-02', to: '2026-03-01' })).toBe(reportMessages.rangeOrder);
    expect(issue({ from: '2023-01-02', to: '2026-01-01' })).toBeUndefined();
    expect(issue({ from: '2023-01-01', to: '2026-01-01' })).toBe(reportMessages.rangeTooLong);
  });
});

describe('storeRangeInstants', () => {
  it("starts at the store's midnight and ends at the midnight after the last day", () => {
    expect(storeRangeInstants('2026-03-01', '2026-03-31', 'Asia/Jakarta')).toEqual({ start: new Date('2026-02-28T17:00:00Z'), end: new Date('2026-03-31T17:00:00Z') });
    expect(storeRangeInstants('2026-03-01', '2026-03-01', 'Asia/Jayapura')).toEqual({ start: new Date('2026-02-28T15:00:00Z'), end: new Date('2026-03-01T15:00:00Z') });
  });
});

describe('rollupSpans', () => {
  it('covers the range exactly, with months, days and hours', () => {
    const { start, end } = storeRangeInstants('2026-01-01', '2026-12-31', 'Asia/Jakarta');
    const spans = rollupSpans(start, end);
    expect(spans.map((s) => [s.grain, iso(s.start), iso(s.end)])).toEqual([
      [0, '2025-12-31T17:00:00.000Z', '2026-01-01T00:00:00.000Z'],
      [2, '2026-01-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
      [1, '2026-12-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'],
      [0, '2026-12-31T00:00:00.000Z', '2026-12-31T17:00:00.000Z'],
    ]);
    // Contiguous, no gap and no overlap, for any range.
    for (const [a, b] of [
      ['2026-02-15T05:00:00Z', '2026-05-03T19:00:00Z'],
      ['2026-02-15T05:00:00Z', '2026-02-16T03:00:00Z'],
      ['2026-02-15T00:00:00Z', '2026-03-01T00:00:00Z'],
      ['2026-01-31T17:00:00Z', '2026-02-28T17:00:00Z'],
    ] as const) {
      const got = rollupSpans(new Date(a), new Date(b));
      expect(iso(got[0]!.start)).toBe(new Date(a).toISOString());
      expect(iso(got.at(-1)!.end)).toBe(new Date(b).toISOString());
      for (let i = 1; i < got.length; i++) expect(got[i]!.start).toEqual(got[i - 1]!.end);
      for (const s of got) {
        const unit = s.grain === 0 ? 3_600_000 : 86_400_000;
        expect(s.start.getTime() % unit).toBe(0);
        if (s.grain === 2) expect(s.start.getUTCDate()).toBe(1);
      }
    }
  });

  it('a range inside one day or across one midnight is hours only', () => {
    expect(rollupSpans(new Date('2026-02-15T17:00:00Z'), new Date('2026-02-16T17:00:00Z')).map((s) => s.grain)).toEqual([0]);
    expect(rollupSpans(new Date('2026-02-15T05:00:00Z'), new Date('2026-02-15T09:00:00Z'))).toHaveLength(1);
  });

  it('refuses ends off the hour', () => {
    expect(() => rollupSpans(new Date('2026-02-15T05:30:00Z'), new Date('2026-02-16T00:00:00Z'))).toThrow();
  });
});

describe('reportPresets', () => {
  it("this month, last month and this year in the store's zone", () => {
    // 00:30 WIB on 1 March is still 28 February in UTC.
    const now = new Date('2026-02-28T17:30:00Z');
    expect(reportPresets(now, 'Asia/Jakarta').map((p) => [p.label, p.from, p.to])).toEqual([
      ['Bulan ini', '2026-03-01', '2026-03-01'],
      ['Bulan lalu', '2026-02-01', '2026-02-28'],
      ['Tahun ini', '2026-01-01', '2026-03-01'],
    ]);
    expect(reportPresets(new Date('2026-01-10T05:00:00Z'), 'Asia/Jakarta')[1]).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('helpers', () => {
  it('names the file with the range and rounds shares to one decimal', () => {
    expect(reportFileName('2026-01-01', '2026-01-31')).toBe('laporan-dinas-2026-01-01_2026-01-31.xlsx');
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(5, 0)).toBe(0);
  });
});
