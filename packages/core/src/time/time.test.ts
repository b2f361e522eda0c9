import { describe, expect, it } from 'vitest';
import { formatDateTime, formatStoreMonth, isStoreDate, monthPeriod, nextDay, previousMonth, setDefaultTimeZone, storeDate, storeDateTime, storeDayStart, storePeriodStart, timeZoneName } from './index';

describe('formatDateTime', () => {
  it('shows the store zone (WIB) whatever the machine zone is', () => {
    const text = formatDateTime('2026-11-23T15:38:00Z');
    expect(text).toContain('22.38');
    expect(text).toContain('23 Nov 2026');
    expect(text.endsWith(' WIB')).toBe(true);
  });
  it('follows another store zone', () => {
    expect(formatDateTime('2026-11-23T15:38:00Z', { timeZone: 'Asia/Jayapura' })).toContain('00.38');
    expect(timeZoneName('Asia/Makassar')).toBe('WITA');
  });
  it('reads the same through a minute and changes at the next, in each zone and style (kept by minute)', () => {
    const start = Date.UTC(2026, 10, 23, 15, 38, 0);
    for (const timeZone of ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']) {
      for (const style of ['datetime', 'date', 'time', 'month'] as const) {
        const intl = (ms: number) => {
          const options: Intl.DateTimeFormatOptions =
            style === 'date' ? { dateStyle: 'medium', timeZone } : style === 'month' ? { month: 'long', year: 'numeric', timeZone } : style === 'time' ? { timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeStyle: 'short', timeZone };
          const text = new Intl.DateTimeFormat('id-ID', options).format(new Date(ms));
          return style === 'date' || style === 'month' ? text : `${text} ${timeZoneName(timeZone)}`;
        };
        for (const ms of [start, start + 59_999, start + 60_000, start + 8.5 * 3600_000, start - 1]) {
          expect(formatDateTime(new Date(ms), { timeZone, style }), `${timeZone} ${style} ${ms}`).toBe(intl(ms));
          expect(formatDateTime(new Date(ms).toISOString(), { timeZone, style })).toBe(intl(ms));
        }
      }
    }
    expect(formatDateTime(new Date(start + 60_000))).not.toBe(formatDateTime(new Date(start)));
  });

  it('date only has no zone name', () => {
    expect(formatDateTime('2026-11-23T20:00:00Z', { style: 'date' })).toBe('24 Nov 2026');
  });
});

describe('formatStoreMonth', () => {
  it('names the month of a YYYY-MM key', () => {
    expect(formatStoreMonth('2026-11')).toBe('November 2026');
    expect(formatStoreMonth('2026-01')).toBe('Januari 2026');
  });
});

describe('store periods in the store zone (issue 17)', () => {
  // 17:30 UTC on 30 November is 00:30 on 1 December in WIB (UTC+7), but 01:30 in WITA too, and
  // 02:30 in WIT: December everywhere in Indonesia. 16:30 UTC is 23:30 WIB (still November) but
  // 01:30 WIT (December).
  const lateNov = new Date('2026-11-30T16:30:00Z');
  it('month and day start at the store zone midnight', () => {
    expect(storePeriodStart(lateNov, 'month', 'Asia/Jakarta').toISOString()).toBe('2026-10-31T17:00:00.000Z');
    expect(storePeriodStart(lateNov, 'month', 'Asia/Jayapura').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(storePeriodStart(lateNov, 'day', 'Asia/Jakarta').toISOString()).toBe('2026-11-29T17:00:00.000Z');
    expect(storePeriodStart(lateNov, 'day', 'Asia/Makassar').toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });
  it('dates and wall-clock times in the zone', () => {
    expect(storeDate(lateNov, 'Asia/Jakarta')).toBe('2026-11-30');
    expect(storeDate(lateNov, 'Asia/Jayapura')).toBe('2026-12-01');
    expect(storeDateTime(lateNov, 'Asia/Makassar')).toBe('2026-12-01 00:30');
  });
  it('the formatter follows the default zone the app sets', () => {
    try {
      setDefaultTimeZone('Asia/Makassar');
      expect(formatDateTime('2026-11-23T15:38:00Z')).toMatch(/23.38 WITA$/);
    } finally {
      setDefaultTimeZone('Asia/Jakarta');
    }
    expect(formatDateTime('2026-11-23T15:38:00Z')).toMatch(/22.38 WIB$/);
  });
});

describe('store calendar days and months (issue 29: payouts, reports)', () => {
  it('knows month lengths, the month before and the next day', () => {
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(previousMonth('2027-01-31')).toBe('2026-12');
    expect(previousMonth('2026-03-31')).toBe('2026-02');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
  it("starts a store day at the zone's midnight", () => {
    expect(storeDayStart('2026-11-27', 'Asia/Jakarta').toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(storeDayStart('2026-11-27', 'Asia/Jayapura').toISOString()).toBe('2026-11-26T15:00:00.000Z');
  });
});

describe('isStoreDate', () => {
  it('takes a YYYY-MM-DD day the calendar has, and nothing else', () => {
    expect(isStoreDate('2028-02-29')).toBe(true);
    for (const day of ['2026-02-30', '2026-13-01', '2026-1-05', '05-01-2026', '2026-01-01T00:00:00Z', '']) expect(isStoreDate(day), day).toBe(false);
  });
});
