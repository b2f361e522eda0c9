/**
 * The only SQL of the public catalogue. `productSelect` + `toProduct` are THE mapping from
 * rows to the API's Product shape (packages/core/src/catalog/product.ts); the admin product
 * screens reuse them so both answer the same fields.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_CATALOG_PAGE_SIZE, type Category, type Product } from '@pasar/core/catalog';
import { trustMarksOf } from '@pasar/core/businesses';
import { queryRows, withOwnConnection, type Db, type DbOrTx } from '../../db/client';
import { businesses, catalogCounts, categories, products } from '../../db/schema';
import type { IndexedProduct } from './search-index';

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price: number;
  reseller_price: number;
  discount: number | string;
  stock: number;
  is_active: boolean;
  category_id: number;
  category_name: string | null;
  business_id: number | null;
  business_name: string | null;
  business_district_id: number | null;
  business_district_name: string | null;
  business_city_id: number | null;
  /** A certificate number only when the office verified it (verifiedOnly): never an unchecked one. */
  business_nib: string | null;
  business_pirt: string | null;
  business_bpom: string | null;
  business_halal: string | null;
  size: string | null;
  notes: string | null;
  image_cover: string | null;
  images: unknown;
  option_groups: unknown;
  weight_grams: number;
  local_only: boolean;
  ai_status: boolean;
  ai_description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  size_variants: unknown;
}

/** Columns of one product with its category, business and variants, in one round trip. */
export const productSelect = sql`
  SELECT p.id, p.name, p.description, p.price, p.reseller_price, p.discount::float8 AS discount, p.stock, p.is_active,
    p.category_id, c.name AS category_name,
    p.business_id, b.name AS business_name, b.district_id AS business_district_id, b.district_name AS business_district_name, b.city_id AS business_city_id,
    CASE WHEN b.nib_verified_at IS NOT NULL THEN b.nib END AS business_nib,
    CASE WHEN b.pirt_verified_at IS NOT NULL THEN b.pirt END AS business_pirt,
    CASE WHEN b.bpom_verified_at IS NOT NULL THEN b.bpom END AS business_bpom,
    CASE WHEN b.halal_verified_at IS NOT NULL THEN b.halal END AS business_halal,
    p.size, p.notes, p.image_cover, p.images, p.option_groups, p.weight_grams, p.local_only, p.ai_status, p.ai_description,
    p.created_at, p.updated_at, p.version,
    COALESCE((
      SELECT json_agg(json_build_object('label', v.label, 'price', v.price, 'reseller_price', v.reseller_price, 'stock', v.stock)
                      ORDER BY v.position, v.id)
      FROM product_variants v WHERE v.product_id = p.id
    ), '[]'::json) AS size_variants
  FROM products p
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN businesses b ON b.id = p.business_id`;

/**
 * Public answers show active products of active categories only (docs/requirements/storefront.md §2:
 * inactive products are hidden; an inactive category hides its shelf too).
 */
export const publicProductFilter = sql`p.is_active AND c.is_active`;

function asJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toProduct(row: ProductRow): Product {
  const images = asJson<string[]>(row.images, []);
  const imageCover = row.image_cover ?? null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    reseller_price: row.reseller_price,
    discount: Number(row.discount),
    stock: row.stock,
    is_active: row.is_active,
    category_id: row.category_id,
    category: row.category_name === null ? null : { id: row.category_id, name: row.category_name },
    business_id: row.business_id,
    business:
      row.business_id === null || row.business_name === null
        ? null
        : {
            id: row.business_id,
            name: row.business_name,
            district_id: row.business_district_id,
            district_name: row.business_district_name ?? null,
            city_id: row.business_city_id,
            // The SQL already left out unverified numbers; a number here is a verified mark.
            trust_marks: trustMarksOf({
              nib: row.business_nib,
              nib_verified_at: row.business_nib === null ? null : 'verified',
              pirt: row.business_pirt,
              pirt_verified_at: row.business_pirt === null ? null : 'verified',
              bpom: row.business_bpom,
              bpom_verified_at: row.business_bpom === null ? null : 'verified',
              halal: row.business_halal,
              halal_verified_at: row.business_halal === null ? null : 'verified',
            }),
          },
    business_name: row.business_name,
    size: row.size,
    notes: row.notes,
    image_url: imageCover ?? images[0] ?? null,
    image_cover: imageCover,
    images,
    weight_grams: row.weight_grams,
    local_only: row.local_only === true,
    ai_status: row.ai_status,
    ai_description: row.ai_description,
    size_variants: asJson<Product['size_variants']>(row.size_variants, []),
    option_groups: asJson<Product['option_groups']>(row.option_groups, []),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    version: row.version,
  };
}

export async function selectProducts(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<Product[]> {
  const rows = await queryRows<ProductRow>(db, sql`${productSelect} WHERE ${where} ${tail}`);
  return rows.map(toProduct);
}

/** A certificate number as the public may read it: null unless the office verified it. */
function verifiedOnly(number: AnyPgColumn, verifiedAt: AnyPgColumn) {
  return sql<string | null>`CASE WHEN ${verifiedAt} IS NOT NULL THEN ${number} END`;
}

/** productSelect's columns for the query builder, so the hot reads can be named prepared statements. */
const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  reseller_price: products.reseller_price,
  discount: products.discount,
  stock: products.stock,
  is_active: products.is_active,
  category_id: products.category_id,
  category_name: categories.name,
  business_id: products.business_id,
  business_name: businesses.name,
  business_district_id: businesses.district_id,
  business_district_name: businesses.district_name,
  business_city_id: businesses.city_id,
  business_nib: verifiedOnly(businesses.nib, businesses.nib_verified_at),
  business_pirt: verifiedOnly(businesses.pirt, businesses.pirt_verified_at),
  business_bpom: verifiedOnly(businesses.bpom, businesses.bpom_verified_at),
  business_halal: verifiedOnly(businesses.halal, businesses.halal_verified_at),
  size: products.size,
  notes: products.notes,
  image_cover: products.image_cover,
  images: products.images,
  option_groups: products.option_groups,
  weight_grams: products.weight_grams,
  local_only: products.local_only,
  ai_status: products.ai_status,
  ai_description: products.ai_description,
  created_at: products.created_at,
  updated_at: products.updated_at,
  version: products.version,
  size_variants: sql<unknown>`COALESCE((
    SELECT json_agg(json_build_object('label', v.label, 'price', v.price, 'reseller_price', v.reseller_price, 'stock', v.stock)
                    ORDER BY v.position, v.id)
    FROM product_variants v WHERE v.product_id = ${products.id}
  ), '[]'::json)`,
};

/** productColumns with the category and business they name, for the prepared reads below. */
function selectProductRows(db: Db) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .leftJoin(businesses, eq(businesses.id, products.business_id));
}

/**
 * Public products by id: the hottest read of the shop (product pages, read together by
 * catalog.service's ReadBatch; a shelf's picks; a search page's ids). On PostgreSQL, planning the
 * raw query cost more than running it, so this is a named prepared statement, planned once per
 * connection.
 */
function preparePublicProductsByIds(db: Db) {
  return selectProductRows(db)
    .where(and(sql`${products.id} = ANY(${sql.placeholder('ids')}::int[])`, eq(products.is_active, true), eq(categories.is_active, true)))
    .prepare('public_products_by_ids');
}

/**
 * A category page (or the whole catalogue's) newest first: the page's ids from the covering
 * partial index of 0005, then their products. Prepared like the product by id: planning this
 * statement cost more than running it.
 *
 * `pageSize` writes the page size into the statement as a literal. With LIMIT a parameter,
 * PostgreSQL costs the generic plan for an unknown limit (10% of the category) and so re-plans the
 * statement on every execution (custom plans only, planning dearer than running: measured in
 * docs/perf/embedded-database.md); with a literal LIMIT it switches to the generic plan after five
 * executions. Only the default page size gets its own statement: one per possible size
 * would hold up to MAX_API_PAGE_SIZE plans in every connection.
 */
function prepareListingPage(db: Db, inCategory: boolean, pageSize?: number) {
  const q = alias(products, 'q');
  const qc = alias(categories, 'qc');
  const pageIds = db
    .select({ id: q.id })
    .from(q)
    .innerJoin(qc, eq(qc.id, q.category_id))
    .where(and(eq(q.is_active, true), eq(qc.is_active, true), inCategory ? eq(q.category_id, sql.placeholder('category')) : undefined))
    .orderBy(desc(q.id))
    // drizzle renders a number as a parameter; an SQL chunk is written into the statement as is
    // (its types allow only number | Placeholder).
    .limit(pageSize === undefined ? sql.placeholder('limit') : (sql.raw(String(Math.trunc(pageSize))) as unknown as number))
    .offset(sql.placeholder('offset'));
  return selectProductRows(db)
    .where(inArray(products.id, pageIds))
    .orderBy(desc(products.id))
    .prepare(`${inCategory ? 'public_listing_page_of_category' : 'public_listing_page'}${pageSize === undefined ? '' : `_${pageSize}`}`);
}

/** The stats tiles of the whole catalogue or of one category, from the counts the triggers maintain (`catalog_counts`). */
function prepareListingStats(db: Db, inCategory: boolean) {
  return db
    .select({
      total: sql<number>`coalesce(sum(${catalogCounts.products}), 0)::int`,
      partners: sql<number>`count(DISTINCT ${catalogCounts.business_id}) FILTER (WHERE ${catalogCounts.products} > 0 AND ${catalogCounts.business_id} <> 0)::int`,
      in_stock: sql<number>`coalesce(sum(${catalogCounts.in_stock}), 0)::int`,
    })
    .from(catalogCounts)
    .innerJoin(categories, eq(categories.id, catalogCounts.category_id))
    .where(and(eq(categories.is_active, true), inCategory ? eq(catalogCounts.category_id, sql.placeholder('category')) : undefined))
    .prepare(inCategory ? 'public_listing_stats_of_category' : 'public_listing_stats');
}

/** Statements prepared once per database handle (node-postgres then prepares each once per connection). */
function preparedStatements(db: Db) {
  return {
    byIds: preparePublicProductsByIds(db),
    page: prepareListingPage(db, false),
    pageOfCategory: prepareListingPage(db, true),
    defaultPage: prepareListingPage(db, false, DEFAULT_CATALOG_PAGE_SIZE),
    defaultPageOfCategory: prepareListingPage(db, true, DEFAULT_CATALOG_PAGE_SIZE),
    stats: prepareListingStats(db, false),
    statsOfCategory: prepareListingStats(db, true),
  };
}

const prepared = new WeakMap<object, ReturnType<typeof preparedStatements>>();

function statementsOf(db: Db): ReturnType<typeof preparedStatements> {
  let statements = prepared.get(db);
  if (!statements) {
    statements = preparedStatements(db);
    prepared.set(db, statements);
  }
  return statements;
}

export async function listPublicProducts(db: DbOrTx): Promise<Product[]> {
  return selectProducts(db, publicProductFilter, sql`ORDER BY p.id DESC`);
}

/** Products by id, shown in the storefront or not (the back office's lists), in the order of the ids given. */
export async function productsWithIds(db: DbOrTx, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db, sql`p.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Public products by id (ids of products no longer public are missing from the map). */
export async function publicProductsById(db: Db, ids: readonly number[]): Promise<Map<number, Product>> {
  if (ids.length === 0) return new Map();
  const rows = await statementsOf(db).byIds.execute({ ids: [...ids] });
  return new Map(rows.map((row) => [row.id, toProduct(row as ProductRow)]));
}

/** Products by id in the given order (ids of products no longer public are skipped). */
export async function publicProductsByIds(db: Db, ids: readonly number[]): Promise<Product[]> {
  const byId = await publicProductsById(db, ids);
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/** A category's active products, newest first (`limit` of them when given). */
export async function listPublicProductsOfCategory(db: DbOrTx, categoryId: number, limit?: number): Promise<Product[]> {
  return selectProducts(db, sql`p.category_id = ${categoryId} AND ${publicProductFilter}`, sql`ORDER BY p.id DESC ${limit ? sql`LIMIT ${limit}` : sql``}`);
}

/**
 * What a random shelf of the category is drawn from: its public products' ids when there are at
 * most `maxIds` of them, else the lowest and highest id to pick between (randomProductIds).
 */
export type ShelfPool = { ids: number[] } | { lo: number; hi: number };

export async function shelfPool(db: DbOrTx, categoryId: number, maxIds: number): Promise<ShelfPool> {
  const [bounds] = await queryRows<{ n: number; lo: number | null; hi: number | null }>(
    db,
    sql`SELECT (SELECT coalesce(sum(cc.products), 0)::int FROM catalog_counts cc JOIN categories c ON c.id = cc.category_id
                WHERE cc.category_id = ${categoryId} AND c.is_active) AS n,
          min(p.id) AS lo, max(p.id) AS hi
        FROM products p WHERE p.category_id = ${categoryId} AND p.is_active`,
  );
  if (!bounds || bounds.n === 0 || bounds.lo === null || bounds.hi === null) return { ids: [] };
  if (bounds.n > maxIds) return { lo: bounds.lo, hi: bounds.hi };
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE p.category_id = ${categoryId} AND ${publicProductFilter} ORDER BY p.id`,
  );
  return { ids: rows.map((r) => r.id) };
}

/**
 * Issue 15: ORDER BY random() read every product of a big category for the landing's shelves. Each
 * of `picks` is the first product at or after a random id between the category's lowest and highest
 * (one index seek each), without repeats; a product after a gap in the ids is a little likelier,
 * which a shelf can live with.
 */
export async function randomProductIds(db: DbOrTx, categoryId: number, pool: { lo: number; hi: number }, picks: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT pick.id FROM generate_series(1, ${picks}) g
        CROSS JOIN LATERAL (
          SELECT p.id FROM products p
          WHERE p.category_id = ${categoryId} AND p.is_active
            AND p.id >= ${pool.lo}::int + floor(random() * (${pool.hi}::int - ${pool.lo}::int + 1))::int + 0 * g
          ORDER BY p.id LIMIT 1
        ) pick`,
  );
  return rows.map((r) => r.id);
}

export async function listPublicCategories(db: DbOrTx): Promise<Category[]> {
  // The counts are kept by triggers (migration 0010): a few rows per category instead of a count
  // of its products on every landing page (issue 15).
  const rows = await queryRows<{ id: number; name: string; description: string; is_active: boolean; created_at: Date | string; product_count: number }>(
    db,
    sql`SELECT c.id, c.name, c.description, c.is_active, c.created_at,
          coalesce((SELECT sum(cc.products) FROM catalog_counts cc WHERE cc.category_id = c.id), 0)::int AS product_count
        FROM categories c WHERE c.is_active ORDER BY c.name`,
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

export interface CatalogStats {
  total_products: number;
  partners: number;
  in_stock: number;
  /** True when the search stopped counting at SEARCH_COUNT_CAP: the figures are lower bounds. */
  approximate: boolean;
}

/** The stats tiles of the whole catalogue or of one category, from the counts the triggers maintain (`catalog_counts`). */
export async function listingStats(db: Db, categoryId: number | undefined): Promise<CatalogStats> {
  const statements = statementsOf(db);
  const [row] = await (categoryId === undefined ? statements.stats.execute() : statements.statsOfCategory.execute({ category: categoryId }));
  return { total_products: row?.total ?? 0, partners: row?.partners ?? 0, in_stock: row?.in_stock ?? 0, approximate: false };
}

/** One page of the public catalogue (or of a category), newest first, from the covering partial index. */
export async function listingPage(db: Db, categoryId: number | undefined, limit: number, offset: number): Promise<Product[]> {
  const statements = statementsOf(db);
  const rows = await (limit === DEFAULT_CATALOG_PAGE_SIZE
    ? categoryId === undefined
      ? statements.defaultPage.execute({ offset })
      : statements.defaultPageOfCategory.execute({ category: categoryId, offset })
    : categoryId === undefined
      ? statements.page.execute({ limit, offset })
      : statements.pageOfCategory.execute({ category: categoryId, limit, offset }));
  return rows.map((row) => toProduct(row as ProductRow));
}

/**
 * The Halal filter (issue 29, docs/decisions/059-trust-marks.md): products of businesses whose
 * Halal mark the office verified. Read from businesses on every query rather than copied onto
 * products: partners are a few hundred rows (one hashed semi-join), a verification changes no
 * product row (so no count trigger, kept page or checkout waits on it), and migration 0025 moves
 * the catalogue's version when a mark is verified or cleared, so the search cache follows.
 */
const halalBusinessIds = sql`(SELECT hb.id FROM businesses hb WHERE hb.halal_verified_at IS NOT NULL)`;

/** The stats tiles of the Halal-filtered catalogue (or category), from the counts the triggers maintain (`catalog_counts`). */
export async function halalListingStats(db: DbOrTx, categoryId: number | undefined): Promise<CatalogStats> {
  const [row] = await queryRows<{ total: number; partners: number; in_stock: number }>(
    db,
    sql`SELECT coalesce(sum(cc.products), 0)::int AS total,
          count(DISTINCT cc.business_id) FILTER (WHERE cc.products > 0)::int AS partners,
          coalesce(sum(cc.in_stock), 0)::int AS in_stock
        FROM catalog_counts cc JOIN categories c ON c.id = cc.category_id
        WHERE c.is_active AND cc.business_id IN ${halalBusinessIds}
          ${categoryId === undefined ? sql`` : sql`AND cc.category_id = ${categoryId}`}`,
  );
  return { total_products: row?.total ?? 0, partners: row?.partners ?? 0, in_stock: row?.in_stock ?? 0, approximate: false };
}

/** One page of the Halal-filtered catalogue (or category), newest first. */
export async function halalListingPage(db: DbOrTx, categoryId: number | undefined, limit: number, offset: number): Promise<Product[]> {
  const category = categoryId === undefined ? sql`` : sql`AND q.category_id = ${categoryId}`;
  return selectProducts(
    db,
    sql`p.id IN (SELECT q.id FROM products q JOIN categories qc ON qc.id = q.category_id
                 WHERE q.is_active AND qc.is_active ${category} AND q.business_id IN ${halalBusinessIds}
                 ORDER BY q.id DESC LIMIT ${limit} OFFSET ${offset})`,
    sql`ORDER BY p.id DESC`,
  );
}

/** One word of the shopper's query and the spellings that count as a match for it. */
export interface SearchTerm {
  typed: string;
  /** The typed word and its colloquial spellings ('cabe', 'cabai'). */
  variants: string[];
  /** Catalogue words one typo away, when the typed word is not itself a catalogue word. */
  corrections: string[];
}

function likeAny(column: SQL, words: readonly string[]): SQL {
  // Words are [a-z0-9] only (normalizeSearch), so they carry no LIKE wildcards.
  const parts = words.map((w) => sql`${column} LIKE ${`%${w}%`}`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` OR `)})`;
}

export interface ProductSearch {
  /** The cache's key: the normalised words and the filter. */
  key: string;
  /** Built only when the cache has no answer: a hit costs two indexed reads. */
  terms: () => Promise<SearchTerm[]>;
  /** The whole normalised query, for ranking names that contain it first. */
  phrase: string;
  categoryId?: number | undefined;
  /** Only products of verified-Halal businesses (part of `key`). */
  halal?: boolean | undefined;
  offset: number;
  limit: number;
  /** Matches counted at most (the tiles say "approximate" above it). */
  countCap: number;
  /** Ranked ids kept in the cache: pages within them are answered from the cache. */
  cachedIds: number;
}

export interface ProductSearchResult {
  items: Product[];
  stats: CatalogStats;
}

interface SearchSummary {
  total: number;
  partners: number;
  in_stock: number;
  approximate: boolean;
  page_ids: number[] | string | null;
  stored: number;
}

/**
 * The answer kept for this query at the catalogue's current version (read in the same statement,
 * so a row written before a change is never taken for one after it), or undefined.
 */
export async function cachedSearch(db: DbOrTx, key: string, offset: number, limit: number): Promise<SearchSummary | undefined> {
  const [row] = await queryRows<SearchSummary>(
    db,
    sql`SELECT sc.total, sc.partners, sc.in_stock, sc.approximate, cardinality(sc.ids) AS stored,
          to_json(sc.ids[${offset + 1}:${offset + limit}]) AS page_ids
        FROM catalog_search_cache sc JOIN catalog_state s ON s.id = 1 AND s.version = sc.version
        WHERE sc.key = ${key}`,
  );
  return row;
}

/**
 * Ranks every match (up to the cap) in one statement that also reads the catalogue's version, and
 * keeps the answer for that version. Rank: the whole phrase in the name, then every word (or its
 * colloquial spelling) in the name, then every word in the name counting typo corrections, then
 * the rest (matched in the description or the business name); newest first within a rank.
 */
async function rankAndStore(db: DbOrTx, search: ProductSearch): Promise<SearchSummary> {
  const terms = await search.terms();
  const conditions: SQL[] = [publicProductFilter];
  if (search.categoryId !== undefined) conditions.push(sql`p.category_id = ${search.categoryId}`);
  if (search.halal) conditions.push(sql`p.business_id IN ${halalBusinessIds}`);
  for (const term of terms) conditions.push(likeAny(sql`p.search_text`, [...term.variants, ...term.corrections]));
  const where = sql.join(conditions, sql` AND `);
  const name = sql`lower(p.name)`;
  const inName = (pick: (t: SearchTerm) => string[]) => sql.join(terms.map((t) => likeAny(name, pick(t))), sql` AND `);
  const rank = sql`CASE
      WHEN regexp_replace(${name}, '[^a-z0-9]+', ' ', 'g') LIKE ${`%${search.phrase}%`} THEN 3
      WHEN ${inName((t) => t.variants)} THEN 2
      WHEN ${inName((t) => [...t.variants, ...t.corrections])} THEN 1
      ELSE 0 END`;
  const [row] = await queryRows<SearchSummary>(
    db,
    sql`WITH m AS MATERIALIZED (
          SELECT p.id, p.business_id, p.stock, ${rank} AS rank
          FROM products p JOIN categories c ON c.id = p.category_id WHERE ${where}
          LIMIT ${search.countCap + 1}
        ),
        summary AS (
          SELECT (SELECT version FROM catalog_state WHERE id = 1) AS version,
            least(count(*), ${search.countCap})::int AS total,
            count(DISTINCT business_id)::int AS partners,
            count(*) FILTER (WHERE stock > 0)::int AS in_stock,
            count(*) > ${search.countCap} AS approximate,
            coalesce(array_agg(id ORDER BY rank DESC, id DESC), '{}') AS ids
          FROM m
        ),
        kept AS (
          INSERT INTO catalog_search_cache AS sc (key, version, total, partners, in_stock, approximate, ids)
            SELECT ${search.key}, version, total, partners, in_stock, approximate, ids[1:${search.cachedIds}] FROM summary
          ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version, total = EXCLUDED.total, partners = EXCLUDED.partners,
            in_stock = EXCLUDED.in_stock, approximate = EXCLUDED.approximate, ids = EXCLUDED.ids, created_at = now()
          WHERE sc.version <= EXCLUDED.version
        )
        SELECT total, partners, in_stock, approximate, cardinality(ids) AS stored,
          to_json(ids[${search.offset + 1}:${search.offset + search.limit}]) AS page_ids
        FROM summary`,
  );
  return row!;
}

/** Keeps the cache small: answers of older versions, and all but the newest `keep`. */
export async function pruneSearchCache(db: DbOrTx, keep: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM catalog_search_cache
        WHERE version < (SELECT version FROM catalog_state WHERE id = 1)
           OR key IN (SELECT key FROM catalog_search_cache ORDER BY created_at DESC OFFSET ${keep})`,
  );
}

export async function searchPublicProducts(db: DbOrTx, search: ProductSearch): Promise<ProductSearchResult & { cached: boolean }> {
  let summary = await cachedSearch(db, search.key, search.offset, search.limit);
  const cached = summary !== undefined;
  // A page past the kept ids (a deep page of a broad query) is ranked again, not served short.
  if (!summary || (summary.stored < summary.total && search.offset + search.limit > summary.stored)) {
    summary = await rankAndStore(db, search);
  }
  const items = await publicProductsByIds(db, asJson<number[] | null>(summary.page_ids, null) ?? []);
  return {
    items,
    cached,
    stats: { total_products: summary.total, partners: summary.partners, in_stock: summary.in_stock, approximate: summary.approximate },
  };
}

/**
 * What the in-process search index is built from (search-index.ts), read in one snapshot with the
 * change counter it is filed under (`counter`: corpusVersion, the catalogue cache's version). The
 * products come in slices of `sliceSize`, newest first, each given to `take` before the next is read:
 * at 1,000,000 products one answer would be held whole in memory and parsed in one go (issue 30 §1).
 * On a connection of its own: the read must not wait for a pooled connection behind the searches it relieves.
 */
export async function readSearchIndexSource(
  db: Db,
  counter: (tx: DbOrTx) => Promise<string>,
  sliceSize: number,
  take: (slice: IndexedProduct[]) => Promise<void> | void,
): Promise<{ version: string; vocabulary: string[] }> {
  return withOwnConnection(db, (own) => own.transaction(
    async (tx) => {
      const version = await counter(tx);
      let before: number | null = null;
      for (;;) {
        const slice: IndexedProduct[] = await queryRows<IndexedProduct>(
          tx,
          sql`SELECT p.id, p.category_id, p.business_id, p.stock > 0 AS in_stock, (b.halal_verified_at IS NOT NULL) AS halal, p.search_text, p.name
              FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN businesses b ON b.id = p.business_id
              WHERE ${publicProductFilter} ${before === null ? sql`` : sql`AND p.id < ${before}`}
              ORDER BY p.id DESC LIMIT ${sliceSize}`,
        );
        if (slice.length > 0) await take(slice);
        if (slice.length < sliceSize) break;
        before = slice[slice.length - 1]!.id;
      }
      const words = await queryRows<{ word: string }>(tx, sql`SELECT word FROM search_words`);
      return { version, vocabulary: words.map((w) => w.word) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  ));
}

/** Which of these words are whole catalogue words (a substring hit is not: 'anaman' in 'tanaman'). */
export async function vocabularyWords(db: DbOrTx, words: readonly string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const rows = await queryRows<{ word: string }>(db, sql`SELECT word FROM search_words WHERE word IN (${sql.join(words.map((w) => sql`${w}`), sql`, `)})`);
  return rows.map((r) => r.word);
}

/** Catalogue words matching any of the given LIKE patterns (the trigram index serves them). */
export async function vocabularyMatching(db: DbOrTx, patterns: readonly string[]): Promise<string[]> {
  if (patterns.length === 0) return [];
  const likes = patterns.map((p) => sql`word LIKE ${p}`);
  const rows = await queryRows<{ word: string }>(db, sql`SELECT word FROM search_words WHERE ${sql.join(likes, sql` OR `)} LIMIT 200`);
  return rows.map((r) => r.word);
}

export async function sitemapEntries(db: DbOrTx): Promise<{ products: { id: number; updated_at: string }[]; categories: { id: number }[] }> {
  const products = await queryRows<{ id: number; updated_at: Date | string }>(
    db,
    sql`SELECT p.id, p.updated_at FROM products p JOIN categories c ON c.id = p.category_id WHERE ${publicProductFilter} ORDER BY p.id LIMIT 50000`,
  );
  const categories = await queryRows<{ id: number }>(db, sql`SELECT id FROM categories WHERE is_active ORDER BY id`);
  return { products: products.map((p) => ({ id: p.id, updated_at: iso(p.updated_at) })), categories };
}
