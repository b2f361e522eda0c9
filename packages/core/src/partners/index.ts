/**
 * Partners as users (issue 29, docs/decisions/053-partners-as-users.md): the `mitra` role, the
 * partner program's store setting, a partner's profile with its trust marks. Applications,
 * curation, settlement and reports have their own modules beside this one.
 */
import { z } from 'zod';
import { labelled } from '../common/labelled';

/** The role of a partner business's account; its corner is /mitra. */
export const PARTNER_ROLE = 'mitra';

export const partnerMessages = {
  noBusiness: 'Akun mitra ini belum terhubung ke usaha. Hubungi Dinas.',
  notYours: 'Data ini bukan milik usaha Anda.',
} as const;

/** The certificates a partner may hold; each is a trust mark once the office verified it. */
export const { values: CERTIFICATE_KINDS, labels: certificateLabels } = labelled(['nib', 'pirt', 'bpom', 'halal'], { nib: 'NIB', pirt: 'PIRT', bpom: 'BPOM', halal: 'Halal' });
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const certificateSchema = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** A business's certificates as stored (number and verification time per kind), in CERTIFICATE_KINDS order. */
export function certificatesOf(row: Record<`${CertificateKind}` | `${CertificateKind}_verified_at`, string | Date | null | undefined>): Certificate[] {
  const out: Certificate[] = [];
  for (const kind of CERTIFICATE_KINDS) {
    const number = row[kind];
    if (typeof number !== 'string' || number.trim() === '') continue;
    const at = row[`${kind}_verified_at`];
    out.push({ kind, number, verified: at != null, verified_at: at == null ? null : typeof at === 'string' ? at : at.toISOString() });
  }
  return out;
}

/** Store setting `partner_program`: commission, curation and the partner's sending deadline. */
export const partnerProgramSchema = z.object({
  /** The store's commission on a partner's goods, percent in steps of 0.1; a partner may have its own. */
  commission_percent: z.number({ error: 'Komisi harus berupa angka.' }).min(0, { error: 'Komisi minimal 0%.' }).max(100, { error: 'Komisi maksimal 100%.' }).default(5),
  /** A partner's new product waits for the office before it shows in the storefront. */
  curate_new_products: z.boolean().default(true),
  /** A change of name, description, images or category waits for the office. */
  curate_changes: z.boolean().default(true),
  /** Days after payment by which a partner must send its parcel (the deadline on its Pesanan). */
  ship_within_days: z.number().int().min(1).max(14).default(2),
});
export type PartnerProgram = z.infer<typeof partnerProgramSchema>;
export const defaultPartnerProgram: PartnerProgram = partnerProgramSchema.parse({});

/** The commission rate that applies to a partner: its own when the office set one, else the store's. */
export function commissionPercentFor(partner: { commission_percent: number | null }, program: Pick<PartnerProgram, 'commission_percent'>): number {
  return partner.commission_percent ?? program.commission_percent;
}

/** The account a partner is paid into, as its business row keeps it: each part null until the partner gives it. */
export const partnerBankAccountFields = {
  bank_name: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  bank_account_name: z.string().nullable(),
};

/** GET /mitra/me: the signed-in partner and its business. */
export const partnerProfileSchema = z.object({
  user: z.object({ id: z.number().int(), username: z.string(), first_name: z.string(), last_name: z.string() }),
  business: z.object({
    id: z.number().int(),
    name: z.string(),
    owner_name: z.string(),
    address: z.string(),
    city_name: z.string().nullable(),
    district_name: z.string().nullable(),
    contact_phone: z.string(),
    contact_email: z.string(),
    is_active: z.boolean(),
    certificates: z.array(certificateSchema),
    ...partnerBankAccountFields,
    commission_percent: z.number(),
  }),
});
export type PartnerProfile = z.infer<typeof partnerProfileSchema>;
