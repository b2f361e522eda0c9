/**
 * The signed-in session (docs/requirements/storefront.md §4 Session): the user and the token, kept in
 * localStorage under 'user' and 'token' and restored on start; an unreadable stored
 * user is discarded. Components subscribe with useSession().
 */
import { useSyncExternalStore } from 'react';
import type { User } from '@pasar/core/accounts';
import { readValid, removeKey, storageKeys, writeJson } from './storage';

/** The signed-in user is the API's user (core/accounts userSchema), kept as it was answered. */
export type SessionUser = User;

export interface Session {
  user: SessionUser;
  token: string;
}

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.username === 'string' && !!v.role && typeof v.role === 'object';
}

function restore(): Session | null {
  let token: string | null = null;
  try {
    token = localStorage.getItem(storageKeys.token);
  } catch {
    return null;
  }
  // Read (and, when unreadable, discarded) whether or not a token is there.
  const user = readValid(storageKeys.user, isSessionUser);
  if (!token || !user) return null;
  return { user, token };
}

let current: Session | null = typeof window === 'undefined' ? null : restore();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): Session | null => current,
  token: (): string | null => current?.token ?? null,
  signIn(user: SessionUser, token: string): void {
    try {
      localStorage.setItem(storageKeys.token, token);
    } catch {
      /* ignore */
    }
    writeJson(storageKeys.user, user);
    current = { user, token };
    emit();
  },
  updateUser(user: SessionUser): void {
    if (!current) return;
    writeJson(storageKeys.user, user);
    current = { ...current, user };
    emit();
  },
  clear(): void {
    removeKey(storageKeys.token);
    removeKey(storageKeys.user);
    current = null;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}
