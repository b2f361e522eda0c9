/** Partner businesses (docs/requirements/back-office.md §2 Businesses, §3, §5, §8). */
import { z } from 'zod';
import { optionalText, requiredText, sortQueryFields, tooLongMessage, versionField } from '../common/index';
import { CERTIFICATE_KINDS, certificateSchema, partnerBankAccountFields, type CertificateKind } from '../partners/index';

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

const text = (max: number) => z.string().trim().max(max, { error: tooLongMessage(max) }).nullish().transform((v) => v ?? '');

/** Ids arrive as numbers from the form (spec: "Submitted ids are numbers"); text digits are accepted too. */
const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message }),
  );

/**
 * Trust marks (issue 29 part 6, docs/decisions/059-trust-marks.md). Numbers are checked leniently:
 * the office verifies them against the issuing registry, so the form only refuses what cannot be a
 * number at all. NIB is the one fixed format (OSS: 13 digits); spaces typed between groups are dropped.
 */
export const certificateMessages = {
  nibFormat: 'NIB terdiri dari 13 angka.',
  numberChars: 'Nomor hanya boleh berisi huruf, angka, spasi, titik, garis miring, atau tanda hubung.',
  numberShort: 'Nomor terlalu pendek (minimal 3 karakter).',
  numberLong: 'Nomor terlalu panjang (maksimal 50 karakter).',
  verifyWithoutNumber: 'Isi nomornya dulu sebelum menandai terverifikasi.',
  accountDigits: 'Nomor rekening hanya berisi angka (6 sampai 30 angka).',
  verified: 'Terverifikasi Dinas',
  waiting: 'Menunggu verifikasi',
  saved: 'Nomor sertifikat tersimpan. Nomor yang berubah menunggu verifikasi Dinas.',
  changedClears: 'Nomor berubah: simpan dulu, verifikasi setelah nomor baru diperiksa.',
} as const;

const NUMBER_CHARS = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/** An optional certificate number: empty means none (stored as null). */
export const certificateNumberSchema = (kind: CertificateKind) =>
  z
    .string({ error: certificateMessages.numberChars })
    .nullish()
    .transform((v) => (v ?? '').trim().replace(/\s+/g, ' '))
    .pipe(
      kind === 'nib'
        ? z
            .string()
            .transform((v) => v.replace(/ /g, ''))
            .refine((v) => v === '' || /^\d{13}$/.test(v), { error: certificateMessages.nibFormat })
        : z
            .string()
            .refine((v) => v === '' || v.length >= 3, { error: certificateMessages.numberShort })
            .refine((v) => v.length <= 50, { error: certificateMessages.numberLong })
            .refine((v) => v === '' || NUMBER_CHARS.test(v), { error: certificateMessages.numberChars }),
    )
    .transform((v) => (v === '' ? null : v));

/** The four numbers as a partner sends them (PUT /mitra/certificates) and as the admin form carries them. */
export const certificateNumbersSchema = z.object({
  nib: certificateNumberSchema('nib'),
  pirt: certificateNumberSchema('pirt'),
  bpom: certificateNumberSchema('bpom'),
  halal: certificateNumberSchema('halal'),
});
export type CertificateNumbers = z.infer<typeof certificateNumbersSchema>;

/** The office's tick per mark: ticked keeps (or sets) the verification time, unticked clears it. */
const verifiedTicks = {
  nib_verified: z.boolean().default(false),
  pirt_verified: z.boolean().default(false),
  bpom_verified: z.boolean().default(false),
  halal_verified: z.boolean().default(false),
};

/** What the office keeps beside the spec's fields (all optional): owner, goods, marks, payout account. */
const partnerDetailFields = {
  owner_name: text(150),
  sells: text(500),
  ...certificateNumbersSchema.shape,
  ...verifiedTicks,
  bank_name: optionalText(100),
  bank_account_number: z
    .string()
    .nullish()
    .transform((v) => (v ?? '').replace(/[\s.-]/g, ''))
    .refine((v) => v === '' || /^\d{6,30}$/.test(v), { error: certificateMessages.accountDigits })
    .transform((v) => (v === '' ? null : v)),
  bank_account_name: optionalText(150),
};

const businessFields = z.object({
  name: requiredText(businessMessages.nameRequired, 150),
  description: text(2000),
  address: text(500),
  city_id: requiredId(businessMessages.cityRequired),
  district_id: requiredId(businessMessages.districtRequired),
  contact_name: text(150),
  contact_email: text(254).refine((v) => v === '' || EMAIL.test(v), { error: businessMessages.emailInvalid }),
  contact_phone: text(30),
  website: text(300).transform(normalizeWebsite),
  is_active: z.boolean().default(true),
  ...partnerDetailFields,
});

/** A tick with no number would mark nothing: said on the tick's field rather than dropped. */
function tickNeedsNumber(ctx: z.core.ParsePayload<CertificateNumbers & Record<`${CertificateKind}_verified`, boolean>>): void {
  for (const kind of CERTIFICATE_KINDS) {
    if (ctx.value[`${kind}_verified`] && ctx.value[kind] === null) {
      ctx.issues.push({ code: 'custom', input: ctx.value[`${kind}_verified`], path: [`${kind}_verified`], message: certificateMessages.verifyWithoutNumber });
    }
  }
}

export const businessInputSchema = businessFields.check(tickNeedsNumber);
export type BusinessInput = z.infer<typeof businessInputSchema>;
export type BusinessFormValues = z.input<typeof businessInputSchema>;

export const businessUpdateSchema = businessFields.extend({ version: versionField }).check(tickNeedsNumber);
export type BusinessUpdate = z.infer<typeof businessUpdateSchema>;

/** A verified certificate as the public sees it: a badge with its number. */
export const trustMarkSchema = z.object({ kind: z.enum(CERTIFICATE_KINDS), number: z.string() });
export type TrustMark = z.infer<typeof trustMarkSchema>;

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
  /** The marks the office verified, for everybody to see (an unverified number is never here). */
  trust_marks: z.array(trustMarkSchema),
});
export type Business = z.infer<typeof businessSchema>;

/** The admin's answer: the public fields and what only the office may read. */
export const adminBusinessSchema = businessSchema.extend({
  owner_name: z.string(),
  sells: z.string(),
  /** Every entered number with its verification (verified_at null: waiting for the office). */
  certificates: z.array(certificateSchema),
  ...partnerBankAccountFields,
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

/** Verified marks only, in CERTIFICATE_KINDS order: what any public answer may show. */
export function trustMarksOf(row: Record<CertificateKind | `${CertificateKind}_verified_at`, string | Date | null | undefined>): TrustMark[] {
  const marks: TrustMark[] = [];
  for (const kind of CERTIFICATE_KINDS) {
    const number = row[kind];
    if (typeof number === 'string' && number.trim() !== '' && row[`${kind}_verified_at`] != null) marks.push({ kind, number });
  }
  return marks;
}

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
