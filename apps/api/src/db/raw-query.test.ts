/**
 * rawQuery (db/client.ts): hand-written statement text with numbered placeholders, on the database
 * and inside a transaction (on that transaction's connection: a rollback takes its writes back).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../test/app';
import { queryRows, rawQuery, rawSql } from './client';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe(`rawQuery (${testEngine})`, () => {
  it('sends each placeholder its parameter, in any order and more than once', async () => {
    const rows = await rawQuery<{ a: number; b: string; again: number; list: number[]; doc: { kota: string } }>(
      t.db,
      `SELECT $2::int AS a, $1::text AS b, $2::int AS again, $3::int[] AS list, $4::jsonb AS doc`,
      ['Bantul', 7, [1, 2, 3], JSON.stringify({ kota: 'Sleman' })],
    );
    expect(rows).toEqual([{ a: 7, b: 'Bantul', again: 7, list: [1, 2, 3], doc: { kota: 'Sleman' } }]);
    // Ten and more: $10 is the tenth parameter, not the first followed by a zero.
    const many = Array.from({ length: 11 }, (_, i) => i + 1);
    const [row] = await rawQuery<{ tenth: number; eleventh: number; first: number }>(
      t.db,
      `SELECT $10::int AS tenth, $11::int AS eleventh, $1::int + $2::int + $3::int + $4::int + $5::int + $6::int + $7::int + $8::int + $9::int - 44 AS first`,
      many,
    );
    expect(row).toEqual({ tenth: 10, eleventh: 11, first: 1 });
  });

  it('answers timestamps, dates and numeric arrays as PostgreSQL prints them, on the database and in a transaction, as drizzle does', async () => {
    const text = `SELECT '2026-11-27 10:00:00+00'::timestamptz AS at, '2026-11-27'::date AS day, ARRAY[1.5]::numeric[] AS amounts, 2::int AS n`;
    const [direct] = await rawQuery<Record<string, unknown>>(t.db, text, []);
    const [viaDrizzle] = await queryRows<Record<string, unknown>>(t.db, sql.raw(text));
    const inTransaction = await t.db.transaction(async (tx) => (await rawQuery<Record<string, unknown>>(tx, text, []))[0]);
    expect(typeof direct!.at).toBe('string');
    expect(direct).toEqual(viaDrizzle);
    expect(inTransaction).toEqual(viaDrizzle);
  });

  it('leaves a dollar not followed by digits alone, and refuses a placeholder without its parameter', async () => {
    const [row] = await rawQuery<{ body: string }>(t.db, `SELECT $q$harga $ tetap$q$ || $1::text AS body`, ['!']);
    expect(row!.body).toBe('harga $ tetap!');
    expect(() => rawSql('SELECT $2::int', [1])).toThrow('$2 has no parameter');
  });

  it.runIf(testEngine === 'postgres')('with prepare, makes the text a prepared statement of the connection (issue 30 §3; PostgreSQL only: PGlite prepares nothing by name)', async () => {
    // The text finds itself among the connection's prepared statements, and only there.
    const text = `SELECT array_agg(statement) AS prepared FROM pg_prepared_statements WHERE statement LIKE '%pg_prepared_statements%' AND $1::int = 1`;
    const [row] = await rawQuery<{ prepared: string[] | null }>(t.db, text, [1], { prepare: true });
    expect(row!.prepared).toEqual([text]);
    const once = text.replace('$1::int = 1', '$1::int = 1 AND true');
    const [unprepared] = await rawQuery<{ prepared: string[] | null }>(t.db, once, [1]);
    expect(unprepared!.prepared ?? []).not.toContain(once);
  });

  it('runs on the transaction it is given: a rollback takes its write back', async () => {
    // A table, not a temporary one: on PostgreSQL the transaction may take another of the pool's connections.
    await t.db.execute(sql`CREATE TABLE raw_probe (n int)`);
    await expect(
      t.db.transaction(async (tx) => {
        await rawQuery(tx, 'INSERT INTO raw_probe (n) VALUES ($1)', [1]);
        const inside = await rawQuery<{ n: number }>(tx, 'SELECT count(*)::int AS n FROM raw_probe', []);
        expect(inside[0]!.n).toBe(1);
        throw new Error('dibatalkan');
      }),
    ).rejects.toThrow('dibatalkan');
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM raw_probe`);
    expect(after!.n).toBe(0);
    await t.db.execute(sql`DROP TABLE raw_probe`);
  });
});
