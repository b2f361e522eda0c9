import { describe, expect, it } from 'vitest';
import { startOfStoreDay, startOfStoreMonth, storeMonth } from './index';

describe('store time (WIB)', () => {
  it('starts the day at 00:00 WIB, which is 17:00 UTC the day before', () => {
    expect(startOfStoreDay(new Date('2026-11-22T16:59:00Z')).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(startOfStoreDay(new Date('2026-11-22T17:00:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });
  it('starts the month on the 1st in WIB', () => {
    expect(startOfStoreMonth(new Date('2026-11-30T18:00:00Z')).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(storeMonth(new Date('2026-11-30T18:00:00Z'))).toBe('2026-12');
    expect(startOfStoreMonth(new Date('2026-11-15T00:00:00Z')).toISOString()).toBe('2026-10-31T17:00:00.000Z');
  });
});
