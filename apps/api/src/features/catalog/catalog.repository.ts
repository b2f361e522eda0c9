/**
 * The only SQL of the public catalogue. `productSelect` + `toProduct` are THE mapping from
 * rows to the API's Product shape (packages/core/src/catalog/product.ts); the admin product
 * screens reuse them so both answer the same fields.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Category, Product } from '@pasar/core/catalog';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { businesses, categories, products } from '../../db/schema';

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
  size: string | null;
  notes: string | null;
  image_cover: string | null;
  images: unknown;
  option_groups: unknown;
  weight_grams: number;
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
    p.size, p.notes, p.image_cover, p.images, p.option_groups, p.weight_grams, p.ai_status, p.ai_description,
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
          },
    business_name: row.business_name,
    size: row.size,
    notes: row.notes,
    image_url: imageCover ?? images[0] ?? null,
    image_cover: imageCover,
    images,
    weight_grams: row.weight_grams,
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

/**
 * The hottest read of the shop. On PostgreSQL, planning the raw query cost more than running
 * it (about 2.9 ms against 0.6 ms at 100,000 products), so this one is a named prepared
 * statement, planned once per connection.
 */
function preparePublicProductById(db: Db) {
  return db
    .select({
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
      size: products.size,
      notes: products.notes,
      image_cover: products.image_cover,
      images: products.images,
      option_groups: products.option_groups,
      weight_grams: products.weight_grams,
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
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .leftJoin(businesses, eq(businesses.id, products.business_id))
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.is_active, true), eq(categories.is_active, true)))
    .limit(1)
    .prepare('public_product_by_id');
}

const preparedById = new WeakMap<object, ReturnType<typeof preparePublicProductById>>();

export async function findPublicProduct(db: Db, id: number): Promise<Product | undefined> {
  let statement = preparedById.get(db);
  if (!statement) {
    statement = preparePublicProductById(db);
    preparedById.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row ? toProduct(row as ProductRow) : undefined;
}

export async function listPublicProducts(db: DbOrTx): Promise<Product[]> {
  return selectProducts(db, publicProductFilter, sql`ORDER BY p.id DESC`);
}

export async function listPublicProductsOfCategory(
  db: DbOrTx,
  categoryId: number,
  options: { limit?: number | undefined; random?: boolean },
): Promise<Product[]> {
  const order = options.random ? sql`ORDER BY random()` : sql`ORDER BY p.id DESC`;
  const limit = options.limit ? sql`LIMIT ${options.limit}` : sql``;
  return selectProducts(db, sql`p.category_id = ${categoryId} AND ${publicProductFilter}`, sql`${order} ${limit}`);
}

export async function listPublicCategories(db: DbOrTx): Promise<Category[]> {
  const rows = await queryRows<{ id: number; name: string; description: string; is_active: boolean; created_at: Date | string; product_count: number }>(
    db,
    sql`SELECT c.id, c.name, c.description, c.is_active, c.created_at,
          (SELECT count(*)::int FROM products p WHERE p.category_id = c.id AND p.is_active) AS product_count
        FROM categories c WHERE c.is_active ORDER BY c.name`,
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** One word of the shopper's query and the spellings that count as a match for it. */
export interface SearchTerm {
  typed: string;
  alternatives: string[];
}

function likeAny(column: SQL, words: readonly string[]): SQL {
  // Words are [a-z0-9] only (normalizeSearch), so they carry no LIKE wildcards.
  const parts = words.map((w) => sql`${column} LIKE ${`%${w}%`}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

export interface ProductSearch {
  terms: SearchTerm[];
  /** The whole normalised query, for ranking names that contain it first. */
  phrase: string;
  categoryId?: number | undefined;
  page: number;
  pageSize: number;
}

export interface ProductSearchResult {
  items: Product[];
  total: number;
  stats: { total_products: number; partners: number; in_stock: number };
}

export async function searchPublicProducts(db: DbOrTx, search: ProductSearch): Promise<ProductSearchResult> {
  const conditions: SQL[] = [publicProductFilter];
  if (search.categoryId !== undefined) conditions.push(sql`p.category_id = ${search.categoryId}`);
  for (const term of search.terms) conditions.push(likeAny(sql`p.search_text`, term.alternatives));
  const where = sql.join(conditions, sql` AND `);

  // Exact matches first: the whole phrase in the name, then every typed word as written.
  let rank = sql`0`;
  if (search.terms.length > 0) {
    const typedAll = sql.join(
      search.terms.map((t) => sql`p.search_text LIKE ${`%${t.typed}%`}`),
      sql` AND `,
    );
    rank = sql`(CASE WHEN lower(p.name) LIKE ${`%${search.phrase}%`} THEN 2 ELSE 0 END + CASE WHEN ${typedAll} THEN 1 ELSE 0 END)`;
  }
  const offset = (search.page - 1) * search.pageSize;
  // One scan of the matches gives the totals, the stats tiles and the ids of the page.
  const [summary] = await queryRows<{ total: number; partners: number; in_stock: number; page_ids: number[] | string | null }>(
    db,
    sql`WITH m AS MATERIALIZED (
          SELECT p.id, p.business_id, p.stock, ${rank} AS rank
          FROM products p JOIN categories c ON c.id = p.category_id WHERE ${where}
        )
        SELECT (SELECT count(*)::int FROM m) AS total,
               (SELECT count(DISTINCT business_id)::int FROM m) AS partners,
               (SELECT count(*)::int FROM m WHERE stock > 0) AS in_stock,
               (SELECT json_agg(id) FROM (SELECT id FROM m ORDER BY rank DESC, id DESC LIMIT ${search.pageSize} OFFSET ${offset}) page) AS page_ids`,
  );
  const pageIds = asJson<number[]>(summary?.page_ids ?? null, []);
  let items: Product[] = [];
  if (pageIds.length > 0) {
    const byId = new Map((await selectProducts(db, sql`p.id IN (${sql.join(pageIds.map((id) => sql`${id}`), sql`, `)})`)).map((p) => [p.id, p]));
    items = pageIds.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
  }
  const total = summary?.total ?? 0;
  return {
    items,
    total,
    stats: { total_products: total, partners: summary?.partners ?? 0, in_stock: summary?.in_stock ?? 0 },
  };
}

/** True when some catalogue word contains `word` as typed (then no typo correction is tried). */
export async function vocabularyContains(db: DbOrTx, word: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(db, sql`SELECT 1 AS found FROM search_words WHERE word LIKE ${`%${word}%`} LIMIT 1`);
  return rows.length > 0;
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
