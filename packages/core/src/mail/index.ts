/**
 * The e-mail outbox as the back office reads it (docs/decisions/013-payments.md, E-mail): every
 * message the shop sends, with its state. Without SMTP a message is `kept` here, for the admin
 * to forward by hand.
 */
import { z } from 'zod';
import { listSearchField, pageFields, pageQueryField, pageSizeQueryField, sortQueryFields } from '../common/index';
import { labelled } from '../common/labelled';

export * from './buyer-texts';

export const { values: MAIL_STATUSES, labels: mailStatusLabels } = labelled(['pending', 'sending', 'sent', 'failed', 'kept'], {
  pending: 'Menunggu kirim',
  sending: 'Sedang dikirim',
  sent: 'Terkirim',
  failed: 'Gagal',
  kept: 'Disimpan (SMTP belum diatur)',
});
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailChannelLabels: Record<'email' | 'whatsapp', string> = { email: 'Email', whatsapp: 'WhatsApp' };

export const mailMessages = {
  notFound: 'Pesan tidak ditemukan.',
  resendOnlyFailed: 'Hanya pesan yang gagal yang dapat dikirim ulang.',
  resent: 'Pesan dijadwalkan untuk dikirim ulang.',
} as const;

/** What the buyer's order page lists: which messages went out, by which channel, and their state (no bodies). */
export const buyerMessageItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  label: z.string(),
  channel: z.enum(['email', 'whatsapp']),
  status: z.enum(MAIL_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type BuyerMessageItem = z.infer<typeof buyerMessageItemSchema>;
export const buyerMessageListSchema = z.array(buyerMessageItemSchema);

export const OUTBOX_PAGE_SIZES = [20, 50, 100] as const;

/** The orders of the outbox (issue 31), by what a row shows: date, recipient, subject, state. */
export const OUTBOX_SORTS = ['created_at', 'to_address', 'subject', 'status'] as const;
export type OutboxSort = (typeof OUTBOX_SORTS)[number];
/** Newest first, as the outbox was before it could be sorted. */
export const DEFAULT_OUTBOX_SORT = { sort: 'created_at', dir: 'desc' } as const;

export const outboxQuerySchema = z.object({
  /** Recipient or subject, any letter case; "#42" the messages about order 42. */
  q: listSearchField,
  ...sortQueryFields(OUTBOX_SORTS, DEFAULT_OUTBOX_SORT),
  page: pageQueryField(),
  page_size: pageSizeQueryField(OUTBOX_PAGE_SIZES, 20, 'Ukuran halaman harus 20, 50, atau 100.'),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxItemSchema = z.object({
  id: z.number().int(),
  /** order_created (to the buyer), order_created_store, payment_proof_store (to the shop). */
  kind: z.string(),
  order_id: z.number().int().nullable(),
  /** email, or whatsapp (to_address is then the number, 62…). */
  channel: z.enum(['email', 'whatsapp']),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const outboxListSchema = z.object({
  ...pageFields(outboxItemSchema),
  /** False: SMTP_URL is not set, so new messages are kept here instead of being sent. */
  smtp_configured: z.boolean(),
  /** False: WhatsApp Cloud API is not configured, so WhatsApp messages are kept here. */
  whatsapp_configured: z.boolean(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;
