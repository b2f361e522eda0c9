/** Browser storage keys of the spec (§9): 'user' and 'token'; the cart keeps its own key. */
export const storageKeys = { user: 'user', token: 'token', cart: 'cart' } as const;

export function readJson<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/**
 * A stored value that must pass `accept`: one that is not JSON or not accepted is removed from
 * storage and read as nothing (spec §4 Session: an unreadable stored user is discarded).
 */
export function readValid<T>(key: string, accept: (value: unknown) => value is T): T | undefined {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (accept(value)) return value;
  } catch {
    /* not JSON: discarded below */
  }
  removeKey(key);
  return undefined;
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the app keeps working in memory */
  }
}

export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}
