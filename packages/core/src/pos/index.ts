/** Point of sale (back-office spec §2 Point of sale, §4, §5, §9): one rule set for POS screen and API. */
import { z } from 'zod';
import { posPickupSchema, qrisSettingSchema } from '../settings/index';

export * from './qris';

export const POS_PAYMENT_METHODS = ['cash', 'qris', 'debit', 'transfer'] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];
export const posPaymentLabels: Record<PosPaymentMethod, string> = { cash: 'Tunai', qris: 'QRIS', debit: 'Debit', transfer: 'Transfer' };

/** Cash input step and minimum (spec §9). */
export const CASH_STEP = 1000;

export const posMessages = {
  emptyCart: 'Tambahkan produk ke keranjang terlebih dahulu.',
  shortCash: 'Pembayaran tunai kurang dari total belanja.',
  noStock: 'Stok produk tidak mencukupi.',
  overStock: 'Jumlah item tidak dapat melebihi stok tersedia.',
  productsFailed: 'Gagal memuat data produk. Silakan coba lagi.',
  pickupFailed: 'Gagal memuat pengaturan lokasi pickup. Gunakan informasi manual jika diperlukan.',
  saveFailed: 'Gagal menyimpan transaksi. Silakan coba lagi.',
  noPickup: 'Belum ada konfigurasi pickup.',
  saved: 'Transaksi berhasil disimpan.',
  unknownMethod: 'Metode pembayaran tidak dikenal.',
  unknownProduct: (id: number) => `Produk #${id} tidak ditemukan atau sudah tidak dijual.`,
  variantRequired: (name: string) => `Pilih ukuran untuk ${name}.`,
  unknownVariant: (label: string, name: string) => `Ukuran "${label}" tidak tersedia untuk ${name}.`,
  noQris: 'QRIS toko belum dikonfigurasi. Minta admin mengisi payload QRIS statis di pengaturan POS.',
  badQris: 'Payload QRIS toko tidak valid (format atau CRC salah). Periksa pengaturan POS.',
  settingsSaved: 'Pengaturan POS berhasil disimpan.',
  emailInvalid: 'Format email tidak valid.',
} as const;

const optionalText = (max: number) => z.string().trim().max(max, { error: `Maksimal ${max} karakter.` }).nullish().transform((v) => (v ? v : null));

export const posSaleItemSchema = z.object({
  product_id: z.coerce.number({ error: 'Produk tidak valid.' }).int().positive({ error: 'Produk tidak valid.' }),
  quantity: z.coerce.number({ error: 'Jumlah tidak valid.' }).int({ error: 'Jumlah tidak valid.' }).min(1, { error: 'Jumlah minimal 1.' }).max(1000, { error: posMessages.overStock }),
  /** Sent by the POS, never used: the server prices every line itself. */
  price: z.number().optional(),
  /** 'default' means no variant (spec §9). */
  variant_label: z.string().trim().max(100).nullish().transform((v) => (v && v !== 'default' ? v : null)),
});

export const posSaleSchema = z.object({
  customer_name: optionalText(120),
  customer_phone: optionalText(25),
  customer_email: optionalText(254).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: posMessages.emailInvalid }),
  notes: optionalText(1000),
  payment_method: z.enum(POS_PAYMENT_METHODS, { error: posMessages.unknownMethod }).default('cash'),
  payment_reference: optionalText(120),
  cash_received: z.coerce.number().min(0).max(1_000_000_000).nullish().transform((v) => (v === null || v === undefined ? null : Math.round(v))),
  /** Sent by the POS, never used: the server computes the total. */
  total_amount: z.number().optional(),
  order_items: z.array(posSaleItemSchema).max(200).default([]),
});
export type PosSale = z.infer<typeof posSaleSchema>;

/** Change due = cash received minus total, when paying cash and positive (spec §9). */
export function changeDue(method: PosPaymentMethod, cashReceived: number | null, total: number): number {
  if (method !== 'cash' || cashReceived === null) return 0;
  return Math.max(0, cashReceived - total);
}

/** The sale-level rule in the spec's order: empty cart, then short cash. */
export function posSaleError(input: { itemCount: number; method: PosPaymentMethod; cashReceived: number | null; total: number }): string | null {
  if (input.itemCount === 0) return posMessages.emptyCart;
  if (input.method === 'cash' && (input.cashReceived ?? 0) < input.total) return posMessages.shortCash;
  return null;
}

/** The POS cart line key combines product id and variant label (spec §9). */
export function posLineKey(productId: number, variantLabel: string | null | undefined): string {
  return `${productId}-${variantLabel && variantLabel !== 'default' ? variantLabel : 'default'}`;
}

/** Quantity clamped between 1 and stock (spec §5). */
export function clampPosQuantity(quantity: number, stock: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.max(1, Math.min(Math.floor(quantity), Math.max(stock, 1)));
}

export const posSettingsSchema = z.object({
  pickup: posPickupSchema,
  qris: qrisSettingSchema,
});
export type PosSettings = z.infer<typeof posSettingsSchema>;

/** What the POS screen reads: pickup (null when not configured) and the QRIS state. */
export const posSettingsViewSchema = posPickupSchema.extend({
  configured: z.boolean(),
  qris_payload: z.string(),
  qris_merchant_name: z.string(),
  qris_valid: z.boolean(),
});
export type PosSettingsView = z.infer<typeof posSettingsViewSchema>;
