/**
 * Reads asked for in one turn of the event loop, answered together: the keys asked before the
 * loop's next check phase (setImmediate) go to `loadMany` as one call, at most `maxKeys` at a time.
 * Under load the requests that a database answer or a socket read wakes at once all ask within
 * that turn, so twenty product pages cost one statement instead of twenty (issue 15, decision 033
 * "Products by id read together"), and concurrent checkouts one context read (decision 084).
 *
 * A read is started only after every key it holds was asked for, so whatever the caller read
 * before asking (a change counter) is older than the data it gets.
 */
export class ReadBatch<K, V> {
  private pending: { keys: Map<K, { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[]> } | undefined;
  /** Loads started, and keys they held (for tests and the bench). */
  loads = 0;
  keys = 0;

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxKeys = 100,
  ) {}

  load(key: K): Promise<V | undefined> {
    if (!this.pending) {
      this.pending = { keys: new Map() };
      setImmediate(() => this.flush());
    }
    const { keys } = this.pending;
    return new Promise<V | undefined>((resolve, reject) => {
      const waiting = keys.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else keys.set(key, [{ resolve, reject }]);
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = undefined;
    if (!batch) return;
    const all = [...batch.keys];
    for (let start = 0; start < all.length; start += this.maxKeys) {
      const part = all.slice(start, start + this.maxKeys);
      this.loads += 1;
      this.keys += part.length;
      this.loadMany(part.map(([key]) => key)).then(
        (found) => {
          for (const [key, waiting] of part) for (const w of waiting) w.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const [, waiting] of part) for (const w of waiting) w.reject(error);
        },
      );
    }
  }
}
