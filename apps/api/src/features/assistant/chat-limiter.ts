/**
 * Per-address limit on assistant questions: 20 per minute and 200 per day. In memory, like the
 * login limiter (one process; docs/decisions/041-login-rate-limit.md). A model call costs money
 * and a retrieval answer costs CPU, so a script cannot ask without end.
 */
export const CHAT_LIMITS = [
  { windowMs: 60_000, max: 20 },
  { windowMs: 24 * 60 * 60_000, max: 200 },
] as const;

export class ChatLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Records a question; returns seconds to wait when over a limit (then nothing is recorded). */
  take(address: string): number {
    const at = this.now().getTime();
    const longest = Math.max(...CHAT_LIMITS.map((l) => l.windowMs));
    const list = (this.hits.get(address) ?? []).filter((t) => at - t < longest);
    for (const limit of CHAT_LIMITS) {
      const inWindow = list.filter((t) => at - t < limit.windowMs);
      if (inWindow.length >= limit.max) {
        this.hits.set(address, list);
        return Math.max(1, Math.ceil((inWindow[inWindow.length - limit.max]! + limit.windowMs - at) / 1000));
      }
    }
    list.push(at);
    this.hits.set(address, list);
    if (this.hits.size > 50_000) this.sweep(at, longest);
    return 0;
  }

  private sweep(at: number, longest: number): void {
    for (const [key, list] of this.hits) if (list.every((t) => at - t >= longest)) this.hits.delete(key);
  }
}
