/** The only SQL of the admin product screens. Reads reuse the catalogue's row mapping. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminProductCuration, CurationStatus } from '@pasar/core/curation';
import { LOW_STOCK_THRESHOLD, type AdminProductQuery, type AdminProductSort, type SizeVariantInput } from '@pasar/core/products';
import { queryRows, type DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { orderItems, productChanges, products, productVariants } from '../../db/schema';
import { updateVersioned } from '../../lib/optimistic.repository';

function filters(query: AdminProductQuery): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (query.q) {
    // The id as a number, not `p.id::text = q`: an OR with an expression no index holds made every
    // search scan the catalogue (issue 15); this OR is two index reads (trigrams, primary key).
    const id = /^[1-9]\d{0,8}$/.test(query.q) ? Number(query.q) : null;
    parts.push(sql`(p.search_text LIKE ${containsPattern(query.q.toLowerCase())}${id !== null ? sql` OR p.id = ${id}` : sql``})`);
  }
  if (query.category_id) parts.push(sql`p.category_id = ${query.category_id}`);
  if (query.business_id) parts.push(sql`p.business_id = ${query.business_id}`);
  if (query.active === 'active') parts.push(sql`p.is_active`);
  if (query.active === 'inactive') parts.push(sql`NOT p.is_active`);
  if (query.low_stock) parts.push(sql`p.stock <= ${LOW_STOCK_THRESHOLD}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The columns a grid may be sorted by, each fixed SQL: the query only names a key of this map
 * (core's schema lets nothing else through), so no text from the request reaches ORDER BY.
 */
const sortColumns: Record<AdminProductSort, SQL> = {
  // Ids are handed out in the order products are created (created_at is never changed), and the
  // primary key serves this order without sorting the catalogue: the grid's default stays as fast
  // as it was before it could be sorted.
  created_at: sql`p.id`,
  name: sql`lower(p.name)`,
  // The price the card shows (core's unitPrice: the lowest variant's price, else the product's,
  // less the discount); the same order as the rounded figure, without rounding in SQL.
  price: sql`(COALESCE(vm.min_price, p.price) * (100 - p.discount))`,
  stock: sql`p.stock`,
  category: sql`lower(c.name)`,
  business: sql`lower(b.name)`,
};

const fromProducts = sql`FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN businesses b ON b.id = p.business_id`;
/** Each product's lowest variant price, joined once (a subquery per product took twice as long at 100,000 products). */
const lowestVariantPrice = sql`LEFT JOIN (SELECT product_id, min(price) AS min_price FROM product_variants GROUP BY product_id) vm ON vm.product_id = p.id`;

/** Whether the grid is narrowed at all: unfiltered, its total is the stats' total and is not counted twice. */
export function adminProductsFiltered(query: AdminProductQuery): boolean {
  return Boolean(query.q || query.category_id || query.business_id || query.active !== 'all' || query.low_stock);
}

/** Whether the low-stock filter is the grid's only one: its total is then the kept low-stock figure (stock <= LOW_STOCK_THRESHOLD, every product). */
export function onlyLowStock(query: AdminProductQuery): boolean {
  return Boolean(query.low_stock) && !query.q && !query.category_id && !query.business_id && query.active === 'all';
}

/**
 * The ids of one page of the grid, in its order, and its total; `total` is passed in when the caller has it coming already
 * (the unfiltered grid's, from `productStats`).
 */
export async function listAdminProducts(db: DbOrTx, query: AdminProductQuery, knownTotal?: Promise<number>): Promise<{ ids: number[]; total: number }> {
  const where = filters(query);
  // The filters name only the product's own columns and every product has its category: counting
  // needs no join (issue 15: at 100,000 products the joins made the count three times slower).
  const counting = knownTotal !== undefined ? knownTotal.then((total) => [{ total }]) : queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM products p WHERE ${where}`);
  // The page's ids first, then their rows: the variants and images are read for one page only, not
  // for every product the sort looks at. The id breaks ties, so a product sits on exactly one page
  // whatever the order; products without a business go last both ways.
  const dir = query.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const join = query.sort === 'price' ? lowestVariantPrice : sql``;
  // The category and the business are joined only for the sorts that read them: joined for every
  // sort, the newest-first page hashed all 100,000 products instead of reading 12 from the primary key.
  const from = query.sort === 'category' || query.sort === 'business' ? fromProducts : sql`FROM products p`;
  // Only a product's business can be missing; NULLS LAST on a column that is never null would only
  // stop a descending sort from walking its index backwards (the default is NULLS FIRST there).
  const nulls = query.sort === 'business' ? sql`NULLS LAST` : sql``;
  // The count and the page's ids side by side on the pool: a search waits for the slower, not for both.
  const [[count], idRows] = await Promise.all([
    counting,
    queryRows<{ id: number }>(
      db,
      sql`SELECT p.id ${from} ${join} WHERE ${where} ORDER BY ${sortColumns[query.sort]} ${dir} ${nulls}, p.id ${dir} LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
    ),
  ]);
  return { ids: idRows.map((r) => r.id), total: count?.total ?? 0 };
}

export async function productExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1)).length > 0;
}

export async function storedImagesOf(db: DbOrTx, id: number): Promise<{ image_cover: string | null; images: string[]; curation_status: string } | undefined> {
  const [row] = await db.select({ image_cover: products.image_cover, images: products.images, curation_status: products.curation_status }).from(products).where(eq(products.id, id));
  return row;
}

export type ProductRecord = Omit<typeof products.$inferInsert, 'id' | 'search_text' | 'version' | 'created_at' | 'updated_at'>;

export async function insertProduct(tx: DbOrTx, record: ProductRecord, variants: SizeVariantInput[]): Promise<number> {
  const [row] = await tx.insert(products).values(record).returning({ id: products.id });
  const id = row!.id;
  await replaceVariants(tx, id, variants);
  return id;
}

export async function updateProduct(tx: DbOrTx, id: number, version: number, record: ProductRecord): Promise<{ id: number }[]> {
  return updateVersioned(tx, products, id, version, record);
}

export async function replaceVariants(tx: DbOrTx, productId: number, variants: SizeVariantInput[]): Promise<void> {
  await tx.delete(productVariants).where(eq(productVariants.product_id, productId));
  if (variants.length > 0) {
    await tx.insert(productVariants).values(variants.map((v, position) => ({ ...v, product_id: productId, position })));
  }
}

export async function productHasOrders(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.product_id, id)).limit(1)).length > 0;
}

export async function deactivateProduct(db: DbOrTx, id: number): Promise<void> {
  await db.update(products).set({ is_active: false, version: sql`${products.version} + 1`, updated_at: sql`now()` }).where(eq(products.id, id));
}

export async function deleteProductRow(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(products).where(eq(products.id, id)).returning({ id: products.id })).length > 0;
}

export async function productOptions(db: DbOrTx): Promise<{ id: number; name: string; is_active: boolean }[]> {
  return db.select({ id: products.id, name: products.name, is_active: products.is_active }).from(products).orderBy(products.name, products.id);
}

/** Where each product stands with the office (issue 29): the grid's curation badge. */
export async function curationFlags(db: DbOrTx, ids: number[]): Promise<Map<number, AdminProductCuration>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; curation_status: CurationStatus; pending: boolean }>(
    db,
    sql`SELECT p.id, p.curation_status, EXISTS (SELECT 1 FROM product_changes pc WHERE pc.product_id = p.id AND pc.status = 'pending') AS pending
        FROM products p WHERE p.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.id, { curation_status: r.curation_status, curation_pending_change: r.pending }]));
}

/**
 * The files a product's proposal waiting for curation uses (issue 29): an admin's edit of the live
 * product must not delete them, and deleting the product removes them too.
 */
export async function pendingProposalFiles(db: DbOrTx, productId: number): Promise<string[]> {
  const [row] = await db.select({ proposed: productChanges.proposed }).from(productChanges).where(and(eq(productChanges.product_id, productId), eq(productChanges.status, 'pending')));
  if (!row) return [];
  return [...row.proposed.images, ...(row.proposed.image_cover ? [row.proposed.image_cover] : [])];
}
