/**
 * Two transactions in flight at once (PostgreSQL: PGlite runs one transaction at a time). Each holds
 * itself open until the other has written too: a shared counter row would make the second wait for
 * the first's commit, which waits for the second, and `lock_timeout` turns that wait into a failure.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/** Runs `write(tx, 0)` and `write(tx, 1)` in two transactions open at once; settles when both have committed or one failed. */
export function writeAtOnce(db: Db, write: (tx: Tx, k: 0 | 1) => Promise<unknown>): Promise<unknown[]> {
  const wrote: (() => void)[] = [];
  const both = [new Promise<void>((r) => wrote.push(r)), new Promise<void>((r) => wrote.push(r))];
  const writer = (k: 0 | 1) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
      try {
        await write(tx, k);
      } finally {
        // A writer that failed lets the other finish (the test fails, it does not hang).
        wrote[k]!();
      }
      await Promise.all(both);
    });
  return Promise.all([writer(0), writer(1)]);
}
