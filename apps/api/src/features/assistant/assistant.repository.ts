/** The only SQL of the shopping assistant: what it may know, and the questions it could not answer. */
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
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
  const [row] = await queryRows<{ version: string }>(db, sql`SELECT coalesce(sum(changes), 0)::text AS version FROM assistant_changes`);
  return row?.version ?? '';
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
