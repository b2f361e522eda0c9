/**
 * Per-address limit on assistant questions: 20 per minute and 200 per day. A model call costs money
 * and a retrieval answer costs CPU, so a script cannot ask without end. The counters are shared by
 * every server process on PostgreSQL (docs/decisions/025-shared-rate-limits.md); a refused question
 * counts too, so a script that keeps asking stays refused.
 */
import { secondsUntil, type Counters } from '../../limits/counters';

export const CHAT_LIMITS = [
  { name: 'minute', windowMs: 60_000, max: 20 },
  { name: 'day', windowMs: 24 * 60 * 60_000, max: 200 },
] as const;

export class ChatLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly now: () => Date,
  ) {}

  /** Counts a question; answers the seconds to wait when over a limit, or 0. */
  async take(address: string): Promise<number> {
    // Both windows at once: two round trips side by side rather than one after the other.
    const windows = await Promise.all(CHAT_LIMITS.map((limit) => this.counters.hit(`chat:${limit.name}:${address}`, limit.windowMs)));
    let wait = 0;
    CHAT_LIMITS.forEach((limit, k) => {
      const window = windows[k]!;
      if (window.count > limit.max) wait = Math.max(wait, secondsUntil(window.resetAt, this.now()));
    });
    return wait;
  }
}
