/**
 * Curation (issue 29 §2–3; decisions 053 and 055). A partner's products are saved with the admin's
 * form, schema and image handling (features/products), scoped to the partner's own business; what
 * the store's `partner_program` setting curates waits in product_changes beside the live row, the
 * rest applies at once and is written to product_events. The office approves or rejects each
 * proposal from one queue.
 */
import type { Product } from '@pasar/core/catalog';
import {
  curatedOf,
  curationMessages,
  immediateChanges,
  sameCurated,
  splitPartnerEdit,
  type CuratedValues,
  type CurationQueueItem,
  type ImmediateValues,
  type PartnerProduct,
} from '@pasar/core/curation';
import { AppError } from '@pasar/core/errors';
import { productInputSchema, productMessages, productUpdateSchema, type ProductInput } from '@pasar/core/products';
import type { Db, DbOrTx } from '../../db/client';
import { actorName, type SessionUser } from '../../auth/session-user';
import type { ImageStoreOptions } from '../../lib/images';
import { versionedUpdateResult } from '../../lib/optimistic';
import { parseFields } from '../../lib/validation';
import type { ProductForm } from '../products/product-form';
import { categoryExists } from '../categories/categories.service';
import {
  adminProductsByIds,
  checkReferences,
  filesOf,
  finalImages,
  findAdminProduct,
  insertProduct,
  productExists,
  removeFiles,
  replaceVariants,
  storeUploads,
  toRecord,
  updateProduct,
} from '../products/products.service';
import { partnerProgram } from '../settings/settings.service';
import {
  applyCuratedValues,
  categoryNames,
  curationOfProducts,
  decidePendingChange,
  deletePendingChange,
  insertPendingChange,
  insertProductEvents,
  liveCuratedValues,
  ownedProductState,
  ownProductIds,
  pendingChangeProduct,
  pendingQueue,
  setNewProductDecision,
  type CurationRow,
  type ProductEventRow,
} from './curation.repository';

export interface PartnerActor {
  user: SessionUser;
  businessId: number;
}

/** The actor columns of a product event. */
const actorColumns = (user: SessionUser) => ({ actor_user_id: user.id, actor_name: actorName(user) });
const iso = (d: string | Date) => (typeof d === 'string' ? new Date(d) : d).toISOString();

function curationOf(row: CurationRow | undefined): PartnerProduct['curation'] {
  if (!row) return { status: 'approved', rejection_reason: null, pending_change: null };
  const pending = row.pending_kind && row.pending_proposed && row.pending_submitted_at ? { kind: row.pending_kind, proposed: row.pending_proposed, submitted_at: iso(row.pending_submitted_at) } : null;
  // A rejection shows until something newer waits: a new product's on the product itself, a change's on its decided row.
  const rejection = pending ? null : row.curation_status === 'rejected' ? row.curation_note : row.last_rejection;
  return { status: row.curation_status, rejection_reason: rejection ?? null, pending_change: pending };
}

async function withCuration(db: DbOrTx, items: Product[]): Promise<PartnerProduct[]> {
  const states = await curationOfProducts(
    db,
    items.map((p) => p.id),
  );
  return items.map((p) => ({ ...p, curation: curationOf(states.get(p.id)) }));
}

/** GET /mitra/products: the business's own products only, newest first, with where each stands with the office. */
export async function listPartnerProducts(db: Db, businessId: number): Promise<PartnerProduct[]> {
  const ids = await ownProductIds(db, businessId);
  return withCuration(db, await adminProductsByIds(db, ids));
}

/** Another business's product answers 404 like a missing one: a partner never learns it exists. */
export async function getPartnerProduct(db: DbOrTx, businessId: number, id: number): Promise<PartnerProduct> {
  const product = await findAdminProduct(db, id);
  if (!product || product.business_id !== businessId) throw new AppError('NOT_FOUND', productMessages.notFound);
  return (await withCuration(db, [product]))[0]!;
}

function immediateOf(p: Pick<Product, 'price' | 'reseller_price' | 'discount' | 'stock' | 'size' | 'notes' | 'weight_grams' | 'local_only' | 'ai_description' | 'is_active' | 'option_groups' | 'size_variants'>): ImmediateValues {
  return {
    price: p.price,
    reseller_price: p.reseller_price,
    discount: p.discount,
    stock: p.stock,
    size: p.size,
    notes: p.notes,
    weight_grams: p.weight_grams,
    local_only: p.local_only,
    ai_description: p.ai_description,
    is_active: p.is_active,
    option_groups: p.option_groups,
    size_variants: p.size_variants,
  };
}

/** The partner's fields, its business forced: a business_id in the body is ignored (decision 053). */
function ownInput(input: ProductInput, businessId: number): ProductInput {
  return { ...input, business_id: businessId };
}

export interface PartnerSaveResult {
  product: PartnerProduct;
  held: boolean;
}

/** POST /mitra/products: live at once, or written pending and inactive until the office approves it. */
export async function createPartnerProduct(db: Db, actor: PartnerActor, form: ProductForm, storage: ImageStoreOptions): Promise<PartnerSaveResult> {
  const input = ownInput(parseFields(productInputSchema, form.fields, productMessages.saveFailed), actor.businessId);
  await checkReferences(db, input);
  const program = await partnerProgram(db);
  const uploaded = await storeUploads(form, storage);
  let id: number;
  let held: boolean;
  try {
    const imgs = finalImages(input, undefined, uploaded);
    const proposed = curatedOf({ ...input, ...imgs });
    const plan = splitPartnerEdit(program, { status: null, live: null, pending: null }, proposed);
    held = plan.hold !== null;
    id = await db.transaction(async (tx) => {
      const record = { ...toRecord(input, imgs), ...proposed, curation_status: plan.status, curation_note: null, is_active: plan.forceInactive ? false : input.is_active };
      const made = await insertProduct(tx, record, input.size_variants);
      if (plan.hold) await insertPendingChange(tx, { product_id: made, business_id: actor.businessId, kind: plan.hold.kind, previous: null, proposed: plan.hold.proposed, submitted_by: actor.user.id });
      await insertProductEvents(tx, [{ product_id: made, kind: plan.hold ? 'curation_submitted' : 'created', after: { ...proposed, ...immediateOf({ ...input, size_variants: input.size_variants, is_active: record.is_active }) }, ...actorColumns(actor.user) }]);
      return made;
    });
  } catch (error) {
    await removeFiles(uploaded.all, storage);
    throw error;
  }
  return { product: await getPartnerProduct(db, actor.businessId, id), held };
}

/**
 * PUT /mitra/products/:id. The immediate fields apply with the version the partner read (the version
 * moves on every save, so two devices of one partner cannot overwrite each other unseen); the
 * curated ones are written, held or withdrawn as splitPartnerEdit decides.
 */
export async function editPartnerProduct(db: Db, actor: PartnerActor, id: number, form: ProductForm, storage: ImageStoreOptions): Promise<PartnerSaveResult> {
  const { version, ...parsed } = parseFields(productUpdateSchema, form.fields, productMessages.saveFailed);
  const input = ownInput(parsed, actor.businessId);
  const state = await ownedProductState(db, actor.businessId, id);
  const current = state ? await findAdminProduct(db, id) : undefined;
  if (!state || !current) throw new AppError('NOT_FOUND', productMessages.notFound);
  await checkReferences(db, input);
  const program = await partnerProgram(db);
  const uploaded = await storeUploads(form, storage);
  const live = curatedOf(current);
  // The partner edits what it last proposed: absent image fields keep the proposal's pictures.
  const base = state.pending?.proposed ?? live;
  let plan: ReturnType<typeof splitPartnerEdit>;
  let withdrawn: CuratedValues | null = null;
  try {
    const imgs = finalImages(input, base, uploaded, filesOf(live));
    const proposed = curatedOf({ ...input, ...imgs });
    plan = splitPartnerEdit(program, { status: state.curation_status, live, pending: state.pending?.kind ?? null }, proposed);
    const write = plan.write;
    await db.transaction(async (tx) => {
      const isActive = plan.forceInactive ? false : input.is_active;
      // A save never leaves a rejection standing: the product waits again or is live (curation_note is a rejection's reason).
      const record = { ...toRecord(input, write), ...write, curation_status: plan.status, curation_note: null, is_active: isActive };
      await versionedUpdateResult(await updateProduct(tx, id, version, record), () => productExists(tx, id), productMessages.notFound);
      await replaceVariants(tx, id, input.size_variants);
      if (plan.hold || plan.dropPending) withdrawn = await deletePendingChange(tx, id);
      if (plan.hold) {
        await insertPendingChange(tx, { product_id: id, business_id: actor.businessId, kind: plan.hold.kind, previous: plan.hold.kind === 'change' ? live : null, proposed: plan.hold.proposed, submitted_by: actor.user.id });
      }
      const events: ProductEventRow[] = immediateChanges(immediateOf(current), immediateOf({ ...input, is_active: isActive })).map((c) => ({ product_id: id, ...c, ...actorColumns(actor.user) }));
      if (plan.hold) events.push({ product_id: id, kind: 'curation_submitted', before: plan.hold.kind === 'change' ? live : {}, after: plan.hold.proposed, ...actorColumns(actor.user) });
      else if (plan.dropPending) events.push({ product_id: id, kind: 'curation_withdrawn', before: {}, after: {}, ...actorColumns(actor.user) });
      if (!plan.hold && !sameCurated(live, write)) events.push({ product_id: id, kind: 'content', before: live, after: write, ...actorColumns(actor.user) });
      await insertProductEvents(tx, events);
    });
  } catch (error) {
    await removeFiles(uploaded.all, storage);
    throw error;
  }
  // Files neither the live row nor the waiting proposal uses any more, once the save is committed.
  const kept = new Set([...filesOf(plan.write), ...filesOf(plan.hold?.proposed)]);
  const before = [...filesOf(live), ...filesOf(withdrawn ?? state.pending?.proposed)];
  await removeFiles(new Set(before.filter((p) => !kept.has(p))), storage);
  return { product: await getPartnerProduct(db, actor.businessId, id), held: plan.hold !== null };
}

function viewOf(names: Map<number, string>, v: CuratedValues) {
  return { ...curatedOf(v), category_name: names.get(v.category_id) ?? null };
}

/** GET /curation: what waits, oldest first, each beside what the shop shows now. */
export async function curationQueue(db: Db): Promise<CurationQueueItem[]> {
  const rows = await pendingQueue(db);
  const names = await categoryNames(db, rows.flatMap((r) => [r.category_id, r.proposed.category_id]));
  return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      product_id: r.product_id,
      business: r.business_id !== null && r.business_name !== null ? { id: r.business_id, name: r.business_name } : null,
      previous: r.kind === 'change' ? viewOf(names, r) : null,
      proposed: viewOf(names, r.proposed),
      price: r.price,
      stock: r.stock,
      submitted_at: iso(r.submitted_at),
      submitted_by: r.submitter_username ? `${`${r.submitter_first_name ?? ''} ${r.submitter_last_name ?? ''}`.trim() || r.submitter_username} (@${r.submitter_username})` : null,
  }));
}

/**
 * Approving writes the proposal onto the product (its version moves; the search text follows by
 * trigger) or, for a new product, puts it in the shop. Files the product no longer uses go after
 * the commit.
 */
export async function approveChange(db: Db, admin: SessionUser, id: number, storage: ImageStoreOptions): Promise<void> {
  const replaced = await db.transaction(async (tx) => {
    const productId = await pendingChangeProduct(tx, id);
    const live = productId === undefined ? undefined : await liveCuratedValues(tx, productId);
    const change = live ? await decidePendingChange(tx, id, { status: 'approved', reason: null, reviewed_by: admin.id }) : undefined;
    if (!live || !change) throw new AppError('NOT_FOUND', curationMessages.notPending);
    if (change.kind === 'change') {
      if (!(await categoryExists(tx, change.proposed.category_id))) throw new AppError('VALIDATION_ERROR', curationMessages.categoryGone);
      await applyCuratedValues(tx, change.product_id, change.proposed);
    } else {
      await setNewProductDecision(tx, change.product_id, { status: 'approved' });
    }
    await insertProductEvents(tx, [{ product_id: change.product_id, kind: 'curation_approved', before: change.kind === 'change' ? live : null, after: change.proposed, note: change.kind, ...actorColumns(admin) }]);
    return change.kind === 'change' ? { before: live, after: change.proposed } : null;
  });
  if (replaced) {
    const now = new Set(filesOf(replaced.after));
    await removeFiles(new Set(filesOf(replaced.before).filter((p) => !now.has(p))), storage);
  }
}

/** Rejecting keeps the product as it was; the partner sees the reason on its card. */
export async function rejectChange(db: Db, admin: SessionUser, id: number, reason: string, storage: ImageStoreOptions): Promise<void> {
  const dropped = await db.transaction(async (tx) => {
    const productId = await pendingChangeProduct(tx, id);
    const live = productId === undefined ? undefined : await liveCuratedValues(tx, productId);
    const change = live ? await decidePendingChange(tx, id, { status: 'rejected', reason, reviewed_by: admin.id }) : undefined;
    if (!live || !change) throw new AppError('NOT_FOUND', curationMessages.notPending);
    if (change.kind === 'new') await setNewProductDecision(tx, change.product_id, { status: 'rejected', reason });
    await insertProductEvents(tx, [{ product_id: change.product_id, kind: 'curation_rejected', before: null, after: change.proposed, note: reason, ...actorColumns(admin) }]);
    // A rejected change's own pictures are not kept: the partner uploads again with its next proposal.
    return change.kind === 'change' ? { proposal: change.proposed, live } : null;
  });
  if (dropped) {
    const live = new Set(filesOf(dropped.live));
    await removeFiles(new Set(filesOf(dropped.proposal).filter((p) => !live.has(p))), storage);
  }
}
