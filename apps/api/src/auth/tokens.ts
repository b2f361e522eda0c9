/** Session tokens: 32 random bytes, handed to the client once, stored only as SHA-256. */
import { createHash } from 'node:crypto';
import { randomToken } from '../lib/random';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is refreshed at most this often, so a busy client does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function newSessionToken(): string {
  return randomToken(32, 'base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
