/** Couriers with regional prices (docs/requirements/back-office.md §2 Couriers, §3, §5, §8, §9). */
import { z } from 'zod';
import { coercedIdField, idField, listSearchField, optionalText, requiredText, sortQueryFields, versionField } from '../common/index';
import { labelled } from '../common/labelled';

export const { values: COURIER_TYPES, labels: courierTypeLabels } = labelled(['motorcycle', 'car', 'truck'], { motorcycle: 'Motor', car: 'Mobil', truck: 'Truk' });
export const { values: COURIER_STATUSES, labels: courierStatusLabels } = labelled(['active', 'busy', 'inactive'], { active: 'Aktif', busy: 'Sibuk', inactive: 'Tidak aktif' });
export type CourierType = (typeof COURIER_TYPES)[number];
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export const courierMessages = {
  nameRequired: 'Courier name is required',
  phoneRequired: 'Phone number is required',
  typeRequired: 'Type is required',
  statusRequired: 'Status is required',
  emailInvalid: 'Email is not valid',
  loadFailed: 'Failed to load couriers',
  saveFailed: 'Failed to save courier',
  deleteFailed: 'Failed to delete courier',
  deleteConfirm: 'Are you sure you want to delete this courier?',
  vehicleMissing: 'Vehicle not registered',
  pricingMissing: 'Pricing not set yet',
  notFound: 'Kurir tidak ditemukan.',
  created: 'Kurir berhasil ditambahkan.',
  updated: 'Kurir berhasil diperbarui.',
  deleted: 'Kurir berhasil dihapus.',
  // Prices
  regionRequired: 'Region is required',
  // The spec gives no wording for these; prices are whole rupiah (docs/decisions/011), so the
  // message says so with an example a cashier would type.
  basePriceRequired: 'Harga dasar wajib diisi.',
  basePriceInvalid: 'Harga dasar harus rupiah bulat, 0 atau lebih, tanpa desimal atau titik (contoh: 12500).',
  perKmInvalid: 'Harga per km harus rupiah bulat, 0 atau lebih, tanpa desimal atau titik (contoh: 2000).',
  minPriceInvalid: 'Harga minimum harus rupiah bulat, 0 atau lebih, tanpa desimal atau titik (contoh: 10000).',
  priceSaveFailed: 'Failed to save price',
  priceDeleteFailed: 'Failed to delete price',
  priceDeleteConfirm: 'Delete this price?',
  priceNotFound: 'Harga kurir tidak ditemukan.',
  unknownDistrict: 'Kecamatan tidak dikenal di kota toko.',
  priceCreated: 'Harga wilayah berhasil ditambahkan.',
  priceUpdated: 'Harga wilayah berhasil diperbarui.',
  priceDeleted: 'Harga wilayah berhasil dihapus.',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const courierInputSchema = z.object({
  courier_name: requiredText(courierMessages.nameRequired, 100),
  logo: optionalText(500),
  type: z.enum(COURIER_TYPES, { error: courierMessages.typeRequired }).default('motorcycle'),
  status: z.enum(COURIER_STATUSES, { error: courierMessages.statusRequired }).default('active'),
  phone_number: requiredText(courierMessages.phoneRequired, 30),
  email: optionalText(254).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: courierMessages.emailInvalid }),
  address: optionalText(500),
  vehicle_number: optionalText(30),
  license_number: optionalText(50),
  city_id: z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? null : typeof v === 'string' ? Number(v) : v), idField().nullable()),
  notes: optionalText(1000),
  is_active: z.boolean().default(true),
});
export type CourierInput = z.infer<typeof courierInputSchema>;
export const courierUpdateSchema = courierInputSchema.extend({ version: versionField });

/**
 * Whole rupiah of 0 or more (docs/decisions/011-courier-prices-whole-rupiah.md): the spec's
 * step 0.01 is not taken, a decimal is refused with a message rather than rounded silently.
 * Numbers typed as text are read as numbers.
 */
const rupiah = (requiredMessage: string, invalidMessage: string, optional: boolean) =>
  z.preprocess(
    (v) => (blank(v) ? (optional ? 0 : undefined) : typeof v === 'string' ? Number(v.replace(',', '.')) : v),
    z.number({ error: (issue) => (issue.input === undefined ? requiredMessage : invalidMessage) }).int({ error: invalidMessage }).min(0, { error: invalidMessage }).max(100_000_000, { error: invalidMessage }),
  );

export const courierPriceInputSchema = z.object({
  region: requiredText(courierMessages.regionRequired, 120),
  district_id: z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? null : typeof v === 'string' ? Number(v) : v), idField().nullable()),
  base_price: rupiah(courierMessages.basePriceRequired, courierMessages.basePriceInvalid, false),
  price_per_km: rupiah(courierMessages.perKmInvalid, courierMessages.perKmInvalid, true),
  min_price: rupiah(courierMessages.minPriceInvalid, courierMessages.minPriceInvalid, true),
  notes: optionalText(500),
  is_active: z.boolean().default(true),
});
export type CourierPriceInput = z.infer<typeof courierPriceInputSchema>;
export const courierPriceCreateSchema = courierPriceInputSchema.extend({
  courier_id: coercedIdField(courierMessages.notFound),
});
export const courierPriceUpdateSchema = courierPriceInputSchema.extend({ version: versionField });

export const courierPriceSchema = z.object({
  id: z.number().int(),
  courier_id: z.number().int(),
  region: z.string(),
  district_id: z.number().int().nullable(),
  district_name: z.string().nullable(),
  base_price: z.number().int(),
  price_per_km: z.number().int(),
  min_price: z.number().int(),
  max_distance_km: z.number().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  version: z.number().int(),
});
export type CourierPrice = z.infer<typeof courierPriceSchema>;

export const courierSchema = z.object({
  id: z.number().int(),
  courier_name: z.string(),
  logo: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  vehicle_number: z.string().nullable(),
  license_number: z.string().nullable(),
  city_id: z.number().int().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
  price_count: z.number().int(),
  prices: z.array(courierPriceSchema),
});
export type Courier = z.infer<typeof courierSchema>;
export * from './local-option.schema';

/** The orders of the courier cards (issue 31): name, status, number of price regions, date added. */
export const COURIER_SORTS = ['courier_name', 'status', 'price_count', 'created_at'] as const;
export type CourierSort = (typeof COURIER_SORTS)[number];
/** By name, as the list was before it could be sorted. */
export const DEFAULT_COURIER_SORT = { sort: 'courier_name', dir: 'asc' } as const;
/** `q` finds a courier by name, phone, e-mail, address or vehicle number, any letter case. */
export const courierListQuerySchema = z.object({ q: listSearchField, ...sortQueryFields(COURIER_SORTS, DEFAULT_COURIER_SORT) });
export type CourierListQuery = z.infer<typeof courierListQuerySchema>;
