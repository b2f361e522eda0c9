/**
 * Counts the statements sent to the database while `run` runs (BEGIN and COMMIT included), at the
 * driver: node-postgres' client query, or PGlite's one entry point for a query or exec. Issue 15's
 * round-trip budgets (a checkout, a product page) are held by tests with it.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';
import { testEngine } from './app';

export async function countRoundTrips<T>(run: () => Promise<T>): Promise<{ result: T; trips: number }> {
  const spy =
    testEngine === 'postgres'
      ? vi.spyOn(pg.Client.prototype, 'query')
      : // Every PGlite query, exec, BEGIN and COMMIT goes through this one method (one call each).
        vi.spyOn(PGlite.prototype as unknown as { _runExclusiveQuery: (...args: unknown[]) => unknown }, '_runExclusiveQuery');
  try {
    const result = await run();
    return { result, trips: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
