/**
 * The back office's product payload (docs/requirements/back-office.md §5): one schema for the admin form and
 * for POST/PUT /products, JSON or multipart (where every field arrives as text and the JSON
 * fields as JSON strings), with the spec's messages and its defaults on save.
 */
import { z } from 'zod';
import { parseImageList } from '../catalog/constants';
import { coercedIdField, coercedVersionField, optionalText, pageQueryField, pageSizeQueryField, requiredText, sortQueryFields } from '../common/index';

export const MAX_SIZE_VARIANTS = 3;
export const LOW_STOCK_THRESHOLD = 5;
export const ADMIN_PRODUCT_PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_ADMIN_PRODUCT_PAGE_SIZE = 12;
export const DEFAULT_WEIGHT_GRAMS = 500;

export const productMessages = {
  nameRequired: 'Nama produk wajib diisi.',
  priceRequired: 'Harga wajib diisi dan harus lebih dari 0 (rupiah, tanpa desimal).',
  resellerPrice: 'Harga reseller harus berupa angka positif',
  discount: 'Diskon harus berada pada rentang 0 - 100',
  categoryRequired: 'Kategori wajib dipilih.',
  unknownCategory: 'Kategori tidak ditemukan.',
  unknownBusiness: 'Usaha mitra tidak ditemukan.',
  stockRequired: 'Stok wajib diisi dengan bilangan bulat 0 atau lebih.',
  weight: 'Berat wajib diisi dalam gram (bilangan bulat lebih dari 0).',
  variants: 'Lengkapi nama dan harga positif untuk setiap varian yang digunakan.',
  tooManyVariants: `Maksimal ${MAX_SIZE_VARIANTS} varian ukuran.`,
  duplicateVariant: 'Nama varian ukuran tidak boleh sama.',
  optionGroups: 'Isi nama opsi dan minimal satu nilai untuk setiap kelompok opsi.',
  loadFailed: 'Gagal memuat data produk.',
  deleteFailed: 'Gagal menghapus produk.',
  saveFailed: 'Gagal menyimpan data produk.',
  notFound: 'Produk tidak ditemukan.',
  deleteConfirm: (name: string) => `Hapus produk "${name}"?`,
  created: 'Produk berhasil ditambahkan.',
  updated: 'Produk berhasil diperbarui.',
  deleted: 'Produk berhasil dihapus.',
  deactivated: 'Produk ini sudah pernah dipesan, jadi dinonaktifkan (bukan dihapus) agar riwayat pesanan tetap utuh.',
  tooManyImages: 'Maksimal 10 gambar tambahan per produk.',
  imageType: 'Format gambar harus JPG, PNG, atau WEBP.',
  imageTooLarge: (mb: number) => `Ukuran gambar maksimal ${mb} MB.`,
  /** Not in the spec (issue 14): a small file can announce an image far too large to decode. */
  imageTooManyPixels: (megapixels: number) => `Gambar terlalu besar: maksimal ${megapixels} megapiksel.`,
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Text from a form or JSON; numbers in text are read as numbers ('15000' → 15000, '12,5' → 12.5). */
function toNumber(v: unknown): unknown {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim().replace(',', '.'));
    return Number.isNaN(n) ? v : n;
  }
  return v;
}

function toBoolean(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(t)) return true;
    if (['false', '0', 'off', 'no', ''].includes(t)) return false;
  }
  return v;
}

function toJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return [];
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return v;
  }
}

const money = (message: string) => z.preprocess(toNumber, z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(1_000_000_000, { error: message }));

const variantInput = z.object({
  label: z.unknown(),
  price: z.unknown(),
  reseller_price: z.unknown().optional(),
  stock: z.unknown().optional(),
});

export interface SizeVariantInput {
  label: string;
  price: number;
  reseller_price: number;
  stock: number;
}

/**
 * Rows nobody started (everything blank) are dropped; a started row needs a label and a positive
 * price, an optional reseller price ≥ 0 and an optional integer stock ≥ 0. Defaults on save:
 * reseller price = price, stock = 0 (spec §5).
 */
export function normalizeVariants(rows: readonly z.infer<typeof variantInput>[]): SizeVariantInput[] | string {
  const started = rows.filter((r) => !(blank(r.label) && blank(r.price) && blank(r.reseller_price) && blank(r.stock)));
  const out: SizeVariantInput[] = [];
  for (const row of started) {
    const label = typeof row.label === 'string' ? row.label.trim() : '';
    const price = toNumber(row.price);
    const reseller = blank(row.reseller_price) ? undefined : toNumber(row.reseller_price);
    const stock = blank(row.stock) ? 0 : toNumber(row.stock);
    if (label === '' || label.length > 60 || typeof price !== 'number' || !Number.isInteger(price) || price <= 0 || price > 1_000_000_000) return productMessages.variants;
    if (reseller !== undefined && (typeof reseller !== 'number' || !Number.isInteger(reseller) || reseller < 0 || reseller > 1_000_000_000)) return productMessages.variants;
    if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0 || stock > 1_000_000) return productMessages.variants;
    out.push({ label, price, reseller_price: reseller ?? price, stock });
  }
  if (out.length > MAX_SIZE_VARIANTS) return productMessages.tooManyVariants;
  if (new Set(out.map((v) => v.label.toLowerCase())).size !== out.length) return productMessages.duplicateVariant;
  return out;
}

export interface OptionGroupInput {
  name: string;
  values: string[];
}

/** Values may come as a list or as comma-separated text ("Original, Pedas, Extra pedas"). */
export function normalizeOptionGroups(rows: readonly { name?: unknown; values?: unknown }[]): OptionGroupInput[] | string {
  const out: OptionGroupInput[] = [];
  for (const row of rows) {
    const name = typeof row.name === 'string' ? row.name.trim() : '';
    const rawValues = Array.isArray(row.values) ? row.values : typeof row.values === 'string' ? row.values.split(',') : [];
    const values = [...new Set(rawValues.filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean))];
    if (name === '' && values.length === 0) continue;
    if (name === '' || values.length === 0 || name.length > 60 || values.some((v) => v.length > 60) || values.length > 30) return productMessages.optionGroups;
    out.push({ name, values });
  }
  if (new Set(out.map((g) => g.name.toLowerCase())).size !== out.length) return productMessages.optionGroups;
  if (out.length > 10) return productMessages.optionGroups;
  return out;
}

export const productInputSchema = z
  .object({
    name: requiredText(productMessages.nameRequired, 200, 'Nama produk maksimal 200 karakter.'),
    description: z.string().trim().max(10_000, { error: 'Deskripsi maksimal 10.000 karakter.' }).nullish().transform((v) => v ?? ''),
    price: z.preprocess(toNumber, z.number({ error: productMessages.priceRequired }).int({ error: productMessages.priceRequired }).positive({ error: productMessages.priceRequired }).max(1_000_000_000, { error: productMessages.priceRequired })),
    reseller_price: z.preprocess((v) => (blank(v) ? undefined : toNumber(v)), money(productMessages.resellerPrice).optional()),
    discount: z.preprocess(
      (v) => (blank(v) ? undefined : toNumber(v)),
      z
        .number({ error: productMessages.discount })
        .min(0, { error: productMessages.discount })
        .max(100, { error: productMessages.discount })
        // Steps of 0.1: 12.5 is fine, 12.55 is not.
        .refine((d) => Math.abs(Math.round(d * 10) - d * 10) < 1e-9, { error: productMessages.discount })
        .optional(),
    ),
    stock: z.preprocess(toNumber, z.number({ error: productMessages.stockRequired }).int({ error: productMessages.stockRequired }).min(0, { error: productMessages.stockRequired }).max(1_000_000, { error: productMessages.stockRequired })),
    is_active: z.preprocess(toBoolean, z.boolean({ error: 'Status aktif tidak valid.' }).default(true)),
    category_id: z.preprocess(
      (v) => (blank(v) ? undefined : toNumber(v)),
      z.number({ error: productMessages.categoryRequired }).int({ error: productMessages.categoryRequired }).positive({ error: productMessages.categoryRequired }).max(2_147_483_647, { error: productMessages.categoryRequired }),
    ),
    business_id: z.preprocess(
      (v) => (blank(v) || v === 0 || v === '0' ? null : toNumber(v)),
      z.number({ error: productMessages.unknownBusiness }).int({ error: productMessages.unknownBusiness }).positive({ error: productMessages.unknownBusiness }).max(2_147_483_647, { error: productMessages.unknownBusiness }).nullable(),
    ),
    size: optionalText(100),
    notes: optionalText(2000),
    weight_grams: z.preprocess(
      (v) => (blank(v) ? DEFAULT_WEIGHT_GRAMS : toNumber(v)),
      z.number({ error: productMessages.weight }).int({ error: productMessages.weight }).positive({ error: productMessages.weight }).max(1_000_000, { error: productMessages.weight }),
    ),
    /** "Hanya kirim lokal" (issue 28): the checkout offers only local couriers for it. */
    local_only: z.preprocess(toBoolean, z.boolean().default(false)),
    ai_status: z.preprocess(toBoolean, z.boolean().optional()),
    ai_description: optionalText(5000),
    size_variants: z.preprocess(toJson, z.array(variantInput, { error: productMessages.variants }).default([])).transform((rows, ctx) => {
      const result = normalizeVariants(rows);
      if (typeof result === 'string') {
        ctx.addIssue({ code: 'custom', message: result });
        return z.NEVER;
      }
      return result;
    }),
    option_groups: z
      .preprocess(toJson, z.array(z.object({ name: z.unknown(), values: z.unknown() }), { error: productMessages.optionGroups }).default([]))
      .transform((rows, ctx) => {
        const result = normalizeOptionGroups(rows);
        if (typeof result === 'string') {
          ctx.addIssue({ code: 'custom', message: result });
          return z.NEVER;
        }
        return result;
      }),
    /** Images already stored that the product keeps (uploads add to them). */
    images: z.preprocess((v) => (v === undefined ? undefined : parseImageList(v)), z.array(z.string().max(500)).max(10, { error: productMessages.tooManyImages }).optional()),
    /** The cover already stored that the product keeps; '' or null removes it; absent keeps the current one. */
    image_cover: z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(500).optional()),
  })
  .transform((p) => ({
    ...p,
    // Defaults on save (spec §5).
    reseller_price: p.reseller_price ?? p.price,
    discount: p.discount ?? 0,
    // With variants the product sells from them; its stock is their sum (docs/decisions/008).
    stock: p.size_variants.length > 0 ? p.size_variants.reduce((sum, v) => sum + v.stock, 0) : p.stock,
    ai_status: p.ai_status ?? Boolean(p.ai_description),
  }));
export type ProductInput = z.infer<typeof productInputSchema>;

export const productUpdateSchema = z
  .object({ version: z.preprocess((v) => (blank(v) ? undefined : v), coercedVersionField) })
  .and(productInputSchema);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/**
 * Orders of the admin product grid (issue 17): what a card shows. `price` is the price the card
 * shows (the lowest variant's when there are variants, after the discount), not the stored field.
 */
export const ADMIN_PRODUCT_SORTS = ['created_at', 'name', 'price', 'stock', 'category', 'business'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
/** Newest first, as the grid was before it could be sorted. */
export const DEFAULT_ADMIN_PRODUCT_SORT = { sort: 'created_at', dir: 'desc' } as const;

/** Filters and order of the admin product grid. */
export const adminProductQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  category_id: coercedIdField().optional(),
  business_id: coercedIdField().optional(),
  active: z.enum(['all', 'active', 'inactive']).default('all'),
  low_stock: z.preprocess(toBoolean, z.boolean().default(false)),
  page: pageQueryField(),
  page_size: pageSizeQueryField(ADMIN_PRODUCT_PAGE_SIZES, DEFAULT_ADMIN_PRODUCT_PAGE_SIZE, 'Ukuran halaman harus 12, 24, atau 48.'),
  ...sortQueryFields(ADMIN_PRODUCT_SORTS, DEFAULT_ADMIN_PRODUCT_SORT),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

export const adminProductStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  low_stock: z.number().int(),
  out_of_stock: z.number().int(),
});
export type AdminProductStats = z.infer<typeof adminProductStatsSchema>;

/** Low stock means 5 or less (spec §9). */
export function isLowStock(stock: number): boolean {
  return stock <= LOW_STOCK_THRESHOLD;
}
