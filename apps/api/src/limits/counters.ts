/**
 * Rate-limit counters (issue 14 §5): a fixed window per key that starts at the key's first hit.
 * With PostgreSQL several server processes share one database, so the counters live there
 * (rate_limits); on PGlite, one process by design, they stay in memory. Both answer the same way and
 * read the app's clock, so tests drive them with a fake one (docs/decisions/025-shared-rate-limits.md).
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { addHits, deleteHits, readHits } from './counters.repository';

export interface Count {
  /** Hits in the current window (0 when none is open). */
  count: number;
  /** When the current window ends, in epoch milliseconds. */
  resetAt: number;
}

export interface Counters {
  /** Counts `by` hits (default 1) and answers the window's count after them. */
  hit(key: string, windowMs: number, by?: number): Promise<Count>;
  /** The window's count, without counting. */
  peek(key: string): Promise<Count>;
  /** Forgets the key (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

/** Seconds until the window ends, at least 1. */
export function secondsUntil(resetAt: number, now: Date): number {
  return Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
}

/**
 * A key part made from what a visitor typed: hashed, so the table and memory hold no typed text
 * (a password typed into the user-name field, an e-mail) and a key's length is bounded.
 */
export function typedPart(text: string): string {
  return createHash('sha256').update(text.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, Count>();

  constructor(private readonly now: () => Date) {}

  hit(key: string, windowMs: number, by = 1): Promise<Count> {
    const at = this.now().getTime();
    const open = this.windows.get(key);
    const next = open && open.resetAt > at ? { count: open.count + by, resetAt: open.resetAt } : { count: by, resetAt: at + windowMs };
    this.windows.set(key, next);
    if (this.windows.size > 100_000) this.sweep(at);
    return Promise.resolve({ ...next });
  }

  peek(key: string): Promise<Count> {
    const at = this.now().getTime();
    const open = this.windows.get(key);
    return Promise.resolve(open && open.resetAt > at ? { ...open } : { count: 0, resetAt: at });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  private sweep(at: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
  }
}

export class DatabaseCounters implements Counters {
  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
  ) {}

  hit(key: string, windowMs: number, by = 1): Promise<Count> {
    return addHits(this.database.db, key, by, this.now(), windowMs);
  }

  peek(key: string): Promise<Count> {
    return readHits(this.database.db, key, this.now());
  }

  reset(key: string): Promise<void> {
    return deleteHits(this.database.db, key);
  }
}

/** The database's counters when processes may share it (PostgreSQL), memory on PGlite. */
export function createCounters(database: Database, now: () => Date): Counters {
  return database.engine === 'postgres' ? new DatabaseCounters(database, now) : new MemoryCounters(now);
}
