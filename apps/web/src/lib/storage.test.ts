import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJson, readValid, removeKey, storageKeys, writeJson } from './storage';
import { memoryStorage } from './memory-storage';


/** Storage that refuses every call, as in a private window or with storage disabled. */
const refusingStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browser storage (requirements/storefront.md §9)', () => {
  it("keeps the session under the spec's keys 'user' and 'token'", () => {
    expect(storageKeys).toEqual({ user: 'user', token: 'token', cart: 'cart' });
  });

  it('writes and reads JSON, and removes a key', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    writeJson('cart', { items: [1, 2] });
    expect(localStorage.getItem('cart')).toBe('{"items":[1,2]}');
    expect(readJson('cart')).toEqual({ items: [1, 2] });
    removeKey('cart');
    expect(readJson('cart')).toBeUndefined();
  });

  it('reads a missing key and unreadable JSON as nothing', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(readJson('user')).toBeUndefined();
    localStorage.setItem('user', '{not json');
    expect(readJson('user')).toBeUndefined();
  });

  it('discards a stored value that is not JSON or not accepted, and keeps one that is (spec §4 Session)', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const isNamed = (v: unknown): v is { name: string } => !!v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string';
    expect(readValid('user', isNamed)).toBeUndefined();
    localStorage.setItem('user', '{not json');
    expect(readValid('user', isNamed)).toBeUndefined();
    expect(localStorage.getItem('user')).toBeNull();
    localStorage.setItem('user', '{"id":1}');
    expect(readValid('user', isNamed)).toBeUndefined();
    expect(localStorage.getItem('user')).toBeNull();
    localStorage.setItem('user', '{"name":"Sari"}');
    expect(readValid('user', isNamed)).toEqual({ name: 'Sari' });
    expect(localStorage.getItem('user')).toBe('{"name":"Sari"}');
  });

  it('keeps working when the browser refuses storage', () => {
    vi.stubGlobal('localStorage', refusingStorage);
    expect(readJson('cart')).toBeUndefined();
    expect(() => writeJson('cart', { items: [] })).not.toThrow();
    expect(() => removeKey('cart')).not.toThrow();
    expect(readValid('user', (_v): _v is unknown => true)).toBeUndefined();
  });
});
