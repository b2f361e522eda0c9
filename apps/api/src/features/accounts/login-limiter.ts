/**
 * Brute-force protection for sign-in (issue 3, issue 14 (docs/issues.md)). Within 15 minutes:
 * - 5 attempts on one account from one address, then 429 until the window ends. The account is the
 *   user the typed name or e-mail resolves to, so switching identifiers gains nothing; a name that
 *   matches no user is counted under (a hash of) the typed text. The attempt is counted before the
 *   password is checked, so a burst of parallel requests cannot slip past the count; a successful
 *   sign-in clears the pair.
 * - 30 failures from one address across all accounts.
 * Other accounts from the same address keep working below the wide limit. The counters are shared
 * by every server process on PostgreSQL (docs/decisions/025-shared-rate-limits.md).
 */
import { secondsUntil, typedPart, type Counters } from '../../limits/counters';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

/** Who is signing in: the user the identifier resolved to, or the typed identifier itself. */
export type LoginTarget = { userId: number } | { typed: string };

export class LoginLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly now: () => Date,
  ) {}

  private static pairKey(address: string, target: LoginTarget): string {
    return 'userId' in target ? `login:u:${target.userId}:${address}` : `login:t:${typedPart(target.typed)}:${address}`;
  }

  private static addressKey(address: string): string {
    return `login:ip:${address}`;
  }

  /**
   * Counts an attempt for the pair; answers the seconds to wait when the pair or the address is over
   * its limit (then the password must not be checked), or 0.
   */
  async takeAttempt(address: string, target: LoginTarget): Promise<number> {
    const wide = await this.counters.peek(LoginLimiter.addressKey(address));
    if (wide.count >= MAX_FAILURES_PER_ADDRESS) return secondsUntil(wide.resetAt, this.now());
    const pair = await this.counters.hit(LoginLimiter.pairKey(address, target), LOGIN_WINDOW_MS);
    if (pair.count > MAX_ATTEMPTS_PER_ACCOUNT) return secondsUntil(pair.resetAt, this.now());
    return 0;
  }

  async recordFailure(address: string): Promise<void> {
    await this.counters.hit(LoginLimiter.addressKey(address), LOGIN_WINDOW_MS);
  }

  async recordSuccess(address: string, target: LoginTarget): Promise<void> {
    await this.counters.reset(LoginLimiter.pairKey(address, target));
  }
}

export function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`;
}
