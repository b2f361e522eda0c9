/**
 * merge_figure_rows() (migration 0026, docs/database.md): the rows of the per-backend figure tables
 * move into backend 0 with every sum unchanged; on PostgreSQL, the rows of a transaction in progress
 * stay where they are and the merge does not wait for it.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../test/app';
import { queryRows } from './client';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Each table's sums by key (backend left out) and how many rows are not backend 0's. */
const snapshot = async () => {
  const [row] = await queryRows<{ sums: unknown; waiting: number }>(
    t.db,
    sql`SELECT json_build_object(
              'catalogue', (SELECT json_build_array(sum(products), sum(active), sum(low_stock), sum(out_of_stock)) FROM catalogue_figures),
              'orders', (SELECT json_object_agg(k, v ORDER BY k) FROM (SELECT concat_ws('|', kind, hour, status, payment_status) AS k, json_build_array(sum(orders), sum(amount)) AS v
                                                     FROM order_figures GROUP BY 1) x),
              'sales', (SELECT json_object_agg(k, v ORDER BY k) FROM (SELECT concat_ws('|', grain, period, dimension, key) AS k, json_build_array(sum(orders), sum(items), sum(goods)) AS v
                                                    FROM sales_figures GROUP BY 1) x),
              'assistant', (SELECT sum(changes) FROM assistant_changes))::text AS sums,
            (SELECT count(*) FROM catalogue_figures WHERE backend <> 0) + (SELECT count(*) FROM order_figures WHERE backend <> 0)
              + (SELECT count(*) FROM sales_figures WHERE backend <> 0) + (SELECT count(*) FROM assistant_changes WHERE backend <> 0) AS waiting`,
  );
  return { sums: row!.sums as string, waiting: Number(row!.waiting) };
};

/** Rows of backends long gone (no live backend has a negative id), on keys backend 0 has and on new ones. */
async function rowsOfGoneBackends(from: number) {
  await t.db.execute(sql`INSERT INTO catalogue_figures (backend, products, active, low_stock, out_of_stock) SELECT -g, 1, 1, 0, 1 FROM generate_series(${from}::int, ${from}::int + 5) g`);
  await t.db.execute(sql`INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
    SELECT 0, '-infinity'::timestamptz, 'pending', 'unpaid', -g, 1, 1000 * g FROM generate_series(${from}::int, ${from}::int + 5) g
    UNION ALL SELECT 2, '2026-11-01T03:00:00Z'::timestamptz, '', '', -g, 1, 500 FROM generate_series(${from}::int, ${from}::int + 3) g`);
  await t.db.execute(sql`INSERT INTO sales_figures (grain, period, dimension, key, backend, orders, items, goods)
    SELECT 0, '2026-11-01T03:00:00Z'::timestamptz, 0, 0, -g, 1, 2, 3000 FROM generate_series(${from}::int, ${from}::int + 4) g`);
  await t.db.execute(sql`INSERT INTO assistant_changes (backend, changes) SELECT -g, g FROM generate_series(${from}::int, ${from}::int + 6) g`);
}

describe(`merge_figure_rows() (${testEngine})`, () => {
  it('moves every connection row into backend 0, each sum unchanged', async () => {
    await rowsOfGoneBackends(1);
    const before = await snapshot();
    expect(before.waiting).toBeGreaterThanOrEqual(23);
    await t.db.execute(sql`SELECT merge_figure_rows()`);
    const after = await snapshot();
    expect(after.sums).toBe(before.sums);
    expect(after.waiting).toBe(0);
  });

  it.runIf(testEngine === 'postgres')('leaves the rows of a transaction in progress and does not wait for it', async () => {
    await rowsOfGoneBackends(100);
    const writer = new pg.Client({ connectionString: t.databaseUrl });
    await writer.connect();
    try {
      const addProduct = (name: string) =>
        writer.query(`INSERT INTO products (name, description, price, reseller_price, stock, category_id, is_active)
                      SELECT $1, 'Produk uji.', 9000, 8000, 3, min(id), true FROM categories`, [name]);
      // The connection's row, committed; then changed again by a transaction still open, which locks it.
      await addProduct('Keripik Lipat');
      await writer.query('BEGIN');
      await addProduct('Keripik Lipat 2');
      const before = await snapshot();
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
        await tx.execute(sql`SELECT merge_figure_rows()`);
      });
      const after = await snapshot();
      expect(after.sums).toBe(before.sums);
      // Its product figures and its assistant change counter: the rows the open transaction locks.
      expect(after.waiting).toBe(2);
      await writer.query('COMMIT');
    } finally {
      await writer.end();
    }
    await t.db.execute(sql`SELECT merge_figure_rows()`);
    expect((await snapshot()).waiting).toBe(0);
  });
});
