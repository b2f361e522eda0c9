/**
 * settingsPart (settings.repository.ts) keeps its last reading while the stored text is the same
 * (issue 30 §3): the checkout reads the settings on every order. The values are shared between
 * requests, so they are frozen, and a changed text is read again.
 */
import { describe, expect, it } from 'vitest';
import { settingsPart } from './settings.repository';

describe('settingsPart', () => {
  it('answers the same frozen values for the same stored text, and reads a changed text again', () => {
    const part = settingsPart(['time_zone', 'payments']);
    const stored = JSON.stringify({ time_zone: { time_zone: 'Asia/Makassar' } });
    const first = part.read(stored);
    expect(first.time_zone?.time_zone).toBe('Asia/Makassar');
    // Another request's part of the same keys: the same reading, not checked again.
    expect(settingsPart(['time_zone', 'payments']).read(stored)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.time_zone)).toBe(true);
    expect(() => {
      (first.time_zone as { time_zone: string }).time_zone = 'Asia/Jayapura';
    }).toThrow(TypeError);

    const changed = part.read(JSON.stringify({ time_zone: { time_zone: 'Asia/Jayapura' } }));
    expect(changed).not.toBe(first);
    expect(changed.time_zone?.time_zone).toBe('Asia/Jayapura');
    // A value that no longer fits its schema reads as unset, as readSetting says.
    expect(part.read(JSON.stringify({ time_zone: { time_zone: 'Mars/Olympus' } })).time_zone).toBeUndefined();
    expect(part.read(null)).toEqual({ time_zone: undefined, payments: undefined });
  });
});
