/**
 * Payments (issue 13 (docs/issues.md), docs/decisions/013-payments.md): manual transfer confirmed by an admin,
 * proof of transfer, kode unik, deadlines, and what the web and the API say about them.
 * Payment status stays apart from the order's fulfilment status (docs/integrations.md).
 */
import { z } from 'zod';
import { idField } from '../common/index';
import { paymentStatusLabel } from '../orders/statuses';
import { posPaymentLabels, type PosPaymentMethod } from '../pos/index';
import { paymentSettingsSchema, type PaymentSettings } from '../settings/index';

export { paymentSettingsSchema, type PaymentSettings };

/**
 * An order's payment method as the office reads it (issue 31: the CSV said cash/qris/manual): the
 * POS's own labels, "Transfer manual", else the code (a gateway's channel is named by its payment).
 */
export function paymentMethodLabel(method: string): string {
  if (method === 'manual') return 'Transfer manual';
  return Object.hasOwn(posPaymentLabels, method) ? posPaymentLabels[method as PosPaymentMethod] : method;
}

export const PROOF_STATUSES = ['none', 'submitted', 'rejected'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** Proof of transfer: JPG, PNG, WEBP or PDF, recognised by their first bytes, at most 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';
export type ProofType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

export function detectProofType(bytes: Uint8Array): ProofType | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...Array.from(bytes.subarray(from, to)));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 5 && ascii(0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

export const paymentMessages = {
  manualSuccess: 'Pesanan berhasil dibuat. Terima kasih!',
  awaitingVerification: 'Menunggu verifikasi',
  /** Issue 28: what a paid order says once refunds gave all, or part, of its money back. */
  refundedFull: 'Dana dikembalikan',
  refundedPart: 'Dana dikembalikan sebagian',
  proofMissing: 'Pilih berkas bukti transfer.',
  proofBadType: 'Bukti transfer harus berupa JPG, PNG, WEBP, atau PDF.',
  proofTooLarge: 'Ukuran bukti transfer maksimal 5 MB.',
  proofUploaded: 'Bukti transfer terkirim. Admin akan memverifikasi pembayaran Anda.',
  proofNotExpected: 'Pesanan ini tidak sedang menunggu pembayaran transfer.',
  confirmed: 'Pembayaran dikonfirmasi.',
  rejected: 'Bukti pembayaran ditolak.',
  rejectReasonRequired: 'Tulis alasan penolakan.',
  alreadyPaid: 'Pembayaran pesanan ini sudah dikonfirmasi.',
  notConfirmable: 'Pembayaran tidak dapat dikonfirmasi: pesanan sudah dibatalkan.',
  notRejectable: 'Hanya bukti transfer yang menunggu verifikasi yang dapat ditolak.',
  notManual: 'Hanya pembayaran transfer manual yang dikonfirmasi oleh admin.',
  accessNotFound: 'Pesanan tidak ditemukan. Periksa kembali tautan pesanan Anda.',
  tooManyUnpaidEmail: (max: number) => `Masih ada ${max} pesanan belum dibayar dengan email ini. Selesaikan atau tunggu pesanan itu kedaluwarsa sebelum memesan lagi.`,
  tooManyUnpaidAddress: (max: number) => `Masih ada ${max} pesanan belum dibayar ke alamat ini. Selesaikan atau tunggu pesanan itu kedaluwarsa sebelum memesan lagi.`,
  lineQuantityTooLarge: (name: string, max: number) => `Jumlah ${name} melebihi batas ${max} per pesanan.`,
  // Issue 26 part 4: a signed-in buyer's open unpaid orders, and the units of one order as a whole.
  tooManyUnpaidAccount: (max: number) => `Masih ada ${max} pesanan belum dibayar di akun ini. Selesaikan atau tunggu pesanan itu kedaluwarsa sebelum memesan lagi.`,
  orderUnitsTooLarge: (units: number, max: number) => `Satu pesanan berisi paling banyak ${max} barang; pesanan ini berisi ${units}. Kurangi jumlahnya, lalu kirim pesanan lagi.`,
  sandboxNotice: 'Mode demo — tidak ada uang yang berpindah.',
  expiredNote: 'Batas waktu pembayaran terlewati; pesanan dibatalkan dan stok dikembalikan.',
  /** The expiry of an order whose proof still waited (decision 044): money may have arrived, so the admin is told what to do. */
  verificationLateNote: 'Verifikasi terlambat: bukti transfer tidak diverifikasi sebelum batas verifikasi; pesanan dibatalkan dan stok dikembalikan. Jika dana sudah masuk, kembalikan kepada pembeli.',
  verificationLate: 'Verifikasi terlambat',
  proofTooLate: 'Batas waktu pembayaran pesanan ini sudah lewat; bukti transfer tidak dapat dikirim lagi.',
  proofNoFile: 'Bukti transfer tidak ditemukan.',
  waLink: 'Hubungi via WhatsApp',
  confirmButton: 'Konfirmasi pembayaran',
  rejectButton: 'Tolak',
  waitingPayment: 'Menunggu pembayaran',
} as const;

export const defaultPaymentSettings: PaymentSettings = paymentSettingsSchema.parse({});

/** Kode unik: 1–999 rupiah, derived from the order id so consecutive orders differ. */
export function uniqueCodeFor(orderId: number): number {
  return (((orderId * 7919) % 999) + 999) % 999 + 1;
}

/** What the buyer and the order desk read as the payment's state. */
export function paymentStateLabel(paymentStatus: string, proofStatus: string | null | undefined, refund?: { refunded: number; total: number }): string {
  // Issue 28: a paid order whose money went back says so, instead of "Sudah dibayar" beside "Dibatalkan".
  if (paymentStatus === 'paid' && refund && refund.refunded > 0) return refund.refunded >= refund.total ? paymentMessages.refundedFull : paymentMessages.refundedPart;
  if (paymentStatus === 'unpaid' && proofStatus === 'submitted') return paymentMessages.awaitingVerification;
  if (paymentStatus === 'unpaid' && proofStatus === 'rejected') return 'Bukti ditolak';
  // Only the expiry job leaves a proof `submitted` on an expired order: the verification window ran out (decision 044).
  if (paymentStatus === 'expired' && proofStatus === 'submitted') return paymentMessages.verificationLate;
  return paymentStatusLabel(paymentStatus);
}

/** WhatsApp click-to-chat number: 0812-3456-7890 → 6281234567890; +62 812… → 62812…; null when unusable. */
export function whatsappNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `62${digits.slice(1)}`;
  else if (digits.startsWith('8')) digits = `62${digits}`;
  if (!digits.startsWith('62') || digits.length < 10 || digits.length > 15) return null;
  return digits;
}

export function whatsappLink(phone: string | null | undefined, text: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

export const paymentRejectSchema = z.object({
  reason: z.string({ error: paymentMessages.rejectReasonRequired }).trim().min(3, { error: paymentMessages.rejectReasonRequired }).max(500, { error: 'Alasan maksimal 500 karakter.' }),
  version: idField().optional(),
});
export const paymentConfirmSchema = z.object({ version: idField().optional() }).default({});

/** A random order access token as the link carries it: 64 hex characters. */
export const accessTokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, { error: paymentMessages.accessNotFound }) });

/** Web path of an order's own page. */
export function orderPath(token: string): string {
  return `/pesanan/akses/${token}`;
}
export * from './channel.schema';
export * from './caps';
