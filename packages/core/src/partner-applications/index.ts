/**
 * Becoming a partner (issue 29 §1, docs/decisions/053-partners-as-users.md and 054): the application a
 * business sends from /daftar-mitra, the office's answers in "Pendaftaran mitra", the e-mails both
 * sides of it send, and their Indonesian words. The web form and the API route parse the same schemas.
 */
import { z } from 'zod';
import { accountMessages, emailField, registerSchema } from '../accounts/accounts.schema';
import { idField, INT4_MAX, optionalText, requiredText, tooLongMessage, versionField } from '../common/index';
import { labelled } from '../common/labelled';
import { whatsappNumber } from '../payments/index';

export const { values: APPLICATION_STATUSES, labels: applicationStatusLabels } = labelled(['pending', 'approved', 'rejected'], {
  pending: 'Menunggu keputusan',
  approved: 'Disetujui',
  rejected: 'Ditolak',
});
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const partnerApplicationMessages = {
  businessNameRequired: 'Nama usaha wajib diisi.',
  ownerNameRequired: 'Nama pemilik wajib diisi.',
  phoneRequired: 'Nomor telepon/WhatsApp wajib diisi.',
  phoneInvalid: 'Gunakan nomor telepon/WhatsApp Indonesia yang valid, mis. 0812-3456-7890.',
  addressRequired: 'Alamat usaha wajib diisi.',
  provinceRequired: 'Pilih provinsi.',
  cityRequired: 'Pilih kota/kabupaten.',
  districtRequired: 'Pilih kecamatan.',
  nibRequired: 'NIB wajib diisi.',
  nibInvalid: 'NIB terdiri dari 13 angka.',
  certificateInvalid: 'Nomor hanya boleh berisi huruf, angka, spasi, titik, garis miring, atau tanda hubung.',
  sellsRequired: 'Ceritakan singkat apa yang Anda jual.',
  bankNameRequired: 'Nama bank wajib diisi.',
  bankAccountNumberRequired: 'Nomor rekening wajib diisi.',
  bankAccountNumberInvalid: 'Nomor rekening berisi 5–20 angka.',
  bankAccountNameRequired: 'Nama pemilik rekening wajib diisi.',
  tooLong: tooLongMessage,
  reasonRequired: 'Alasan penolakan wajib diisi.',
  reasonTooLong: 'Alasan penolakan maksimal 1.000 karakter.',
  businessInvalid: 'Pilih usaha yang akan dihubungkan.',
  submitted: 'Pendaftaran terkirim. Dinas akan meninjau pendaftaran Anda dan mengabarkan hasilnya lewat email.',
  submitFailed: 'Gagal mengirim pendaftaran. Coba lagi nanti.',
  alreadyPending: 'Anda masih punya pendaftaran mitra yang menunggu keputusan Dinas. Tunggu keputusannya sebelum mendaftar lagi.',
  alreadyPartner: 'Akun ini sudah menjadi akun mitra.',
  onlyCustomers: 'Hanya akun pelanggan yang dapat mendaftar sebagai mitra.',
  notFound: 'Pendaftaran mitra tidak ditemukan.',
  notPending: 'Pendaftaran ini sudah diputuskan. Muat ulang daftar.',
  businessNotFound: 'Usaha yang dipilih tidak ditemukan.',
  accountGone: 'Akun pendaftar sudah dihapus, jadi pendaftaran ini tidak dapat disetujui. Tolak dengan alasannya.',
  approved: 'Pendaftaran disetujui. Akun pendaftar kini akun mitra dan sudah diberi tahu lewat email.',
  rejected: 'Pendaftaran ditolak. Pendaftar diberi tahu alasannya lewat email.',
  loadFailed: 'Gagal memuat pendaftaran mitra.',
  decideFailed: 'Gagal menyimpan keputusan.',
} as const;

const m = partnerApplicationMessages;

export function tooManyApplicationsMessage(seconds: number): string {
  return `Terlalu banyak pendaftaran dari perangkat ini. Coba lagi dalam ${Math.ceil(seconds / 60)} menit.`;
}

/** Ids arrive as numbers (JSON) or as the text a select holds; both are read, anything else is the field's message. */
const areaId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v), idField(message));

/**
 * The phone or WhatsApp number, kept as 62… so the office can open a chat with it and the e-mails
 * and the business card read one form. The one normaliser of the shop (core/payments whatsappNumber).
 */
export const partnerPhoneField = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, { error: m.phoneRequired })
  .max(25, { error: m.phoneInvalid })
  .transform((v, ctx) => {
    const number = /^[+0-9\s\-().]+$/.test(v) ? whatsappNumber(v) : null;
    if (number === null) {
      ctx.addIssue({ code: 'custom', message: m.phoneInvalid });
      return z.NEVER;
    }
    return number;
  });

/** NIB (Nomor Induk Berusaha) from OSS is 13 digits; spaces and dots people type between groups are dropped. */
export const nibField = z
  .string({ error: m.nibRequired })
  .trim()
  .min(1, { error: m.nibRequired })
  .max(30, { error: m.nibInvalid })
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .refine((v) => /^\d{13}$/.test(v), { error: m.nibInvalid });

/**
 * PIRT (15 digits), BPOM (MD/ML plus digits) and Halal (ID… from BPJPH, or an older MUI number) come in
 * several forms over the years; a number is kept as typed once it looks like one, and the office
 * verifies it against the registry before it shows as a trust mark (decision 053).
 */
const certificateField = optionalText(60).refine((v) => v === null || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v), { error: m.certificateInvalid });

/** The business part of an application: what a signed-in customer sends (its account is the session's). */
export const partnerApplicationBusinessSchema = z.object({
  business_name: requiredText(m.businessNameRequired, 150),
  owner_name: requiredText(m.ownerNameRequired, 150),
  phone: partnerPhoneField,
  email: emailField,
  address: requiredText(m.addressRequired, 500),
  province_id: areaId(m.provinceRequired),
  city_id: areaId(m.cityRequired),
  district_id: areaId(m.districtRequired),
  nib: nibField,
  pirt: certificateField,
  bpom: certificateField,
  halal: certificateField,
  sells: requiredText(m.sellsRequired, 1000),
  bank_name: requiredText(m.bankNameRequired, 100),
  bank_account_number: z
    .string({ error: m.bankAccountNumberRequired })
    .trim()
    .min(1, { error: m.bankAccountNumberRequired })
    .max(40, { error: m.bankAccountNumberInvalid })
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .refine((v) => /^\d{5,20}$/.test(v), { error: m.bankAccountNumberInvalid }),
  bank_account_name: requiredText(m.bankAccountNameRequired, 150),
});
export type PartnerApplicationBusinessInput = z.infer<typeof partnerApplicationBusinessSchema>;

/**
 * A visitor's application: the business and the account it makes (decision 053), with registration's
 * own username and password rules, so a name refused at /register is refused here in the same words.
 * The account's e-mail is the application's.
 */
export const partnerApplicationSchema = partnerApplicationBusinessSchema.extend({
  username: registerSchema.shape.username,
  password: registerSchema.shape.password,
});
export type PartnerApplicationInput = z.infer<typeof partnerApplicationSchema>;

const confirmation = z.string({ error: accountMessages.confirmationRequired }).min(1, { error: accountMessages.confirmationRequired });

/** The visitor's form adds the password confirmation, checked whenever both are text (every error at once). */
export const partnerApplicationFormSchema = partnerApplicationSchema.extend({ password_confirmation: confirmation }).refine((v) => v.password === v.password_confirmation, {
  path: ['password_confirmation'],
  error: accountMessages.confirmationMismatch,
  when: (payload) => {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v.password_confirmation === 'string' && v.password_confirmation !== '';
  },
});

/** The account's first and last name from the owner's name: Indonesian names often have one word only. */
export function splitOwnerName(owner: string): { first_name: string; last_name: string } {
  const words = owner.trim().split(/\s+/).filter(Boolean);
  return { first_name: (words[0] ?? '').slice(0, 80), last_name: words.slice(1).join(' ').slice(0, 80) };
}

export const applicationListQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES).catch('pending').default('pending'),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/** Approve: link the account to an existing business (its id), or, without one, to a new business made from the application. */
export const approveApplicationSchema = z.object({
  business_id: z.preprocess((v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v), idField(m.businessInvalid).nullable()).optional(),
  version: versionField,
});
export type ApproveApplicationInput = z.infer<typeof approveApplicationSchema>;

export const rejectApplicationSchema = z.object({
  reason: requiredText(m.reasonRequired, 1000, m.reasonTooLong),
  version: versionField,
});
export type RejectApplicationInput = z.infer<typeof rejectApplicationSchema>;

export const partnerApplicationSchemaOut = z.object({
  id: z.number().int().max(INT4_MAX),
  status: z.enum(APPLICATION_STATUSES),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  business_id: z.number().int().nullable(),
  business_name: z.string(),
  owner_name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  province_id: z.number().int(),
  province_name: z.string(),
  city_id: z.number().int(),
  city_name: z.string(),
  district_id: z.number().int(),
  district_name: z.string(),
  nib: z.string(),
  pirt: z.string().nullable(),
  bpom: z.string().nullable(),
  halal: z.string().nullable(),
  sells: z.string(),
  bank_name: z.string(),
  bank_account_number: z.string(),
  bank_account_name: z.string(),
  rejection_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
});
export type PartnerApplication = z.infer<typeof partnerApplicationSchemaOut>;

/** What the applicant reads of its own applications: status, reason, dates; not the bank account again. */
export const myApplicationSchema = partnerApplicationSchemaOut.pick({
  id: true,
  status: true,
  business_name: true,
  city_name: true,
  district_name: true,
  rejection_reason: true,
  reviewed_at: true,
  created_at: true,
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

/** The e-mails of an application, as words; the API renders them into the outbox (features/mail). */
export interface ApplicationMailText {
  subject: string;
  paragraphs: string[];
  link: { label: string; path: string };
}

export function applicationReceivedMail(a: { ownerName: string; businessName: string; username: string; storeName: string }): ApplicationMailText {
  return {
    subject: `Pendaftaran mitra ${a.businessName} diterima – ${a.storeName}`,
    paragraphs: [
      `Halo ${a.ownerName},`,
      `Terima kasih telah mendaftarkan ${a.businessName} sebagai mitra ${a.storeName}. Pendaftaran Anda sudah kami terima dan akan ditinjau oleh Dinas.`,
      `Akun Anda sudah dibuat dengan username ${a.username}. Masuk dengan akun ini untuk melihat status pendaftaran. Kami juga akan mengabarkan keputusannya lewat email.`,
    ],
    link: { label: 'Lihat status pendaftaran', path: '/daftar-mitra' },
  };
}

export function applicationApprovedMail(a: { ownerName: string; businessName: string; storeName: string }): ApplicationMailText {
  return {
    subject: `Selamat, ${a.businessName} resmi menjadi mitra ${a.storeName}`,
    paragraphs: [
      `Halo ${a.ownerName},`,
      `Pendaftaran ${a.businessName} sebagai mitra ${a.storeName} telah disetujui oleh Dinas.`,
      'Masuk dengan akun yang Anda buat saat mendaftar, lalu buka "Toko saya" untuk menambahkan produk, menyiapkan pesanan, dan melihat penjualan Anda.',
    ],
    link: { label: 'Buka Toko saya', path: '/mitra' },
  };
}

export function applicationRejectedMail(a: { ownerName: string; businessName: string; storeName: string; reason: string }): ApplicationMailText {
  return {
    subject: `Pendaftaran mitra ${a.businessName} belum dapat disetujui – ${a.storeName}`,
    paragraphs: [
      `Halo ${a.ownerName},`,
      `Mohon maaf, pendaftaran ${a.businessName} sebagai mitra ${a.storeName} belum dapat disetujui.`,
      `Alasan: ${a.reason}`,
      'Akun Anda tetap dapat dipakai untuk berbelanja. Setelah memperbaiki hal di atas, Anda dapat mendaftar lagi.',
    ],
    link: { label: 'Daftar lagi', path: '/daftar-mitra' },
  };
}
