/** The only SQL for shared rate-limit counters (table rate_limits). */
import { lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { rateLimits } from '../db/schema';
import type { Count } from './counters';

interface CountRow {
  count: number;
  reset_at: Date | string;
}

const toCount = (row: CountRow | undefined, fallbackReset: number): Count =>
  row ? { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() } : { count: 0, resetAt: fallbackReset };

/**
 * Adds `by` to the key's window, starting a new window when the stored one has ended. One statement:
 * PostgreSQL locks the row for the update, so hits from any number of processes are all counted.
 */
export async function addHits(db: Db, key: string, by: number, now: Date, windowMs: number): Promise<Count> {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await queryRows<CountRow>(
    db,
    sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, ${by}, ${resetAt.toISOString()}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= ${now.toISOString()}::timestamptz THEN ${by} ELSE rate_limits.count + ${by} END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${now.toISOString()}::timestamptz THEN excluded.reset_at ELSE rate_limits.reset_at END
        RETURNING count, reset_at`,
  );
  return toCount(rows[0], resetAt.getTime());
}

export async function readHits(db: Db, key: string, now: Date): Promise<Count> {
  const rows = await queryRows<CountRow>(
    db,
    sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > ${now.toISOString()}::timestamptz`,
  );
  return toCount(rows[0], now.getTime());
}

export async function deleteHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Drops windows that ended before `before`; the jobs call it so the table stays small. */
export async function deleteEndedHits(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.reset_at, before)).returning({ key: rateLimits.key });
  return gone.length;
}
