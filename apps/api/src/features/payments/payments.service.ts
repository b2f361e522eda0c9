/**
 * Payment callbacks (docs/integrations.md §2): the signature is HMAC-SHA256 of the RAW body with
 * the private key; only `payment_status` events count; the same callback twice changes nothing
 * the second time; PAID → paid, EXPIRED → expired (order cancelled, stock returned),
 * FAILED → failed (likewise), REFUND → refunded. Tripay's callbacks and the sandbox's take
 * this one path.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { AppError, genericMessages } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import { adminOrderMessages } from '@pasar/core/orders';
import { defaultPaymentSettings, detectProofType, paymentMessages, PROOF_MAX_BYTES, type ProofType } from '@pasar/core/payments';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { NewPayment, PaymentProvider, PaymentRequest } from '../../integrations/payments/provider';
import { storageFor } from '../../integrations/storage/shop-storage';
import { callbackSignature } from '../../integrations/payments/sandbox-gateway';
import { queueBuyerMessage } from '../mail/buyer-messages';
import { cancelShipmentsOfOrder } from '../shipments/shipments.service';
import { getSetting } from '../settings/settings.repository';
import { returnOrderStock } from '../stock/stock.repository';
import {
  bumpOrderVersion,
  cancelOrderForPayment,
  expireDueOrders,
  insertPayment,
  insertPaymentEvent,
  latestPayment,
  lockLatestPayment,
  lockOrderForPayment,
  lockPaymentByReference,
  markManualPaid,
  recordPaymentEvent,
  rejectProof,
  saveProof,
  setOrderDueAt,
  setPaymentStatus,
} from './payments.repository';

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
      await cancelShipmentsOfOrder(tx, payment.order_id, input.now, null);
    } else {
      await recordPaymentEvent(tx, payment.order_id, `Pembayaran ${status === 'paid' ? 'diterima' : 'dikembalikan'} (${reference}).`);
    }
    // Decision 051: the buyer hears of the payment, or of the order it cancelled.
    if (status === 'paid') await queueBuyerMessage(tx, { kind: 'payment_received', orderId: payment.order_id });
    if (status === 'expired') await queueBuyerMessage(tx, { kind: 'order_expired', orderId: payment.order_id });
    return { changed: true, status };
  });
}

export type NewOrderPayment = NewPayment & { order_id: number; merchant_ref: string; status: 'unpaid' };

/**
 * The provider's payment of a new order as the row to save. A local provider answers without the
 * network, so checkout writes this row in the statement that writes the order (issue 15).
 */
export async function newOrderPayment(provider: PaymentProvider, request: PaymentRequest): Promise<NewOrderPayment> {
  const payment = await provider.createPayment(request);
  return { order_id: request.orderId, merchant_ref: request.merchantRef, status: 'unpaid', ...payment };
}

/** Saves the provider's payment of a new order and sets the order's deadline from its expiry. */
export async function createOrderPayment(db: DbOrTx, provider: PaymentProvider, request: PaymentRequest): Promise<void> {
  const payment = await newOrderPayment(provider, request);
  await insertPayment(db, payment);
  await setOrderDueAt(db, request.orderId, payment.expires_at);
}

const proofExtension: Record<ProofType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/**
 * A proof's key in the private area of the shop's one storage (DATA_DIR/payment-proofs on disk, the
 * private bucket or prefix in S3: decision 068). `payments.proof_file` keeps the bare name, as
 * it always has; basename() keeps an odd stored value inside the folder.
 */
export const proofKey = (proofFile: string) => `payment-proofs/${path.basename(proofFile)}`;

/**
 * Until when an open order may still take a proof (decision 044): a waiting proof's window when it
 * ends after the payment deadline, else the payment deadline. A rejected proof gives back the
 * payment deadline, never a new wait; null: the order has no deadline.
 */
export function proofDeadline(order: { payment_due_at: Date | null }, payment: { proof_status: string; verification_due_at: Date | null }): Date | null {
  if (!order.payment_due_at) return null;
  const window = payment.proof_status === 'submitted' ? payment.verification_due_at : null;
  return window && window > order.payment_due_at ? window : order.payment_due_at;
}

/**
 * The buyer's proof of transfer: JPG, PNG, WEBP or PDF by content, at most 5 MB, for an unpaid
 * manual transfer of an open order before its deadline (`proofDeadline`). A new proof replaces a
 * rejected (or earlier) one; the first proof starts the verification window, later ones keep it.
 */
export async function uploadPaymentProof(db: Db, config: Config, orderId: number, file: Buffer | undefined, now: Date): Promise<void> {
  if (!file || file.length === 0) throw new AppError('VALIDATION_ERROR', paymentMessages.proofMissing, { fields: { file: paymentMessages.proofMissing } });
  if (file.length > PROOF_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', paymentMessages.proofTooLarge, { fields: { file: paymentMessages.proofTooLarge } });
  const type = detectProofType(file);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', paymentMessages.proofBadType, { fields: { file: paymentMessages.proofBadType } });
  const storage = storageFor(config);
  const name = `${orderId}-${randomBytes(12).toString('hex')}.${proofExtension[type]}`;
  await storage.put('private', proofKey(name), file, type);
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const order = await lockOrderForPayment(tx, orderId);
      const payment = order ? await lockLatestPayment(tx, orderId) : undefined;
      if (!order || !payment) throw new AppError('NOT_FOUND', paymentMessages.accessNotFound);
      if (payment.provider !== 'manual' || payment.status !== 'unpaid' || order.payment_status !== 'unpaid' || order.status === 'cancelled') {
        throw new AppError('CONFLICT', paymentMessages.proofNotExpected);
      }
      // Past the deadline the order is the expiry job's, even before its next run: no upload revives it.
      const deadline = proofDeadline(order, payment);
      if (deadline && now >= deadline) throw new AppError('CONFLICT', paymentMessages.proofTooLate);
      const windowHours = (await getSetting(tx, 'payments'))?.verification_window_hours ?? defaultPaymentSettings.verification_window_hours;
      replaced = payment.proof_file;
      await saveProof(tx, payment.id, { file: name, contentType: type, at: now, verificationDueAt: new Date(now.getTime() + windowHours * 3600_000) });
      await bumpOrderVersion(tx, orderId);
      await insertPaymentEvent(tx, { order_id: orderId, note: replaced ? 'Pembeli mengunggah bukti transfer baru.' : 'Pembeli mengunggah bukti transfer.' });
    });
  } catch (error) {
    // The refusal is what the buyer must read; a leftover object (storage down) is only unused bytes.
    await storage.remove('private', proofKey(name)).catch(() => undefined);
    throw error;
  }
  // The new proof is saved: a failed clean-up of the old one must not answer the buyer with an error.
  if (replaced) await storage.remove('private', proofKey(replaced)).catch(() => undefined);
}

export async function readPaymentProof(db: DbOrTx, config: Config, orderId: number): Promise<{ bytes: Buffer; contentType: string }> {
  const payment = await latestPayment(db, orderId);
  if (!payment?.proof_file || !payment.proof_content_type) throw new AppError('NOT_FOUND', paymentMessages.proofNoFile);
  const bytes = await storageFor(config).get('private', proofKey(payment.proof_file));
  if (!bytes) throw new AppError('NOT_FOUND', paymentMessages.proofNoFile);
  return { bytes, contentType: payment.proof_content_type };
}

export interface PaymentActor {
  id: number;
  name: string;
}

function checkVersion(current: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== current) throw new AppError('STALE_UPDATE', genericMessages.staleUpdate);
}

/**
 * An admin confirms a manual transfer (docs/requirements/storefront.md §4): paid, and a pending order moves to
 * confirmed. The order row is locked first, so two admins confirming at once confirm once and an
 * expiry racing a confirm leaves one of the two outcomes, never both.
 */
export async function confirmManualPayment(db: Db, orderId: number, actor: PaymentActor, version: number | undefined, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrderForPayment(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', adminOrderMessages.notFound);
    const payment = await lockLatestPayment(tx, orderId);
    if (!payment || payment.provider !== 'manual') throw new AppError('UNPROCESSABLE', paymentMessages.notManual);
    if (order.payment_status === 'paid' || payment.status === 'paid') throw new AppError('CONFLICT', paymentMessages.alreadyPaid);
    if (order.status === 'cancelled') throw new AppError('CONFLICT', paymentMessages.notConfirmable);
    checkVersion(order.version, version);
    const confirmOrder = order.status === 'pending';
    await markManualPaid(tx, { paymentId: payment.id, orderId, actorId: actor.id, at: now, confirmOrder });
    await queueBuyerMessage(tx, { kind: 'payment_received', orderId });
    await insertPaymentEvent(tx, {
      order_id: orderId,
      actor_user_id: actor.id,
      actor_name: actor.name,
      note: `Pembayaran ${formatRupiah(payment.amount)} dikonfirmasi (${payment.reference}).`,
      ...(confirmOrder ? { from_status: 'pending', to_status: 'confirmed' } : {}),
    });
  });
}

/** An admin rejects a submitted proof with a reason; the buyer may upload another. */
export async function rejectManualPayment(db: Db, orderId: number, actor: PaymentActor, input: { reason: string; version?: number | undefined }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrderForPayment(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', adminOrderMessages.notFound);
    const payment = await lockLatestPayment(tx, orderId);
    if (!payment || payment.provider !== 'manual') throw new AppError('UNPROCESSABLE', paymentMessages.notManual);
    if (payment.status !== 'unpaid' || payment.proof_status !== 'submitted' || order.status === 'cancelled') throw new AppError('CONFLICT', paymentMessages.notRejectable);
    checkVersion(order.version, input.version);
    await rejectProof(tx, payment.id, input.reason, actor.id, now);
    // The reason and the link to upload again reach the buyer, not only a buyer who reopens the page (issue 28).
    await queueBuyerMessage(tx, { kind: 'proof_rejected', orderId, reason: input.reason });
    await bumpOrderVersion(tx, orderId);
    await insertPaymentEvent(tx, { order_id: orderId, actor_user_id: actor.id, actor_name: actor.name, note: `Bukti transfer ditolak: ${input.reason}` });
  });
}

/**
 * The expiry job's one run: cancels unpaid orders past their deadline and returns their stock,
 * in batches, each batch one transaction. Safe to run from several processes at once.
 */
export async function expireUnpaidOrders(db: Db, now: Date, batch = 100): Promise<number[]> {
  const expired: number[] = [];
  for (;;) {
    const ids = await db.transaction(async (tx) => {
      const claimed = await expireDueOrders(tx, now, batch);
      for (const { id, late } of claimed) {
        await returnOrderStock(tx, id);
        await cancelShipmentsOfOrder(tx, id, now, null);
        // A proof still waiting: the buyer may have paid, so the desk's history says what to do.
        await insertPaymentEvent(tx, { order_id: id, note: late ? paymentMessages.verificationLateNote : paymentMessages.expiredNote, to_status: 'cancelled' });
        await queueBuyerMessage(tx, { kind: 'order_expired', orderId: id });
      }
      return claimed.map((c) => c.id);
    });
    expired.push(...ids);
    if (ids.length < batch) return expired;
  }
}
