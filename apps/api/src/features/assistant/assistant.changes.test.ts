/**
 * Issue 15: the assistant's fingerprint of its source tables (migration 0013) moves with every
 * statement that changes one of their rows, in the writer's own commit and only then, stays put
 * when the background jobs merge the counter rows, is read without writing, and never makes two
 * writers wait for each other.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { writeAtOnce } from '../../test/writers-at-once';
import { CorpusCache, SourceFingerprint } from './assistant-knowledge';
import { mergeFigureRows } from '../dashboard/dashboard.service';
import { corpusVersion } from './assistant.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const counterRows = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM assistant_changes`))[0]?.n ?? -1;

describe(`assistant source fingerprint (migration 0013, ${testEngine})`, () => {
  it('moves with every statement that changes a row of a source table', async () => {
    const fingerprint = new SourceFingerprint(t.db);
    const changes: [string, SQL][] = [
      ['product stock (a sale)', sql`UPDATE products SET stock = stock + 1 WHERE id = (SELECT min(id) FROM products)`],
      ['product added', sql`INSERT INTO products (name, description, price, reseller_price, stock, category_id) SELECT 'Opak Bakar', 'Opak dari Garut.', 9000, 8000, 3, min(id) FROM categories`],
      ['product deleted', sql`DELETE FROM products WHERE name = 'Opak Bakar'`],
      ['variant price', sql`UPDATE product_variants SET price = price + 1 WHERE id = (SELECT min(id) FROM product_variants)`],
      ['category hidden', sql`UPDATE categories SET is_active = NOT is_active WHERE id = (SELECT max(id) FROM categories)`],
      ['category shown again', sql`UPDATE categories SET is_active = NOT is_active WHERE id = (SELECT max(id) FROM categories)`],
      ['business renamed', sql`UPDATE businesses SET name = name || ' ' WHERE id = (SELECT min(id) FROM businesses)`],
      ['knowledge entry added', sql`INSERT INTO knowledge_entries (title, description) VALUES ('Parsel lebaran', 'Mulai 10 paket.')`],
      ['knowledge entry deleted', sql`DELETE FROM knowledge_entries WHERE title = 'Parsel lebaran'`],
      ['setting saved', sql`UPDATE settings SET updated_at = now() WHERE key = (SELECT min(key) FROM settings)`],
    ];
    for (const [name, statement] of changes) {
      const before = await fingerprint.read();
      await t.db.execute(statement);
      expect(await fingerprint.read(), name).not.toBe(before);
    }
  });

  it('stays when a statement changes no row, a transaction rolls back, or another table changes', async () => {
    const fingerprint = new SourceFingerprint(t.db);
    const before = await fingerprint.read();
    await t.db.execute(sql`UPDATE products SET stock = stock - 1 WHERE false`);
    await t.db.execute(sql`DELETE FROM knowledge_entries WHERE id = -1`);
    await t.db.execute(sql`INSERT INTO assistant_questions (normalized, question) VALUES ('servis laptop', 'servis laptop?') ON CONFLICT DO NOTHING`);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE products SET stock = stock + 1 WHERE id = (SELECT min(id) FROM products)`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await fingerprint.read()).toBe(before);
  });

  it('keeps its value when the jobs merge the rows of finished connections', async () => {
    // Rows of connections long gone (no live backend has a negative id).
    await t.db.execute(sql`INSERT INTO assistant_changes (backend, changes) SELECT -g, g FROM generate_series(1, 40) g`);
    const before = (await queryRows<{ v: string }>(t.db, sql`SELECT sum(changes)::text AS v FROM assistant_changes`))[0]?.v;
    expect(await counterRows()).toBeGreaterThan(40);
    expect(await corpusVersion(t.db)).toBe(before);
    // The background jobs' step.
    await mergeFigureRows(t.db);
    expect(await counterRows()).toBeLessThanOrEqual(2);
    expect(await corpusVersion(t.db)).toBe(before);
  });

  it('reading it writes nothing, however many counter rows wait for the jobs', async () => {
    await t.db.execute(sql`INSERT INTO assistant_changes (backend, changes) SELECT -g, 0 FROM generate_series(1, 40) g`);
    const contents = async () =>
      (await queryRows<{ rows: string }>(t.db, sql`SELECT coalesce(json_agg(a ORDER BY a.backend), '[]')::text AS rows FROM assistant_changes a`))[0]!.rows;
    const before = await contents();
    expect(await counterRows()).toBeGreaterThan(40);
    await corpusVersion(t.db);
    await new CorpusCache(t.db).get();
    expect(await contents()).toBe(before);
    await mergeFigureRows(t.db);
  });
});

describe.skipIf(testEngine !== 'postgres')('assistant source fingerprint between connections (postgres: PGlite runs one transaction at a time)', () => {
  it('a change written before a question and committed after it is seen by the next question', async () => {
    const cache = new CorpusCache(t.db);
    const first = await cache.get();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET stock = stock + 1 WHERE id = (SELECT min(id) FROM products)`);
      // A question on another connection meanwhile sees the data and the fingerprint as they were.
      expect(await cache.get()).toBe(first);
    });
    expect(await cache.get()).not.toBe(first);
    expect(cache.builds).toBe(2);
  });

  it('two writers in flight at once do not wait for each other', async () => {
    const ids = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products ORDER BY id LIMIT 2`)).map((r) => r.id);
    // Each holds its change open until the other has written too (writeAtOnce).
    const both = async (change: (id: number) => SQL) => {
      await expect(writeAtOnce(t.db, (tx, k) => tx.execute(change(ids[k]!)))).resolves.toBeDefined();
    };
    // A price: the counter (migration 0013).
    const before = await corpusVersion(t.db);
    await both((id) => sql`UPDATE products SET price = price + 1 WHERE id = ${id}`);
    expect(Number(await corpusVersion(t.db))).toBe(Number(before) + 2);
    // A sale: the stock feed (migration 0027), which the fingerprint reads too.
    const fingerprint = new SourceFingerprint(t.db);
    const beforeSales = await fingerprint.read();
    await both((id) => sql`UPDATE products SET stock = stock + 1 WHERE id = ${id}`);
    expect(await fingerprint.read()).not.toBe(beforeSales);
  });
});
