/** The only SQL of the shopping assistant: what it may know, and the questions it could not answer. */
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows, rawQuery, type DbOrTx } from '../../db/client';
import { assistantQuestions } from '../../db/schema';

export interface KnowledgeRow {
  id: number;
  title: string;
  description: string | null;
  file_text: string | null;
  product_id: number | null;
  /** The linked product's name: the entry is about it (issue 16). */
  product_name: string | null;
}

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  ai_description: string | null;
  size: string | null;
  notes: string | null;
  price: number;
  discount: number;
  stock: number;
  image_cover: string | null;
  images: string[] | string | null;
  category: string | null;
  business: string | null;
  variants: { label: string; price: number; stock: number }[] | string;
  option_groups: { name: string; values: string[] }[] | string;
}

export async function loadKnowledge(db: DbOrTx): Promise<KnowledgeRow[]> {
  return queryRows<KnowledgeRow>(
    db,
    sql`SELECT k.id, k.title, k.description, k.file_text, k.product_id, p.name AS product_name
        FROM knowledge_entries k LEFT JOIN products p ON p.id = k.product_id ORDER BY k.id`,
  );
}

/** The change counter's value as text: the sum over the connections' rows. */
const counterSum = '(SELECT coalesce(sum(changes), 0) FROM assistant_changes)::text';

/**
 * A fingerprint of everything the assistant's documents are built from: the sum of the change
 * counters that statement triggers on products, variants, categories, businesses, knowledge
 * entries and settings raise in the writer's own transaction (migration 0013), so it moves in the
 * same commit as the data and the cached index is rebuilt only then. A few rows, where summing
 * version, stock and updated_at over every product scanned the catalogue on each question. It only
 * reads: the background jobs merge the rows of connections into row 0 (merge_figure_rows(),
 * docs/database.md), which leaves the sum as it was.
 */
export async function corpusVersion(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ version: string }>(db, sql.raw(`SELECT ${counterSum} AS version`));
  return row?.version ?? '';
}

/**
 * Where a reader stands in the stock feed (migration 0027): the highest row number it has seen, and
 * the transactions in progress at its snapshots, which may still commit rows numbered lower.
 */
export interface StockFeedCursor {
  /** Undefined until the first read, which starts at the feed's end. */
  seq: number | undefined;
  pending: Set<string>;
}

export const newStockFeedCursor = (): StockFeedCursor => ({ seq: undefined, pending: new Set() });

/** More unseen rows than this: the reader drops everything rather than read them one by one. */
const STOCK_FEED_READ_LIMIT = 5_000;

export interface CatalogChanges {
  /** corpusVersion: moves with every change but a stock-only one. */
  version: string;
  /** Products whose stock alone changed since the cursor's last read, or 'all' when too many did. */
  stock: number[] | 'all';
}

/**
 * The change counter and, in the same statement (one snapshot), the stock-feed rows the cursor has
 * not seen: those numbered above its highest and those of the transactions it saw in progress. A
 * number is taken when the row is written and the identity sequence hands them out in order, so a
 * transaction that had not begun at a snapshot writes rows numbered above every row visible in it.
 */
export async function readCatalogChanges(db: DbOrTx, cursor: StockFeedCursor): Promise<CatalogChanges> {
  const asked = [...cursor.pending];
  const [row] = await rawQuery<{ version: string; snapshot: string; top: string; pruned: string | null; rows: [number, string, number][] | string }>(
    db,
    `SELECT ${counterSum} AS version,
            pg_current_snapshot()::text AS snapshot,
            (SELECT coalesce(max(seq), 0) FROM stock_feed)::text AS top,
            (SELECT stock_feed_pruned FROM catalog_state WHERE id = 1)::text AS pruned,
            (SELECT coalesce(json_agg(json_build_array(f.seq, f.xid::text, f.product_id)), '[]'::json)
               FROM (SELECT seq, xid, product_id FROM stock_feed WHERE seq > $1::bigint OR xid = ANY($2::xid8[]) LIMIT $3::int) f) AS rows`,
    [cursor.seq ?? Number.MAX_SAFE_INTEGER, `{${[...asked].join(',')}}`, STOCK_FEED_READ_LIMIT + 1],
  );
  if (!row) throw new Error('catalogue change read returned no row');
  const rows = typeof row.rows === 'string' ? (JSON.parse(row.rows) as [number, string, number][]) : row.rows;
  const [, , xip = ''] = row.snapshot.split(':');
  const inProgress = new Set(xip === '' ? [] : xip.split(','));
  const top = Number(row.top);
  // Rows this cursor had not read were deleted, or too many wait to be read one by one.
  const tooMany = rows.length > STOCK_FEED_READ_LIMIT || (cursor.seq !== undefined && Number(row.pruned ?? 0) > cursor.seq);
  // A transaction this read asked for and found finished had all its rows in this read; one in
  // progress at its snapshot is asked for again. Reads may overlap: one leaves alone what it did not ask.
  for (const xid of asked) if (!inProgress.has(xid)) cursor.pending.delete(xid);
  for (const xid of inProgress) cursor.pending.add(xid);
  // A first read starts at the feed's end, or past the rows the jobs deleted when none is left.
  const end = Math.max(top, Number(row.pruned ?? 0));
  const highest = tooMany ? end : Math.max(cursor.seq ?? end, ...rows.map((r) => Number(r[0])));
  cursor.seq = Math.max(cursor.seq ?? highest, highest);
  return { version: row.version, stock: tooMany ? 'all' : [...new Set(rows.map((r) => Number(r[2])))] };
}

/**
 * Deletes the stock-feed rows written before `before` and notes the highest number deleted, so a
 * reader that had not read them drops everything instead (migration 0027). No transaction writing
 * stock runs for an hour: the jobs keep an hour.
 */
export async function pruneStockFeed(db: DbOrTx, before: Date): Promise<number> {
  const [row] = await rawQuery<{ deleted: number }>(
    db,
    `WITH gone AS (DELETE FROM stock_feed WHERE seq <= (SELECT max(seq) FROM stock_feed WHERE created_at < $1::timestamptz) RETURNING seq),
          noted AS (UPDATE catalog_state SET stock_feed_pruned = greatest(stock_feed_pruned, (SELECT max(seq) FROM gone))
                    WHERE id = 1 AND EXISTS (SELECT 1 FROM gone))
     SELECT count(*)::int AS deleted FROM gone`,
    [before.toISOString()],
  );
  return row?.deleted ?? 0;
}

/** Active products of active categories: what a shopper can buy (only `ids` when given). */
export async function loadSellableProducts(db: DbOrTx, ids?: readonly number[]): Promise<ProductRow[]> {
  if (ids && ids.length === 0) return [];
  const only = ids ? sql` AND p.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return queryRows<ProductRow>(
    db,
    sql`SELECT p.id, p.name, p.description, p.ai_description, p.size, p.notes, p.price, p.discount::float8 AS discount, p.stock,
          p.image_cover, p.images, c.name AS category, b.name AS business, p.option_groups,
          COALESCE((SELECT json_agg(json_build_object('label', v.label, 'price', v.price, 'stock', v.stock) ORDER BY v.position, v.id)
                    FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS variants
        FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN businesses b ON b.id = p.business_id
        WHERE p.is_active AND c.is_active${only} ORDER BY p.id`,
  );
}

/** One row per distinct question (its normalised text); asking again counts up. */
export async function recordUnanswered(db: DbOrTx, normalized: string, question: string): Promise<void> {
  await db
    .insert(assistantQuestions)
    .values({ normalized, question })
    .onConflictDoUpdate({
      target: assistantQuestions.normalized,
      set: { times_asked: sql`${assistantQuestions.times_asked} + 1`, last_asked_at: sql`now()`, resolved: false },
    });
}

export async function listUnanswered(db: DbOrTx, includeResolved: boolean) {
  const query = db.select().from(assistantQuestions);
  return (includeResolved ? query : query.where(eq(assistantQuestions.resolved, false))).orderBy(desc(assistantQuestions.times_asked), desc(assistantQuestions.last_asked_at)).limit(200);
}

export async function setResolved(db: DbOrTx, id: number, resolved: boolean): Promise<boolean> {
  return (await db.update(assistantQuestions).set({ resolved }).where(eq(assistantQuestions.id, id)).returning({ id: assistantQuestions.id })).length > 0;
}

export async function deleteQuestion(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(assistantQuestions).where(eq(assistantQuestions.id, id)).returning({ id: assistantQuestions.id })).length > 0;
}

/** One product with the fields a description draft uses, active or not. */
export async function loadProductForDraft(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const rows = await queryRows<ProductRow>(
    db,
    sql`SELECT p.id, p.name, p.description, p.ai_description, p.size, p.notes, p.price, p.discount::float8 AS discount, p.stock,
          p.image_cover, p.images, c.name AS category, b.name AS business, p.option_groups,
          COALESCE((SELECT json_agg(json_build_object('label', v.label, 'price', v.price, 'stock', v.stock) ORDER BY v.position, v.id)
                    FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS variants
        FROM products p LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN businesses b ON b.id = p.business_id
        WHERE p.id = ${id}`,
  );
  return rows[0];
}
