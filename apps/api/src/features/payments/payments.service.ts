/**
 * Payment callbacks (INTEGRATIONS.md §2.6): the signature is HMAC-SHA256 of the RAW body with
 * the private key; only `payment_status` events count; the same callback twice changes nothing
 * the second time; PAID → paid, EXPIRED → expired (order cancelled, stock returned),
 * FAILED → failed (likewise), REFUND → refunded. Tripay's callbacks and the sandbox's take
 * this one path.
 */
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@pasar/core/errors';
import type { Db } from '../../db/client';
import { callbackSignature } from '../../integrations/payments/sandbox-gateway';
import { cancelOrderForPayment, lockPaymentByReference, recordPaymentEvent, setPaymentStatus } from './payments.repository';

const statusMap = { PAID: 'paid', EXPIRED: 'expired', FAILED: 'failed', REFUND: 'refunded' } as const;

export interface CallbackResult {
  changed: boolean;
  status?: string;
}

export function signatureMatches(rawBody: Buffer, signature: string | undefined, privateKey: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(callbackSignature(rawBody, privateKey));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function handlePaymentCallback(
  db: Db,
  input: { rawBody: Buffer; signature: string | undefined; event: string | undefined; privateKey: string; now: Date },
): Promise<CallbackResult> {
  if (!signatureMatches(input.rawBody, input.signature, input.privateKey)) {
    throw new AppError('FORBIDDEN', 'Tanda tangan callback tidak valid.');
  }
  if (input.event !== 'payment_status') return { changed: false };
  let payload: { reference?: unknown; merchant_ref?: unknown; status?: unknown; paid_at?: unknown };
  try {
    payload = JSON.parse(input.rawBody.toString('utf8')) as typeof payload;
  } catch {
    throw new AppError('BAD_REQUEST', 'Isi callback bukan JSON yang valid.');
  }
  const status = statusMap[String(payload.status) as keyof typeof statusMap];
  if (typeof payload.reference !== 'string' || !status) throw new AppError('BAD_REQUEST', 'Callback tidak lengkap.');
  const reference = payload.reference;

  return db.transaction(async (tx) => {
    const payment = await lockPaymentByReference(tx, reference);
    if (!payment || (typeof payload.merchant_ref === 'string' && payload.merchant_ref !== payment.merchant_ref)) {
      throw new AppError('NOT_FOUND', 'Transaksi tidak ditemukan.');
    }
    // Idempotent: a callback that repeats the current state, or arrives after a final one, changes nothing.
    if (payment.status === status || payment.status !== 'unpaid') return { changed: false, status: payment.status };
    const paidAt = status === 'paid' ? (typeof payload.paid_at === 'number' ? new Date(payload.paid_at * 1000) : input.now) : null;
    await setPaymentStatus(tx, payment.id, payment.order_id, status, { paidAt, callback: payload as Record<string, unknown> });
    if (status === 'expired' || status === 'failed') {
      await cancelOrderForPayment(tx, payment.order_id, `Pembayaran ${status === 'expired' ? 'kedaluwarsa' : 'gagal'} (${reference}); stok dikembalikan.`);
    } else {
      await recordPaymentEvent(tx, payment.order_id, `Pembayaran ${status === 'paid' ? 'diterima' : 'dikembalikan'} (${reference}).`);
    }
    return { changed: true, status };
  });
}
