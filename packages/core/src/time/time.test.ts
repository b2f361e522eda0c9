import { describe, expect, it } from 'vitest';
import { formatDateTime, formatStoreMonth, timeZoneName } from './index';

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
