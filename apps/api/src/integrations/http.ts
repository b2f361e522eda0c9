/**
 * Calls to outside providers: a timeout on every call, and a retry on network errors and 5xx
 * answers only (never on 4xx: the request itself is wrong). Failures become ProviderFailure,
 * which the adapters turn into the spec's messages — never a hang, never a crash.
 */
export class ProviderFailure extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'http' | 'provider',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

export interface HttpOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  retries?: number;
}

export async function providerFetch(url: string, options: HttpOptions): Promise<{ status: number; json: unknown }> {
  const attempts = 1 + (options.retries ?? 1);
  let last: ProviderFailure | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.body !== undefined ? { body: options.body } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (response.status >= 500) {
        last = new ProviderFailure(`provider answered ${response.status}`, 'http', response.status);
        continue;
      }
      return { status: response.status, json };
    } catch (error) {
      const name = (error as Error).name;
      last = new ProviderFailure(
        name === 'TimeoutError' || name === 'AbortError' ? 'provider timed out' : `provider unreachable: ${(error as Error).message}`,
        name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
      );
    }
    if (attempt + 1 < attempts) await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
  throw last ?? new ProviderFailure('provider failed', 'provider');
}

/** A small in-memory cache with a time to live, for provider lists that rarely change. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(private readonly ttlMs: number) {}
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = await load();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    return value;
  }
}
