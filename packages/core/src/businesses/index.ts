/** Partner businesses (docs/requirements/back-office.md §2 Businesses, §3, §5, §8). */
import { z } from 'zod';
import { sortQueryFields, versionField } from '../common/index';

const DELETED = 'Usaha mitra berhasil dihapus.';

export const businessMessages = {
  nameRequired: 'Business name is required',
  cityRequired: 'Select a city / regency',
  districtRequired: 'Select a district',
  emailInvalid: 'Email is not valid',
  recheck: 'Periksa kembali isian yang ditandai merah.',
  loadFailed: 'Failed to load businesses.',
  saveFailed: 'Failed to save business.',
  deleteFailed: 'Failed to delete business.',
  citiesFailed: 'Failed to load cities for the configured province. Please reload the page.',
  districtsFailed: 'Failed to load subdistricts for the selected city.',
  /** Not in the spec: the store's own location (its province) is a setting the city list depends on. */
  storeLocationMissing: 'Lokasi toko belum diatur, jadi daftar kota/kabupaten tidak bisa dimuat. Minta pengelola sistem mengisi lokasi toko (pengaturan store_location), lalu muat ulang halaman.',
  deleteConfirm: 'Are you sure you want to delete this business?',
  noLocation: 'Lokasi belum diatur',
  followUp: 'Perlu tindak lanjut',
  notFound: 'Usaha mitra tidak ditemukan.',
  unknownCity: 'Kota/kabupaten tidak dikenal di provinsi toko.',
  unknownDistrict: 'Kecamatan tidak dikenal di kota/kabupaten yang dipilih.',
  created: 'Usaha mitra berhasil ditambahkan.',
  updated: 'Usaha mitra berhasil diperbarui.',
  deleted: DELETED,
  /** Its products stay in the catalogue without a partner (products.business_id ON DELETE SET NULL). */
  deletedWithProducts: (count: number) => (count > 0 ? `${DELETED} ${count} produknya tetap ada di katalog, kini tanpa usaha mitra.` : DELETED),
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec: website shown and linked with https:// added when missing. */
export function normalizeWebsite(value: string): string {
  const v = value.trim();
  if (v === '') return '';
  return /^https?:\/\//i.test(v) ? v : `https://${v}`;
}

const text = (max: number) => z.string().trim().max(max, { error: `Maksimal ${max} karakter.` }).nullish().transform((v) => v ?? '');

/** Ids arrive as numbers from the form (spec: "Submitted ids are numbers"); text digits are accepted too. */
const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message }),
  );

export const businessInputSchema = z.object({
  name: z.string({ error: businessMessages.nameRequired }).trim().min(1, { error: businessMessages.nameRequired }).max(150, { error: 'Maksimal 150 karakter.' }),
  description: text(2000),
  address: text(500),
  city_id: requiredId(businessMessages.cityRequired),
  district_id: requiredId(businessMessages.districtRequired),
  contact_name: text(150),
  contact_email: text(254).refine((v) => v === '' || EMAIL.test(v), { error: businessMessages.emailInvalid }),
  contact_phone: text(30),
  website: text(300).transform(normalizeWebsite),
  is_active: z.boolean().default(true),
});
export type BusinessInput = z.infer<typeof businessInputSchema>;

export const businessUpdateSchema = businessInputSchema.extend({ version: versionField });
export type BusinessUpdate = z.infer<typeof businessUpdateSchema>;

export const businessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  city_id: z.number().int().nullable(),
  district_id: z.number().int().nullable(),
  city_name: z.string().nullable(),
  district_name: z.string().nullable(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  website: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
  product_count: z.number().int(),
});
export type Business = z.infer<typeof businessSchema>;

/**
 * The orders of the business list (issue 17), by what the cards show: name, location (as the card
 * reads it, "district, city"), number of products, registration date.
 */
export const BUSINESS_SORTS = ['name', 'location', 'product_count', 'created_at'] as const;
export type BusinessSort = (typeof BUSINESS_SORTS)[number];
/** By name, as the list was before it could be sorted. */
export const DEFAULT_BUSINESS_SORT = { sort: 'name', dir: 'asc' } as const;
export const businessListQuerySchema = z.object(sortQueryFields(BUSINESS_SORTS, DEFAULT_BUSINESS_SORT));
export type BusinessListQuery = z.infer<typeof businessListQuerySchema>;

/** The spec's search: name, description, address, city, district, contact name and e-mail, case-insensitive. */
export function businessMatches(business: Pick<Business, 'name' | 'description' | 'address' | 'city_name' | 'district_name' | 'contact_name' | 'contact_email'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [business.name, business.description, business.address, business.city_name, business.district_name, business.contact_name, business.contact_email].some(
    (field) => (field ?? '').toLowerCase().includes(q),
  );
}
