/** The only SQL of the admin category screen. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminCategory, CategoryInput, CategoryListQuery, CategorySort } from '@pasar/core/categories';
import { containsPattern } from '../../db/like';
import { queryRows, type DbOrTx } from '../../db/client';
import { uniqueViolationConstraint } from '../../db/errors';
import { categories, products } from '../../db/schema';
import { updateVersioned } from '../../lib/optimistic.repository';

interface CategoryRow {
  id: number;
  name: string;
  description: string;
  is_active: boolean;
  created_at: Date | string;
  version: number;
  product_count: number;
}

const toCategory = (r: CategoryRow): AdminCategory => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * The columns the list may be sorted by, each fixed SQL: the query only names a key of this map
 * (core's schema lets nothing else through). Names in lower case, so "batik" and "Kopi" sort as read.
 */
const sortColumns: Record<CategorySort, SQL> = {
  name: sql`lower(c.name)`,
  product_count: sql`product_count`,
  is_active: sql`c.is_active`,
  created_at: sql`c.created_at`,
};

/** Searched by name or description (wildcards typed are literal), sorted; the id breaks ties. */
export async function listCategories(db: DbOrTx, query: CategoryListQuery = { sort: 'name', dir: 'asc' }): Promise<AdminCategory[]> {
  const where = query.q ? sql`WHERE lower(c.name || ' ' || c.description) LIKE ${containsPattern(query.q.toLowerCase())}` : sql``;
  const dir = query.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<CategoryRow>(
    db,
    sql`SELECT c.id, c.name, c.description, c.is_active, c.created_at, c.version,
          (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS product_count
        FROM categories c ${where} ORDER BY ${sortColumns[query.sort]} ${dir}, c.id ${dir}`,
  );
  return rows.map(toCategory);
}

export async function findCategory(db: DbOrTx, id: number): Promise<AdminCategory | undefined> {
  const rows = await queryRows<CategoryRow>(
    db,
    sql`SELECT c.id, c.name, c.description, c.is_active, c.created_at, c.version,
          (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS product_count
        FROM categories c WHERE c.id = ${id}`,
  );
  return rows[0] ? toCategory(rows[0]) : undefined;
}

export async function insertCategory(db: DbOrTx, input: CategoryInput): Promise<number> {
  const [row] = await db.insert(categories).values(input).returning({ id: categories.id });
  return row!.id;
}

/** Versioned update (docs/decisions/009): no row back means gone or stale. */
export async function updateCategory(db: DbOrTx, id: number, version: number, input: CategoryInput): Promise<{ id: number }[]> {
  return updateVersioned(db, categories, id, version, input);
}

/**
 * Whether a failed insert or update hit the one-name-per-category index (schema.ts:
 * lower(btrim(name))). The index, not a read before the write, decides, so two admins saving
 * "Batik" and "batik" at the same moment cannot both succeed.
 */
export function isCategoryNameTaken(error: unknown): boolean {
  return uniqueViolationConstraint(error) === 'categories_name_lower_unique';
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return rows.length > 0;
}

export async function countProductsOfCategory(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.category_id, id));
  return row?.n ?? 0;
}

export async function deleteCategoryRow(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return rows.length > 0;
}
