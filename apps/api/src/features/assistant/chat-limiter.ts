/**
 * Limits on assistant questions. A model call costs money and a retrieval answer costs CPU, so a
 * script cannot ask without end. The counters are shared by every server process on PostgreSQL
 * (docs/decisions/025-shared-rate-limits.md); a refused question counts too, so a script that
 * keeps asking stays refused.
 *
 * Issue 31 (decision 060): many mobile shoppers share one address behind carrier NAT, so a browser
 * is counted by its chat session (the `pasar_chat` cookie the server hands out) at 20 a minute and
 * 200 a day, and its address only against a looser ceiling that a crowd behind one NAT does not
 * reach but a script minting sessions does. A client without the cookie (a script, the first
 * question of a visit) is counted by its address at the session's limits, as before.
 */
import { randomToken } from '../../lib/random';
import { secondsUntil, type Counters } from '../../limits/counters';

export const CHAT_LIMITS = [
  { name: 'minute', windowMs: 60_000, max: 20 },
  { name: 'day', windowMs: 24 * 60 * 60_000, max: 200 },
] as const;

/** What one address may ask across all its sessions. */
export const CHAT_ADDRESS_CEILING = [
  { name: 'minute', windowMs: 60_000, max: 120 },
  { name: 'day', windowMs: 24 * 60 * 60_000, max: 2000 },
] as const;

export const CHAT_SESSION_COOKIE = 'pasar_chat';

/** A session id as the server issues it: 24 base64url characters. Anything else is no session. */
const SESSION_ID = /^[A-Za-z0-9_-]{24}$/;

export function newChatSession(): string {
  return randomToken(18, 'base64url');
}

/** The chat session of a request's Cookie header, when it carries a well-formed one. */
export function chatSessionOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === CHAT_SESSION_COOKIE && value && SESSION_ID.test(value)) return value;
  }
  return undefined;
}

/** The cookie for the browser session (no Max-Age: it ends with the browser), only for the chat. */
export function chatSessionCookie(session: string, secure: boolean): string {
  return `${CHAT_SESSION_COOKIE}=${session}; Path=/api/v1/assistant; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

type Limit = { name: string; windowMs: number; max: number };

export class ChatLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly now: () => Date,
  ) {}

  /** Counts a question; answers the seconds to wait when over a limit, or 0. */
  async take(address: string, session?: string): Promise<number> {
    const checks: [string, Limit][] = session
      ? [...CHAT_LIMITS.map((l): [string, Limit] => [`chat:session:${l.name}:${session}`, l]), ...CHAT_ADDRESS_CEILING.map((l): [string, Limit] => [`chat:address:${l.name}:${address}`, l])]
      : CHAT_LIMITS.map((l): [string, Limit] => [`chat:${l.name}:${address}`, l]);
    // Every window at once: round trips side by side rather than one after the other.
    const windows = await Promise.all(checks.map(([key, limit]) => this.counters.hit(key, limit.windowMs)));
    let wait = 0;
    checks.forEach(([, limit], k) => {
      const window = windows[k]!;
      if (window.count > limit.max) wait = Math.max(wait, secondsUntil(window.resetAt, this.now()));
    });
    return wait;
  }
}
