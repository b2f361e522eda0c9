/**
 * Curation of a partner's products (issue 29 §2–3, docs/decisions/053 and 055): which fields wait
 * for the office and which apply at once, the queue and decision payloads, the labels, and the one
 * pure function that splits a partner's save into "apply now" and "hold for curation".
 */
import { z } from 'zod';
import { labelled } from '../common/labelled';
import { productSchema } from '../catalog/product';
import type { PartnerProgram } from '../partners/index';

/**
 * What the storefront shows as the product's identity waits for the office: its name, its
 * description, its category and its pictures (decision 053). A buyer reads these to decide what
 * the product is, and they are what a careless or misleading edit would change.
 */
export const CURATED_FIELDS = ['name', 'description', 'category_id', 'image_cover', 'images'] as const;
export type CuratedField = (typeof CURATED_FIELDS)[number];

/**
 * Everything else a partner edits applies at once (decision 055): price, reseller price, discount,
 * stock, size variants (their prices and stock; a label is part of the row that holds them), option
 * groups, size, notes, weight, "hanya kirim lokal", the assistant's description and the active flag.
 * A partner must be able to follow its market and its shelf within the hour, and the office reads
 * each change afterwards in the product's audit trail (product_events).
 */
export const IMMEDIATE_FIELDS = [
  'price',
  'reseller_price',
  'discount',
  'stock',
  'size_variants',
  'option_groups',
  'size',
  'notes',
  'weight_grams',
  'local_only',
  'ai_description',
  'is_active',
] as const;
export type ImmediateField = (typeof IMMEDIATE_FIELDS)[number];

export const { values: CURATION_STATUSES, labels: curationLabels } = labelled(['approved', 'pending', 'rejected'], {
  pending: 'Menunggu kurasi',
  rejected: 'Ditolak',
  approved: 'Disetujui',
});
export const curationStatusSchema = z.enum(CURATION_STATUSES);
export type CurationStatus = z.infer<typeof curationStatusSchema>;
export const { values: CHANGE_KINDS, labels: changeKindLabels } = labelled(['new', 'change'], { new: 'Produk baru', change: 'Perubahan' });
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const curationMessages = {
  reasonRequired: 'Alasan penolakan wajib diisi.',
  reasonTooLong: 'Alasan penolakan maksimal 1.000 karakter.',
  notPending: 'Usulan ini sudah tidak menunggu kurasi (sudah diputuskan atau diganti usulan baru). Muat ulang antrean.',
  categoryGone: 'Kategori yang diusulkan sudah tidak ada. Tolak usulan ini dengan alasannya.',
  approved: 'Usulan disetujui dan tampil di toko.',
  rejected: 'Usulan ditolak; mitra melihat alasannya.',
  createdPending: 'Produk disimpan dan menunggu kurasi Dinas sebelum tampil di toko.',
  changePending: 'Perubahan nama, deskripsi, kategori, atau gambar menunggu kurasi Dinas; perubahan lainnya (harga, stok, dan sebagainya) sudah berlaku.',
  loadFailed: 'Gagal memuat antrean kurasi.',
  activateWaiting: 'Produk baru mitra ini menunggu kurasi: setujui di Kurasi produk agar tampil di toko.',
} as const;

/** The curated part of a product, as stored in product_changes.previous/proposed. */
export const curatedValuesSchema = z.object({
  name: z.string(),
  description: z.string(),
  category_id: z.number().int(),
  image_cover: z.string().nullable(),
  images: z.array(z.string()),
});
export type CuratedValues = z.infer<typeof curatedValuesSchema>;

export function curatedOf(p: CuratedValues): CuratedValues {
  return { name: p.name, description: p.description, category_id: p.category_id, image_cover: p.image_cover, images: [...p.images] };
}

export function sameCurated(a: CuratedValues, b: CuratedValues): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.category_id === b.category_id &&
    a.image_cover === b.image_cover &&
    a.images.length === b.images.length &&
    a.images.every((img, i) => img === b.images[i])
  );
}

/** Where a partner's product stands with the office before this save. */
export interface CurationState {
  /** null: the product is being created. */
  status: CurationStatus | null;
  /** The values the storefront shows (or would show); null when creating. */
  live: CuratedValues | null;
  /** A proposal already waiting, if any. */
  pending: ChangeKind | null;
}

export interface CurationPlan {
  /** The curated values written on the product row now. */
  write: CuratedValues;
  /** The proposal kept for the office (a pending one is replaced by it); null: nothing waits. */
  hold: { kind: ChangeKind; proposed: CuratedValues } | null;
  /** A proposal already waiting is withdrawn (this save supersedes it, or took it back). */
  dropPending: boolean;
  /** The product's curation_status after the save. */
  status: CurationStatus;
  /** Kept out of the shop whatever the partner asked (decision 053: a waiting new product is inactive). */
  forceInactive: boolean;
}

/**
 * Splits a partner's save into what applies now and what waits for the office, by the store's
 * `partner_program` setting. The immediate fields always apply; only the curated ones are decided here.
 *
 * - A product never approved (new, waiting or rejected) is not in the shop: every value is written
 *   on the row, and it waits inactive when `curate_new_products`, else it goes live at once.
 * - An approved product keeps its curated values while a change of them waits (`curate_changes`);
 *   without that setting they apply at once. A second proposal replaces the waiting one, and a save
 *   whose curated values are the live ones again withdraws it.
 */
export function splitPartnerEdit(program: Pick<PartnerProgram, 'curate_new_products' | 'curate_changes'>, state: CurationState, proposed: CuratedValues): CurationPlan {
  if (state.status === null || state.status !== 'approved' || state.live === null) {
    if (program.curate_new_products) {
      return { write: proposed, hold: { kind: 'new', proposed }, dropPending: false, status: 'pending', forceInactive: true };
    }
    return { write: proposed, hold: null, dropPending: state.pending !== null, status: 'approved', forceInactive: false };
  }
  if (sameCurated(state.live, proposed)) {
    return { write: state.live, hold: null, dropPending: state.pending !== null, status: 'approved', forceInactive: false };
  }
  if (program.curate_changes) {
    return { write: state.live, hold: { kind: 'change', proposed }, dropPending: false, status: 'approved', forceInactive: false };
  }
  return { write: proposed, hold: null, dropPending: state.pending !== null, status: 'approved', forceInactive: false };
}

/** The fields of one audit entry kind: what a buyer pays, what is on the shelf, and the rest. */
const auditGroups = {
  price: ['price', 'reseller_price', 'discount', 'variant_prices'],
  stock: ['stock', 'variant_stock'],
  details: ['size', 'notes', 'weight_grams', 'local_only', 'ai_description', 'is_active', 'option_groups', 'variant_labels'],
} as const;
export type AuditKind = keyof typeof auditGroups;

export interface ImmediateValues {
  price: number;
  reseller_price: number;
  discount: number;
  stock: number;
  size: string | null;
  notes: string | null;
  weight_grams: number;
  local_only: boolean;
  ai_description: string | null;
  is_active: boolean;
  option_groups: { name: string; values: string[] }[];
  size_variants: { label: string; price: number; reseller_price: number; stock: number }[];
}

function flatten(v: ImmediateValues): Record<string, unknown> {
  return {
    price: v.price,
    reseller_price: v.reseller_price,
    discount: v.discount,
    stock: v.stock,
    size: v.size,
    notes: v.notes,
    weight_grams: v.weight_grams,
    local_only: v.local_only,
    ai_description: v.ai_description,
    is_active: v.is_active,
    option_groups: v.option_groups,
    variant_labels: v.size_variants.map((s) => s.label),
    variant_prices: v.size_variants.map((s) => ({ label: s.label, price: s.price, reseller_price: s.reseller_price })),
    variant_stock: v.size_variants.map((s) => ({ label: s.label, stock: s.stock })),
  };
}

/**
 * The audit entries of a save's immediate part: one per kind that changed (price, stock, details),
 * each with only the changed fields before and after.
 */
export function immediateChanges(before: ImmediateValues, after: ImmediateValues): { kind: AuditKind; before: Record<string, unknown>; after: Record<string, unknown> }[] {
  const a = flatten(before);
  const b = flatten(after);
  const out: { kind: AuditKind; before: Record<string, unknown>; after: Record<string, unknown> }[] = [];
  for (const [kind, fields] of Object.entries(auditGroups) as [AuditKind, readonly string[]][]) {
    const changed = fields.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
    if (changed.length === 0) continue;
    out.push({ kind, before: Object.fromEntries(changed.map((f) => [f, a[f]])), after: Object.fromEntries(changed.map((f) => [f, b[f]])) });
  }
  return out;
}

export const curationRejectSchema = z.object({
  reason: z
    .string({ error: curationMessages.reasonRequired })
    .trim()
    .min(1, { error: curationMessages.reasonRequired })
    .max(1000, { error: curationMessages.reasonTooLong }),
});
export type CurationReject = z.infer<typeof curationRejectSchema>;

/** Curated values with the category's name, for showing old → new. */
export const curatedViewSchema = curatedValuesSchema.extend({ category_name: z.string().nullable() });
export type CuratedView = z.infer<typeof curatedViewSchema>;

/** GET /curation: one proposal waiting for the office. */
export const curationQueueItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  product_id: z.number().int(),
  business: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What the shop shows now (null for a new product, which is not in the shop). */
  previous: curatedViewSchema.nullable(),
  proposed: curatedViewSchema,
  price: z.number().int(),
  stock: z.number().int(),
  submitted_at: z.string(),
  submitted_by: z.string().nullable(),
});
export type CurationQueueItem = z.infer<typeof curationQueueItemSchema>;

/** Where a partner's product stands with the office, as the partner sees it. */
export const partnerCurationSchema = z.object({
  status: curationStatusSchema,
  /** The office's reason when the product or its last change was rejected and nothing newer waits. */
  rejection_reason: z.string().nullable(),
  /** What waits for the office: the whole product ('new') or a change of its curated values. */
  pending_change: z.object({ kind: z.enum(CHANGE_KINDS), proposed: curatedValuesSchema, submitted_at: z.string() }).nullable(),
});
export type PartnerCuration = z.infer<typeof partnerCurationSchema>;

export const partnerProductSchema = productSchema.extend({ curation: partnerCurationSchema });
export type PartnerProduct = z.infer<typeof partnerProductSchema>;

/** The badge of a partner's product card: "Menunggu kurasi", "Ditolak: <alasan>", "Aktif" or "Nonaktif". */
export function partnerProductBadge(p: { is_active: boolean; curation: PartnerCuration }): { tone: 'amber' | 'red' | 'green' | 'stone'; text: string } {
  if (p.curation.status === 'pending' || p.curation.pending_change?.kind === 'new') return { tone: 'amber', text: curationLabels.pending };
  if (p.curation.status === 'rejected') return { tone: 'red', text: `${curationLabels.rejected}: ${p.curation.rejection_reason ?? ''}`.trim() };
  return p.is_active ? { tone: 'green', text: 'Aktif' } : { tone: 'stone', text: 'Nonaktif' };
}

/** The second line of a live product's card: its waiting or rejected change. */
export function partnerChangeNote(p: { curation: PartnerCuration }): string | null {
  if (p.curation.status !== 'approved') return null;
  if (p.curation.pending_change?.kind === 'change') return 'Perubahan menunggu kurasi';
  if (p.curation.rejection_reason) return `Perubahan ditolak: ${p.curation.rejection_reason}`;
  return null;
}

/** The admin grid's extra per product (issue 29): where it stands with the office. */
export const adminProductCurationSchema = z.object({ curation_status: curationStatusSchema, curation_pending_change: z.boolean() });
export type AdminProductCuration = z.infer<typeof adminProductCurationSchema>;
