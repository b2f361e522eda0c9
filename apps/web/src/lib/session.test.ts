import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage';

const user = { id: 5, username: 'sari', email: 'sari@contoh.id', first_name: 'Sari', last_name: 'W', role: { id: 3, name: 'customer', can_access_admin: false } };

/** A browser with this storage, and a fresh copy of the session module: it restores once, when loaded. */
async function startWith(stored: Record<string, string>) {
  const storage = memoryStorage();
  for (const [k, v] of Object.entries(stored)) storage.setItem(k, v);
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', {});
  vi.resetModules();
  const { sessionStore } = await import('./session');
  return { storage, session: sessionStore.get() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('restoring the session on start (requirements/storefront.md §4 Session)', () => {
  it('restores a stored user and token', async () => {
    const { storage, session } = await startWith({ user: JSON.stringify(user), token: 'abc' });
    expect(session).toEqual({ user, token: 'abc' });
    expect(storage.getItem('user')).toBe(JSON.stringify(user));
  });

  it('discards a stored user that is not JSON: signed out, and the key removed', async () => {
    const { storage, session } = await startWith({ user: '{not json', token: 'abc' });
    expect(session).toBeNull();
    expect(storage.getItem('user')).toBeNull();
  });

  it('discards a stored value that is not a user, with or without a token', async () => {
    const withToken = await startWith({ user: '{"id":"7"}', token: 'abc' });
    expect(withToken.session).toBeNull();
    expect(withToken.storage.getItem('user')).toBeNull();
    const without = await startWith({ user: '"sari"' });
    expect(without.session).toBeNull();
    expect(without.storage.getItem('user')).toBeNull();
  });
});
