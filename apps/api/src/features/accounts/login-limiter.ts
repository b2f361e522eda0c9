/**
 * Brute-force protection for sign-in (issue 3 (docs/issues.md)): after 5 failed sign-ins for one account from
 * one address within 15 minutes, that pair is refused with 429 until the oldest failure ages
 * out; one address is also limited to 30 failures across all accounts in 15 minutes. Other
 * accounts from the same address keep working below the wide limit. Kept in memory: the
 * product runs as one process (docs/decisions/041-login-rate-limit.md).
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => Date) {}

  private recent(key: string, at: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => at - t < LOGIN_WINDOW_MS);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private static accountKey(address: string, login: string): string {
    return `a|${address}|${login.trim().toLowerCase()}`;
  }

  /** Seconds until the pair may try again, or 0 when it may try now. */
  retryAfterSeconds(address: string, login: string): number {
    const at = this.now().getTime();
    const waits: number[] = [];
    const account = this.recent(LoginLimiter.accountKey(address, login), at);
    if (account.length >= MAX_FAILURES_PER_ACCOUNT) waits.push((account[account.length - MAX_FAILURES_PER_ACCOUNT] as number) + LOGIN_WINDOW_MS - at);
    const wide = this.recent(`i|${address}`, at);
    if (wide.length >= MAX_FAILURES_PER_ADDRESS) waits.push((wide[wide.length - MAX_FAILURES_PER_ADDRESS] as number) + LOGIN_WINDOW_MS - at);
    return waits.length === 0 ? 0 : Math.max(1, Math.ceil(Math.max(...waits) / 1000));
  }

  recordFailure(address: string, login: string): void {
    const at = this.now().getTime();
    for (const key of [LoginLimiter.accountKey(address, login), `i|${address}`]) {
      const list = this.recent(key, at);
      list.push(at);
      this.failures.set(key, list);
    }
    if (this.failures.size > 50_000) this.prune(at);
  }

  recordSuccess(address: string, login: string): void {
    this.failures.delete(LoginLimiter.accountKey(address, login));
  }

  private prune(at: number): void {
    for (const key of this.failures.keys()) this.recent(key, at);
  }
}

export function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`;
}
