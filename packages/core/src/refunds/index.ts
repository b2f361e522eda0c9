/**
 * Refunds and payment reversal (issue 28 part 4, docs/decisions/050-refunds-and-reversal.md).
 * Money that came in stays counted as it came (a paid order keeps its total in revenue when it is
 * cancelled); money that goes back is a refund, counted at the time it goes. Net revenue is the
 * one rule the dashboard, the order desk, the CSV and the drawer share; the SQL figures are tested
 * against these functions.
 */
import { z } from 'zod';
import { idField } from '../common/index';
import { labelled } from '../common/labelled';
import { countsAsRevenue } from '../revenue/index';
import { isStoreDate, storeDate } from '../time/index';

export const { values: REFUND_METHODS, labels: refundMethodLabels } = labelled(['transfer', 'cash', 'gateway'], { transfer: 'Transfer bank', cash: 'Tunai', gateway: 'Payment gateway' });
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const refundMessages = {
  cancelButton: 'Batalkan pesanan',
  cancelTitle: 'Batalkan pesanan',
  cancelled: 'Pesanan dibatalkan.',
  cancelledWithRefund: 'Pesanan dibatalkan dan pengembalian dana dicatat.',
  /** The status route's answer for a paid order: the refund needs its details, given in the cancel dialog. */
  paidNeedsRefund: 'Pesanan ini sudah dibayar. Gunakan "Batalkan pesanan" untuk mencatat pengembalian dana.',
  alreadyCancelled: 'Pesanan ini sudah dibatalkan.',
  refundRequired: 'Pesanan sudah dibayar: isi rincian pengembalian dana.',
  amountInvalid: 'Jumlah pengembalian harus bilangan bulat lebih dari 0.',
  amountTooLarge: (max: string) => `Jumlah pengembalian paling banyak ${max}.`,
  methodInvalid: 'Pilih metode pengembalian dana.',
  referenceRequired: 'Isi nomor referensi pengembalian untuk transfer atau payment gateway.',
  reasonRequired: 'Tulis alasan.',
  nothingRefundable: 'Tidak ada dana yang dapat dikembalikan untuk pesanan ini.',
  lineNotFound: 'Item pesanan tidak ditemukan.',
  quantityInvalid: 'Jumlah yang dihapus harus antara 1 dan jumlah item.',
  lineRemoved: 'Item dihapus dari pesanan.',
  lineRemovedWithRefund: 'Item dihapus dari pesanan dan pengembalian dana dicatat.',
  lastLine: 'Item terakhir tidak dapat dihapus. Gunakan "Batalkan pesanan".',
  cancelledOrderLines: 'Item pesanan yang sudah dibatalkan tidak dapat diubah.',
  unpaidLineRemovalRefused: 'Item hanya dapat dihapus dari pesanan yang sudah dibayar. Untuk pesanan yang belum dibayar, batalkan pesanan lalu buat pesanan baru.',
  reverseButton: 'Batalkan konfirmasi',
  reversed: 'Konfirmasi pembayaran dibatalkan.',
  notReversible: 'Hanya pembayaran transfer manual yang dikonfirmasi admin yang dapat dibatalkan konfirmasinya.',
  reverseTooLate: 'Konfirmasi pembayaran hanya dapat dibatalkan pada hari yang sama dengan konfirmasinya.',
  reverseHasRefunds: 'Pesanan ini sudah memiliki pengembalian dana; konfirmasi pembayarannya tidak dapat dibatalkan.',
  reverseCancelled: 'Konfirmasi pembayaran pesanan yang sudah dibatalkan tidak dapat dibatalkan.',
  reverseShipped: 'Barang pesanan ini sudah dikirim; konfirmasi pembayarannya tidak dapat dibatalkan.',
  refundsTitle: 'Pengembalian dana',
  noRefunds: 'Belum ada pengembalian dana.',
  dateInvalid: 'Tanggal tidak valid (format YYYY-MM-DD).',
  confirmPaymentQuestion: (amount: string) => `Konfirmasi bahwa dana ${amount} sudah diterima?`,
} as const;

const reasonField = () => z.string({ error: refundMessages.reasonRequired }).trim().min(1, refundMessages.reasonRequired).max(500);

/** A refund's details as the admin gives them; the amount defaults to what is still refundable. */
export const refundInputSchema = z
  .object({
    amount: z.number({ error: refundMessages.amountInvalid }).int(refundMessages.amountInvalid).positive(refundMessages.amountInvalid).max(2_000_000_000, refundMessages.amountInvalid).optional(),
    method: z.enum(REFUND_METHODS, { error: refundMessages.methodInvalid }),
    reference: z.string().trim().max(200).optional().transform((v) => (v ? v : undefined)),
    reason: reasonField(),
  })
  .superRefine((value, ctx) => {
    if (value.method !== 'cash' && !value.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: refundMessages.referenceRequired });
  });
export type RefundInput = z.infer<typeof refundInputSchema>;

/** POST /admin/orders/:id/cancel: the refund is required when the order is paid, ignored otherwise. */
export const cancelOrderSchema = z.object({
  reason: z.string().trim().max(500).optional().transform((v) => (v ? v : undefined)),
  refund: refundInputSchema.optional(),
  version: idField().optional(),
});
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;
export type CancelOrderBody = z.input<typeof cancelOrderSchema>;

/** POST /admin/orders/:id/lines/:itemId/remove: removes `quantity` of the line (all of it when absent). */
export const removeLineSchema = z.object({
  quantity: z.number().int().positive(refundMessages.quantityInvalid).optional(),
  refund: refundInputSchema,
  version: idField().optional(),
});
export type RemoveLineInput = z.infer<typeof removeLineSchema>;
export type RemoveLineBody = z.input<typeof removeLineSchema>;

export const reversePaymentSchema = z.object({ reason: reasonField(), version: idField().optional() });
export type ReversePaymentInput = z.infer<typeof reversePaymentSchema>;
export type ReversePaymentBody = z.input<typeof reversePaymentSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  amount: z.number().int(),
  method: z.enum(REFUND_METHODS),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const orderRefundsSchema = z.object({
  refunds: z.array(refundSchema),
  /** Paid total less the refunds so far: what may still go back. */
  refundable: z.number().int(),
  /** Whether "Batalkan konfirmasi" is allowed now (manual confirmation, same store day, no refunds). */
  reversible: z.boolean(),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

/** What may still go back: money received on a paid order less its refunds, never below 0. */
export function refundableAmount(order: { payment_status: string; total_amount: number }, refunded: number): number {
  if (order.payment_status !== 'paid') return 0;
  return Math.max(0, order.total_amount - refunded);
}

/**
 * The first failure wins: nothing to refund, an amount above what may go back. Returns the amount
 * to record (the given one, or all that is refundable) or the message.
 */
export function refundAmountFor(requested: number | undefined, refundable: number, format: (n: number) => string): { amount: number } | { error: string } {
  if (refundable <= 0) return { error: refundMessages.nothingRefundable };
  const amount = requested ?? refundable;
  if (amount > refundable) return { error: refundMessages.amountTooLarge(format(refundable)) };
  return { amount };
}

/** A line's worth: its unit price times the quantity removed (line prices are what the buyer paid). */
export function lineRefundAmount(line: { price: number; quantity: number }, removed: number): number {
  return line.price * Math.min(removed, line.quantity);
}

/**
 * Net revenue over some orders and refunds: the totals of the orders whose money counts as revenue
 * (countsAsRevenue: paid, a cancelled paid order included) less the refunds. The order desk sums this
 * over the filtered orders; the dashboard over the money's time (the payment's, and each refund's
 * own).
 */
export function netRevenue(orders: readonly { payment_status: string; total_amount: number }[], refunds: readonly { amount: number }[]): number {
  const received = orders.reduce((s, o) => s + (countsAsRevenue(o) ? o.total_amount : 0), 0);
  return received - refunds.reduce((s, r) => s + r.amount, 0);
}

/** Cash that should be in the drawer: cash sales less cash refunds (other methods leave the drawer alone). */
export function expectedDrawerCash(cashSales: number, refunds: readonly { amount: number; method: RefundMethod }[]): number {
  return cashSales - refunds.reduce((s, r) => s + (r.method === 'cash' ? r.amount : 0), 0);
}

/** "The same day": the confirmation's calendar day in the store's zone is today's there. */
export function sameStoreDay(confirmedAt: Date, now: Date, timeZone: string): boolean {
  return storeDate(confirmedAt, timeZone) === storeDate(now, timeZone);
}

/** Why a confirmed payment cannot be reversed now, or null when it can. First failure wins: not a manual confirmation, cancelled, shipped, refunded, another day. */
export function reversalError(input: {
  provider: string;
  paymentStatus: string;
  orderStatus: string;
  confirmedAt: Date | null;
  refunded: number;
  now: Date;
  timeZone: string;
}): string | null {
  if (input.provider !== 'manual' || input.paymentStatus !== 'paid' || !input.confirmedAt) return refundMessages.notReversible;
  if (input.orderStatus === 'cancelled') return refundMessages.reverseCancelled;
  // Goods leave only after the money came (issue 28): an unpaid order must not be on its way.
  if (input.orderStatus === 'shipped' || input.orderStatus === 'delivered') return refundMessages.reverseShipped;
  if (input.refunded > 0) return refundMessages.reverseHasRefunds;
  if (!sameStoreDay(input.confirmedAt, input.now, input.timeZone)) return refundMessages.reverseTooLate;
  return null;
}

/** GET /admin/pos/drawer: one store day of the cash drawer. */
export const drawerQuerySchema = z.object({
  date: z
    .string({ error: refundMessages.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, refundMessages.dateInvalid)
    .refine(isStoreDate, refundMessages.dateInvalid)
    .optional(),
});
export const drawerSchema = z.object({
  date: z.string(),
  cash_sales: z.number().int(),
  cash_refunds: z.number().int(),
  /** Cash sales less cash refunds: what the drawer should hold beyond its float. */
  expected_cash: z.number().int(),
});
export type Drawer = z.infer<typeof drawerSchema>;
