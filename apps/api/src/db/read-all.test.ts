/**
 * readAll (db/client.ts): independent reads go out together on the pool, one after another in a
 * transaction, whose single connection answers one query at a time (pg 9 refuses a second one sent
 * meanwhile). Each read counts how many reads have started and not yet finished: 3 when readAll sends
 * them together, 1 when it waits for each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../test/app';
import { queryRows, readAll, type DbOrTx } from './client';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** Three reads that note how many of them were running at once at most. */
function watchedReads(db: DbOrTx) {
  let running = 0;
  let most = 0;
  const read = (value: number) => async () => {
    running += 1;
    most = Math.max(most, running);
    try {
      const [row] = await queryRows<{ v: number }>(db, sql`SELECT ${value}::int AS v`);
      return row!.v;
    } finally {
      running -= 1;
    }
  };
  return { reads: [read(1), read(2), read(3)] as const, most: () => most };
}

describe(`readAll (${testEngine})`, () => {
  it('runs the reads together on the database, and gives their answers in order', async () => {
    const watched = watchedReads(t.db);
    expect(await readAll(t.db, watched.reads)).toEqual([1, 2, 3]);
    expect(watched.most()).toBe(3);
  });

  it('runs them one after another inside a transaction, answers in order', async () => {
    const answers = await t.db.transaction(async (tx) => {
      const watched = watchedReads(tx);
      const out = await readAll(tx, watched.reads);
      expect(watched.most()).toBe(1);
      return out;
    });
    expect(answers).toEqual([1, 2, 3]);
  });
});
