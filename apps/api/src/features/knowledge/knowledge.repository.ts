/** The only SQL of the knowledge entries. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { KnowledgeEntry, KnowledgeInput, KnowledgeListQuery, KnowledgeSort } from '@pasar/core/knowledge';
import { containsPattern } from '../../db/like';
import { queryRows, type DbOrTx } from '../../db/client';
import { knowledgeEntries } from '../../db/schema';
import { updateVersioned } from '../../lib/optimistic.repository';

interface KnowledgeRow {
  id: number;
  title: string;
  file: string;
  description: string;
  product_id: number | null;
  product_name: string | null;
  file_text_chars: number;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

const select = sql`SELECT k.id, k.title, k.file, k.description, k.product_id, p.name AS product_name,
    coalesce(length(k.file_text), 0)::int AS file_text_chars, k.created_at, k.updated_at, k.version
  FROM knowledge_entries k LEFT JOIN products p ON p.id = k.product_id`;

const toEntry = (r: KnowledgeRow): KnowledgeEntry => ({
  id: r.id,
  title: r.title,
  file: r.file,
  description: r.description,
  product_id: r.product_id,
  product: r.product_id !== null && r.product_name !== null ? { id: r.product_id, name: r.product_name } : null,
  file_text_chars: Number(r.file_text_chars),
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
  version: r.version,
});

/** Fixed SQL per sortable column (issue 31); the query only names a key of this map. Entries without a product last. */
const knowledgeSortColumns: Record<KnowledgeSort, SQL> = {
  title: sql`lower(k.title)`,
  product: sql`lower(p.name)`,
  created_at: sql`k.created_at`,
};

/** Newest first by default (docs/requirements/back-office.md §2); searched and sorted on request (issue 31). */
export async function listKnowledge(db: DbOrTx, query: KnowledgeListQuery = { sort: 'created_at', dir: 'desc' }): Promise<KnowledgeEntry[]> {
  const where = query.q ? sql`WHERE lower(k.title || ' ' || k.description || ' ' || k.file || ' ' || coalesce(p.name, '')) LIKE ${containsPattern(query.q.toLowerCase())}` : sql``;
  const dir = query.dir === 'asc' ? sql`ASC` : sql`DESC`;
  return (await queryRows<KnowledgeRow>(db, sql`${select} ${where} ORDER BY ${knowledgeSortColumns[query.sort]} ${dir} NULLS LAST, k.id ${dir}`)).map(toEntry);
}

export async function findKnowledge(db: DbOrTx, id: number): Promise<KnowledgeEntry | undefined> {
  const rows = await queryRows<KnowledgeRow>(db, sql`${select} WHERE k.id = ${id}`);
  return rows[0] ? toEntry(rows[0]) : undefined;
}

export async function knowledgeExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: knowledgeEntries.id }).from(knowledgeEntries).where(eq(knowledgeEntries.id, id)).limit(1)).length > 0;
}

export async function insertKnowledge(db: DbOrTx, input: KnowledgeInput, fileText: string | null): Promise<number> {
  const [row] = await db.insert(knowledgeEntries).values({ ...input, file_text: fileText }).returning({ id: knowledgeEntries.id });
  return row!.id;
}

export async function updateKnowledge(db: DbOrTx, id: number, version: number, input: KnowledgeInput, fileText: string | null | undefined): Promise<{ id: number }[]> {
  return updateVersioned(db, knowledgeEntries, id, version, { ...input, ...(fileText !== undefined ? { file_text: fileText } : {}) });
}

export async function currentFile(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ file: knowledgeEntries.file }).from(knowledgeEntries).where(eq(knowledgeEntries.id, id));
  return row?.file;
}

/** Whether any entry (after a change) still points at this file. */
export async function fileInUse(db: DbOrTx, file: string): Promise<boolean> {
  return (await db.select({ id: knowledgeEntries.id }).from(knowledgeEntries).where(eq(knowledgeEntries.file, file)).limit(1)).length > 0;
}

export async function deleteKnowledgeRow(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, id)).returning({ id: knowledgeEntries.id })).length > 0;
}
