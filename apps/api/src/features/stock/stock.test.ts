/**
 * The stock taken for a sale in one statement (issue 15): every line or none, variants and their
 * product together, and the line that was short named.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { productVariants, products } from '../../db/schema';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeProduct, type MadeProduct } from '../../test/factories';
import { InsufficientStock, takeStock, type StockLine } from './stock.repository';

let t: TestApp;
let plain: MadeProduct;
let sized: MadeProduct;

const productStock = async (id: number) => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const sizeStock = async (id: number) =>
  Object.fromEntries((await t.db.select({ label: productVariants.label, stock: productVariants.stock }).from(productVariants).where(eq(productVariants.product_id, id))).map((v) => [v.label, v.stock]));

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  plain = await makeProduct(t.db, { price: 5000, stock: 10 });
  sized = await makeProduct(t.db, { variants: [{ label: 'S', price: 9000, stock: 4 }, { label: 'L', price: 12000, stock: 2 }] });
});
afterAll(async () => {
  await t?.close();
});

const line = (productId: number, quantity: number, variantLabel: string | null = null): StockLine => ({ productId, quantity, variantLabel, name: `#${productId}${variantLabel ?? ''}` });

describe(`takeStock (${testEngine})`, () => {
  it('takes every line: the same product on two lines adds up, a size and its product move together', async () => {
    await t.db.transaction((tx) => takeStock(tx, [line(plain.id, 3), line(sized.id, 1, 'S'), line(plain.id, 2), line(sized.id, 2, 'L')]));
    expect(await productStock(plain.id)).toBe(5);
    expect(await sizeStock(sized.id)).toEqual({ S: 3, L: 0 });
    expect(await productStock(sized.id)).toBe(3);
  });

  it('takes nothing when one line is short, and names that line', async () => {
    const attempt = t.db.transaction((tx) => takeStock(tx, [line(plain.id, 1), line(sized.id, 1, 'L'), line(sized.id, 1, 'S')]));
    await expect(attempt).rejects.toBeInstanceOf(InsufficientStock);
    await expect(attempt).rejects.toMatchObject({ line: { productId: sized.id, variantLabel: 'L' } });
    expect(await productStock(plain.id)).toBe(5);
    expect(await sizeStock(sized.id)).toEqual({ S: 3, L: 0 });
    expect(await productStock(sized.id)).toBe(3);
  });

  it('refuses lines of one product that together want more than its stock', async () => {
    const attempt = t.db.transaction((tx) => takeStock(tx, [line(plain.id, 3), line(plain.id, 3)]));
    await expect(attempt).rejects.toBeInstanceOf(InsufficientStock);
    expect(await productStock(plain.id)).toBe(5);
  });

  it('sells exactly the stock to concurrent two-line orders of the same products in opposite orders', async () => {
    const a = await makeProduct(t.db, { price: 1000, stock: 6 });
    const b = await makeProduct(t.db, { price: 1000, stock: 6 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => t.db.transaction((tx) => takeStock(tx, i % 2 ? [line(a.id, 1), line(b.id, 1)] : [line(b.id, 1), line(a.id, 1)]))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientStock)).toBe(true);
    expect(await productStock(a.id)).toBe(0);
    expect(await productStock(b.id)).toBe(0);
  });

  it('sells with a HOT update: no index of products names stock (migration 0017)', async () => {
    // PostgreSQL updates a row in place, with no new entry in any index, only when no index names a
    // changed column (key, INCLUDE, expression or predicate); a sale changes stock alone.
    const naming = await queryRows<{ index: string }>(
      t.db,
      sql`SELECT indexrelid::regclass::text AS index FROM pg_index WHERE indrelid = 'products'::regclass AND pg_get_indexdef(indexrelid) ~ '\\mstock\\M'`,
    );
    expect(naming.map((r) => r.index)).toEqual([]);
    const p = await makeProduct(t.db, { price: 1000, stock: 6 });
    const hot = await t.db.transaction(async (tx) => {
      // The transaction's own counts (PGlite's single session keeps adding to them: the difference counts).
      const counts = async () =>
        (await queryRows<{ updates: number; hot: number }>(tx, sql`SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_xact_user_tables WHERE relname = 'products'`))[0] ?? { updates: 0, hot: 0 };
      const before = await counts();
      await takeStock(tx, [line(p.id, 1)]);
      const after = await counts();
      return { updates: after.updates - before.updates, hot: after.hot - before.hot };
    });
    expect(hot).toEqual({ updates: 1, hot: 1 });
  });
});
