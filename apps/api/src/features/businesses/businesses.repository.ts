/** The only SQL of the partner businesses. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Business, BusinessInput, BusinessListQuery, BusinessSort } from '@pasar/core/businesses';
import { queryRows, type DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';

interface BusinessRow extends Omit<Business, 'created_at'> {
  created_at: Date | string;
}

const select = sql`SELECT b.id, b.name, b.description, b.address, b.city_id, b.district_id, b.city_name, b.district_name,
    b.contact_name, b.contact_email, b.contact_phone, b.website, b.is_active, b.created_at, b.version,
    (SELECT count(*)::int FROM products p WHERE p.business_id = b.id) AS product_count
  FROM businesses b`;

const toBusiness = (r: BusinessRow): Business => ({ ...r, created_at: new Date(r.created_at).toISOString() });

/**
 * The columns the list may be sorted by, each fixed SQL: the query only names a key of this map
 * (core's schema lets nothing else through), so no text from the request reaches ORDER BY.
 */
const sortColumns: Record<BusinessSort, SQL> = {
  name: sql`lower(b.name)`,
  // The location as the card reads it ("district, city"); none set is NULL, last both ways.
  location: sql`lower(NULLIF(concat_ws(', ', NULLIF(b.district_name, ''), NULLIF(b.city_name, '')), ''))`,
  product_count: sql`product_count`,
  created_at: sql`b.created_at`,
};

/** The id breaks ties, so equal names or counts keep one order from one request to the next. */
export async function listBusinesses(db: DbOrTx, options: { activeOnly: boolean } & BusinessListQuery): Promise<Business[]> {
  const where = options.activeOnly ? sql`WHERE b.is_active` : sql``;
  const dir = options.dir === 'asc' ? sql`ASC` : sql`DESC`;
  return (await queryRows<BusinessRow>(db, sql`${select} ${where} ORDER BY ${sortColumns[options.sort]} ${dir} NULLS LAST, b.id ${dir}`)).map(toBusiness);
}

export async function findBusiness(db: DbOrTx, id: number): Promise<Business | undefined> {
  const rows = await queryRows<BusinessRow>(db, sql`${select} WHERE b.id = ${id}`);
  return rows[0] ? toBusiness(rows[0]) : undefined;
}

export interface BusinessRecord extends BusinessInput {
  city_name: string;
  district_name: string;
}

export async function insertBusiness(db: DbOrTx, record: BusinessRecord): Promise<number> {
  const [row] = await db.insert(businesses).values(record).returning({ id: businesses.id });
  return row!.id;
}

export async function updateBusiness(db: DbOrTx, id: number, version: number, record: BusinessRecord): Promise<{ id: number }[]> {
  return db
    .update(businesses)
    .set({ ...record, version: sql`${businesses.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(businesses.id, id), eq(businesses.version, version)))
    .returning({ id: businesses.id });
}

export async function businessExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id)).limit(1)).length > 0;
}


/**
 * Deletes a business and answers how many products were linked to it (null when there was no such
 * business). One statement: the count reads the snapshot from before the delete unlinks them
 * (schema: products.business_id ON DELETE SET NULL).
 */
export async function deleteBusinessRow(db: DbOrTx, id: number): Promise<{ unlinked_products: number } | null> {
  const [row] = await queryRows<{ unlinked_products: number }>(
    db,
    sql`WITH gone AS (DELETE FROM businesses WHERE id = ${id} RETURNING id)
        SELECT (SELECT count(*)::int FROM products WHERE business_id = gone.id) AS unlinked_products FROM gone`,
  );
  return row ?? null;
}
