/**
 * The only SQL of curation (issue 29, decisions 053 and 055): proposals waiting beside the live
 * product (product_changes), the decisions written onto it, and its audit trail (product_events).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChangeKind, CuratedValues, CurationStatus } from '@pasar/core/curation';
import { queryRows, type DbOrTx } from '../../db/client';
import { categories, productChanges, productEvents, products } from '../../db/schema';

export interface PendingChange {
  id: number;
  kind: ChangeKind;
  proposed: CuratedValues;
  submitted_at: Date;
}

/** A product of the business, with where it stands with the office; undefined when it is not the business's. */
export async function ownedProductState(
  db: DbOrTx,
  businessId: number,
  productId: number,
): Promise<{ curation_status: CurationStatus; pending: PendingChange | null } | undefined> {
  const [row] = await db
    .select({ curation_status: products.curation_status })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.business_id, businessId)));
  if (!row) return undefined;
  return { curation_status: row.curation_status as CurationStatus, pending: await pendingChangeOf(db, productId) };
}

export async function pendingChangeOf(db: DbOrTx, productId: number): Promise<PendingChange | null> {
  const [row] = await db
    .select({ id: productChanges.id, kind: productChanges.kind, proposed: productChanges.proposed, submitted_at: productChanges.submitted_at })
    .from(productChanges)
    .where(and(eq(productChanges.product_id, productId), eq(productChanges.status, 'pending')));
  return row ? { ...row, kind: row.kind as ChangeKind } : null;
}

/** Withdraws the product's waiting proposal (a newer save replaces or supersedes it); answers what it proposed. */
export async function deletePendingChange(tx: DbOrTx, productId: number): Promise<CuratedValues | null> {
  const [row] = await tx
    .delete(productChanges)
    .where(and(eq(productChanges.product_id, productId), eq(productChanges.status, 'pending')))
    .returning({ proposed: productChanges.proposed });
  return row?.proposed ?? null;
}

export async function insertPendingChange(
  tx: DbOrTx,
  row: { product_id: number; business_id: number; kind: ChangeKind; previous: CuratedValues | null; proposed: CuratedValues; submitted_by: number },
): Promise<number> {
  const [made] = await tx.insert(productChanges).values(row).returning({ id: productChanges.id });
  return made!.id;
}

export interface ProductEventRow {
  product_id: number;
  kind: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
  actor_user_id: number | null;
  actor_name: string | null;
}

export async function insertProductEvents(tx: DbOrTx, rows: ProductEventRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(productEvents).values(rows);
}

export async function productEventsOf(db: DbOrTx, productId: number) {
  return db.select().from(productEvents).where(eq(productEvents.product_id, productId)).orderBy(productEvents.id);
}

/** The product ids of a business, newest first. */
export async function ownProductIds(db: DbOrTx, businessId: number): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.business_id, businessId)).orderBy(desc(products.id));
  return rows.map((r) => r.id);
}

export interface CurationRow {
  product_id: number;
  curation_status: CurationStatus;
  curation_note: string | null;
  pending_kind: ChangeKind | null;
  pending_proposed: CuratedValues | null;
  pending_submitted_at: string | Date | null;
  /** The reason of the product's latest decided change, when that decision was a rejection. */
  last_rejection: string | null;
}

/** Where each product stands with the office: its status, its waiting proposal, its last rejection. */
export async function curationOfProducts(db: DbOrTx, ids: number[]): Promise<Map<number, CurationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<CurationRow>(
    db,
    sql`SELECT p.id AS product_id, p.curation_status, p.curation_note,
               pc.kind AS pending_kind, pc.proposed AS pending_proposed, pc.submitted_at AS pending_submitted_at,
               CASE WHEN last.status = 'rejected' THEN last.reason END AS last_rejection
        FROM products p
        LEFT JOIN product_changes pc ON pc.product_id = p.id AND pc.status = 'pending'
        LEFT JOIN LATERAL (
          SELECT d.status, d.reason FROM product_changes d
          WHERE d.product_id = p.id AND d.status <> 'pending' ORDER BY d.reviewed_at DESC NULLS LAST, d.id DESC LIMIT 1
        ) last ON TRUE
        WHERE p.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.product_id, r]));
}

export interface QueueRow {
  id: number;
  kind: ChangeKind;
  product_id: number;
  business_id: number | null;
  business_name: string | null;
  proposed: CuratedValues;
  name: string;
  description: string;
  category_id: number;
  image_cover: string | null;
  images: string[];
  price: number;
  stock: number;
  submitted_at: string | Date;
  submitter_username: string | null;
  submitter_first_name: string | null;
  submitter_last_name: string | null;
}

/** Every proposal waiting, oldest first (first come, first curated), with the live product beside it. */
export async function pendingQueue(db: DbOrTx): Promise<QueueRow[]> {
  return queryRows<QueueRow>(
    db,
    sql`SELECT pc.id, pc.kind, pc.product_id, b.id AS business_id, b.name AS business_name, pc.proposed,
               p.name, p.description, p.category_id, p.image_cover, p.images, p.price, p.stock, pc.submitted_at,
               u.username AS submitter_username, u.first_name AS submitter_first_name, u.last_name AS submitter_last_name
        FROM product_changes pc
        JOIN products p ON p.id = pc.product_id
        LEFT JOIN businesses b ON b.id = p.business_id
        LEFT JOIN users u ON u.id = pc.submitted_by
        WHERE pc.status = 'pending'
        ORDER BY pc.submitted_at, pc.id`,
  );
}

export async function categoryNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The product a waiting proposal is for (read without a lock: the caller locks the product first). */
export async function pendingChangeProduct(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ product_id: productChanges.product_id }).from(productChanges).where(and(eq(productChanges.id, id), eq(productChanges.status, 'pending')));
  return row?.product_id;
}

/**
 * Decides a waiting proposal, once: the row is claimed by its status, so two admins deciding at
 * once (or a partner replacing it meanwhile) leave exactly one decision.
 */
export async function decidePendingChange(
  tx: DbOrTx,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; reviewed_by: number },
): Promise<{ product_id: number; kind: ChangeKind; proposed: CuratedValues } | undefined> {
  const [row] = await tx
    .update(productChanges)
    .set({ status: decision.status, reason: decision.reason, reviewed_by: decision.reviewed_by, reviewed_at: sql`now()` })
    .where(and(eq(productChanges.id, id), eq(productChanges.status, 'pending')))
    .returning({ product_id: productChanges.product_id, kind: productChanges.kind, proposed: productChanges.proposed });
  return row ? { ...row, kind: row.kind as ChangeKind } : undefined;
}

/**
 * The product's curated values, its row locked for the decision. A decision locks the product before
 * the proposal, in the order a partner's save takes them (product, then proposal), so the two never
 * wait on each other in a circle.
 */
export async function liveCuratedValues(tx: DbOrTx, productId: number): Promise<CuratedValues | undefined> {
  const [row] = await tx
    .select({ name: products.name, description: products.description, category_id: products.category_id, image_cover: products.image_cover, images: products.images })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row;
}

/** Writes an approved change onto the product; the version moves and the search text follows (trigger). */
export async function applyCuratedValues(tx: DbOrTx, productId: number, values: CuratedValues): Promise<void> {
  await tx
    .update(products)
    .set({
      name: values.name,
      description: values.description,
      category_id: values.category_id,
      image_cover: values.image_cover,
      images: values.images,
      version: sql`${products.version} + 1`,
      updated_at: sql`now()`,
    })
    .where(eq(products.id, productId));
}

/** A new product's decision: approved goes live (active), rejected stays out of the shop with the reason. */
export async function setNewProductDecision(tx: DbOrTx, productId: number, decision: { status: 'approved' } | { status: 'rejected'; reason: string }): Promise<void> {
  await tx
    .update(products)
    .set(
      decision.status === 'approved'
        ? { curation_status: 'approved', curation_note: null, is_active: true, version: sql`${products.version} + 1`, updated_at: sql`now()` }
        : { curation_status: 'rejected', curation_note: decision.reason, is_active: false, version: sql`${products.version} + 1`, updated_at: sql`now()` },
    )
    .where(eq(products.id, productId));
}
