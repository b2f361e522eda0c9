/**
 * Issue 15: the product figures written by migrations 0014/0015's triggers (every product, active
 * ones, low stock by core's LOW_STOCK_THRESHOLD, sold out), read by the dashboard and the product
 * list, equal a fresh count after every kind of change, are read without writing, stay when the
 * jobs merge the connections' rows, and on PostgreSQL two sales in flight at once never wait for
 * each other on them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '@pasar/core/products';
import { queryRows, type Tx } from '../../db/client';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { writeAtOnce } from '../../test/writers-at-once';
import { catalogueFigures, dashboardReads, keptProductFigures } from './dashboard.repository';
import { mergeFigureRows } from './dashboard.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectKeptEqualsFresh(label: string) {
  const [fresh] = await queryRows<{ total: number; active: number; low_stock: number; out_of_stock: number }>(
    t.db,
    sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active, count(*) FILTER (WHERE stock <= ${LOW_STOCK_THRESHOLD})::int AS low_stock,
               count(*) FILTER (WHERE stock = 0)::int AS out_of_stock FROM products`,
  );
  expect(await keptProductFigures(t.db), label).toEqual(fresh);
  const dashboard = await catalogueFigures(t.db);
  expect({ total: dashboard.total, active: dashboard.active, low_stock: dashboard.low_stock }, label).toEqual({ total: fresh!.total, active: fresh!.active, low_stock: fresh!.low_stock });
}

const product = (name: string, stock: number, active = true): SQL =>
  sql`INSERT INTO products (name, description, price, reseller_price, stock, category_id, is_active)
      SELECT ${name}, 'Produk uji.', 9000, 8000, ${stock}, min(id), ${active} FROM categories`;

describe(`kept catalogue figures (migration 0014, ${testEngine})`, () => {
  it('equal a fresh count after products are added, sold down, restocked, hidden and deleted', async () => {
    await expectKeptEqualsFresh('before');
    const steps: [string, SQL][] = [
      ['a product added', product('Opak Bakar', 20)],
      ['a hidden product with little stock added', product('Rengginang', 2, false)],
      [
        'a bulk import',
        sql`INSERT INTO products (name, description, price, reseller_price, stock, category_id, is_active)
            SELECT 'Impor ' || g, 'Produk uji.', 1000, 900, g % 9, (SELECT min(id) FROM categories), g % 4 <> 0 FROM generate_series(1, 40) g`,
      ],
      ['sold down to the threshold', sql`UPDATE products SET stock = ${LOW_STOCK_THRESHOLD} WHERE name = 'Opak Bakar'`],
      ['sold within low stock', sql`UPDATE products SET stock = stock - 1 WHERE name = 'Opak Bakar'`],
      ['sold out', sql`UPDATE products SET stock = 0 WHERE name = 'Opak Bakar'`],
      ['sold out again (nothing moves)', sql`UPDATE products SET stock = 0 WHERE name = 'Opak Bakar'`],
      ['restocked, some from sold out', sql`UPDATE products SET stock = stock + 10 WHERE name LIKE 'Impor %'`],
      ['a sold-out product restocked', sql`UPDATE products SET stock = 3 WHERE name = 'Opak Bakar'`],
      ['hidden', sql`UPDATE products SET is_active = false WHERE name LIKE 'Impor 1%'`],
      ['shown', sql`UPDATE products SET is_active = true WHERE name = 'Rengginang'`],
      ['renamed only', sql`UPDATE products SET name = name || ' ' WHERE name LIKE 'Impor 2%'`],
      ['deleted', sql`DELETE FROM products WHERE name LIKE 'Impor 3%'`],
      ['nothing changed', sql`UPDATE products SET stock = 0 WHERE false`],
    ];
    for (const [name, statement] of steps) {
      await t.db.execute(statement);
      await expectKeptEqualsFresh(name);
    }
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE products SET stock = 0 WHERE name LIKE 'Impor %'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectKeptEqualsFresh('a rolled back transaction');
    // Rows of connections long gone (no live backend has a negative id), then merged by the jobs' step.
    await t.db.execute(sql`INSERT INTO catalogue_figures (backend, products, active, low_stock, out_of_stock) SELECT -g, 1, 1, 1, 1 FROM generate_series(1, 70) g`);
    await t.db.execute(sql`UPDATE catalogue_figures SET products = products - 70, active = active - 70, low_stock = low_stock - 70, out_of_stock = out_of_stock - 70 WHERE backend = 0`);
    await expectKeptEqualsFresh('rows to merge');
    // Reading the figures, however many rows there are, writes nothing: the jobs move them.
    const connectionRows = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM catalogue_figures WHERE backend <> 0`))[0]!.n;
    const waiting = await connectionRows();
    expect(waiting).toBeGreaterThanOrEqual(70);
    await keptProductFigures(t.db);
    await catalogueFigures(t.db);
    await dashboardReads(t.db, 10);
    expect(await connectionRows()).toBe(waiting);
    await mergeFigureRows(t.db);
    const [left] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM catalogue_figures WHERE backend <> 0`);
    expect(left!.n).toBe(0);
    await expectKeptEqualsFresh('after the merge');
  });
});

describe.skipIf(testEngine !== 'postgres')('kept catalogue figures between connections (postgres: PGlite runs one transaction at a time)', () => {
  it('two sales in flight at once, each selling a product down to low stock, do not wait for each other', async () => {
    await t.db.execute(product('Laris 0', 9));
    await t.db.execute(product('Laris 1', 9));
    const sell = (tx: Tx, k: number) => tx.execute(sql`UPDATE products SET stock = 1 WHERE name = ${`Laris ${k}`}`);
    await expect(writeAtOnce(t.db, sell)).resolves.toBeDefined();
    await expectKeptEqualsFresh('two concurrent sales');
  });
});
