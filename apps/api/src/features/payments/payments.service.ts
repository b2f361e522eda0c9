/**
 * Payment callbacks and state reads (docs/decisions/074-payment-provider-interface.md): the
 * provider's adapter verifies the signature and reads the body into our terms; this one path
 * applies the result whatever the provider. Only a still-unpaid payment of that provider changes;
 * the same callback twice changes nothing the second time; paid → paid, expired and failed →
 * the order cancelled with its stock returned, refunded → refunded.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError, genericMessages } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import { adminOrderMessages } from '@pasar/core/orders';
import { defaultPaymentSettings, detectProofType, paymentMessages, PROOF_MAX_BYTES, type ProofType } from '@pasar/core/payments';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { CallbackRequest, NewPayment, PaymentProvider, PaymentRequest, PaymentUpdate } from '../../integrations/payments/provider';
import { storageFor } from '../../integrations/storage/shop-storage';
import { queueBuyerMessage } from '../mail/buyer-messages';
import { cancelUnpaidOrder } from '../orders/orders.service';
import { cancelShipmentsOfOrder } from '../shipments/shipments.service';
import { getSetting } from '../settings/settings.service';
import { returnOrderStock } from '../stock/stock.service';
import {
  bumpOrderVersion,
  expireDueOrders,
  findPaymentByReference,
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

/** An order's latest payment and its history entries, for the refunds feature's reversal and refund view. */
export { insertPaymentEvent, latestPayment, lockLatestPayment };

export interface CallbackResult {
  changed: boolean;
  status?: string;
}

/** A provider's callback: verified and read by its adapter (403 on a bad signature), then applied. */
export async function handleProviderCallback(db: Db, provider: PaymentProvider, request: CallbackRequest, now: Date): Promise<CallbackResult> {
  if (!provider.parseCallback) throw new AppError('NOT_FOUND', 'Gateway pembayaran online tidak aktif di toko ini.');
  const update = provider.parseCallback(request);
  if (!update) return { changed: false };
  return applyPaymentUpdate(db, provider, update, now);
}

/**
 * Asks the provider for a payment's state and applies it as a callback would: for a gateway whose
 * callback did not arrive. A provider with nothing to ask changes nothing.
 */
export async function refreshPaymentState(db: Db, provider: PaymentProvider, reference: string, now: Date): Promise<CallbackResult> {
  const payment = await findPaymentByReference(db, reference);
  if (!payment || payment.provider !== provider.id) throw new AppError('NOT_FOUND', 'Transaksi tidak ditemukan.');
  if (!provider.readState) return { changed: false, status: payment.status };
  return applyPaymentUpdate(db, provider, await provider.readState(payment), now);
}

/** Applies a verified update to the one payment it names: of this provider, matching both refs. */
export async function applyPaymentUpdate(db: Db, provider: PaymentProvider, update: PaymentUpdate, now: Date): Promise<CallbackResult> {
  const { reference, status } = update;
  return db.transaction(async (tx) => {
    const payment = await lockPaymentByReference(tx, reference);
    // A provider's word counts for its own payments only: a key that signs for one never moves another's.
    const mismatch = (update.merchantRef !== null && update.merchantRef !== payment?.merchant_ref) || (update.amount !== null && update.amount !== payment?.amount);
    if (!payment || payment.provider !== provider.id || mismatch) {
      throw new AppError('NOT_FOUND', 'Transaksi tidak ditemukan.');
    }
    // Idempotent: a callback that repeats the current state, or arrives after a final one, changes nothing.
    if (!status || payment.status === status || payment.status !== 'unpaid') return { changed: false, status: payment.status };
    const paidAt = status === 'paid' ? (update.paidAt ?? now) : null;
    await setPaymentStatus(tx, payment.id, payment.order_id, status, { paidAt, callback: update.payload });
    if (status === 'expired' || status === 'failed') {
      await cancelUnpaidOrder(tx, payment.order_id, `Pembayaran ${status === 'expired' ? 'kedaluwarsa' : 'gagal'} (${reference}); stok dikembalikan.`);
      await cancelShipmentsOfOrder(tx, payment.order_id, now, null);
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

/**
 * Checkout step preparePayment: a new order's payment request, whose items add up to what the buyer
 * pays (gateways check it), and its deadline. A local provider's payment is made now, to be written
 * with the order; a network gateway is asked after the commit (createOrderPayment). The order is due
 * when the provider's payment expires, else at the manual transfer's deadline.
 */
export async function preparePayment(
  provider: PaymentProvider,
  order: {
    orderId: number;
    /** What the buyer pays, fee and kode unik included. */
    amount: number;
    fee: number;
    channel: PaymentRequest['channel'];
    lines: readonly { product_name: string; price: number; quantity: number }[];
    shippingCost: number;
    uniqueCode: number;
    customer: PaymentRequest['customer'];
    origin: string;
    orderPath: string;
    now: Date;
    /** The payment settings' manual_deadline_hours. */
    deadlineHours: number;
    bankAccounts: PaymentRequest['bankAccounts'];
  },
): Promise<{ request: PaymentRequest; payment: NewOrderPayment | null; dueAt: Date }> {
  const deadline = new Date(order.now.getTime() + order.deadlineHours * 60 * 60 * 1000);
  const request: PaymentRequest = {
    orderId: order.orderId,
    merchantRef: `ORD-${order.orderId}`,
    amount: order.amount,
    fee: order.fee,
    channel: order.channel,
    customer: order.customer,
    items: [
      ...order.lines.map((l) => ({ name: l.product_name, price: l.price, quantity: l.quantity })),
      ...(order.shippingCost > 0 ? [{ name: 'Ongkos kirim', price: order.shippingCost, quantity: 1 }] : []),
      ...(order.fee > 0 ? [{ name: 'Biaya pembayaran', price: order.fee, quantity: 1 }] : []),
      ...(order.uniqueCode > 0 ? [{ name: 'Kode unik', price: order.uniqueCode, quantity: 1 }] : []),
    ],
    origin: order.origin,
    orderPath: order.orderPath,
    now: order.now,
    deadline,
    bankAccounts: order.bankAccounts,
  };
  const payment = provider.local ? await newOrderPayment(provider, request) : null;
  return { request, payment, dueAt: payment ? payment.expires_at : deadline };
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
        // A proof still waiting: the buyer may have paid, so the order desk's history says what to do.
        await insertPaymentEvent(tx, { order_id: id, note: late ? paymentMessages.verificationLateNote : paymentMessages.expiredNote, to_status: 'cancelled' });
        await queueBuyerMessage(tx, { kind: 'order_expired', orderId: id });
      }
      return claimed.map((c) => c.id);
    });
    expired.push(...ids);
    if (ids.length < batch) return expired;
  }
}
