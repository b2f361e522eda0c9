/**
 * Refunds and corrections (issue 28 part 4, docs/decisions/050-refunds-and-reversal.md): cancelling a
 * paid order records what goes back, removing a line from a paid order returns its stock and
 * records its refund, and an admin may take back a manual confirmation the same store day.
 * Revenue follows by the figures' triggers (migration 0021).
 */
import { AppError } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import { adminOrderMessages } from '@pasar/core/orders';
import { allocateRefund } from '@pasar/core/settlement';
import {
  expectedDrawerCash,
  lineRefundAmount,
  refundAmountFor,
  refundMessages,
  refundMethodLabels,
  refundableAmount,
  reversalError,
  type CancelOrderInput,
  type Drawer,
  type OrderRefunds,
  type RefundInput,
  type RemoveLineInput,
  type ReversePaymentInput,
} from '@pasar/core/refunds';
import { storeDate, storePeriodStart } from '@pasar/core/time';
import type { Db, DbOrTx } from '../../db/client';
import { lockOrderAsRead, markOrderCancelled, type LockedOrder } from '../orders/order-record.service';
import { insertOrderEvent } from '../orders/orders.service';
import { insertPaymentEvent, latestPayment, lockLatestPayment } from '../payments/payments.service';
import type { SessionUser } from '../../auth/session-user';
import { storeTimeZone } from '../settings/settings.service';
import { cancelShipmentsOfOrder } from '../shipments/shipments.service';
import { returnLineStock, returnOrderStock } from '../stock/stock.service';
import {
  bumpOrder,
  countOrderItems,
  deliveredGoodsLeft,
  deliveredLineOwner,
  drawerDay,
  insertRefund,
  insertRefundAllocations,
  lockOrderItem,
  orderForRefunds,
  orderRefunds,
  reduceOrderItem,
  refundedAmount,
  refundTotals,
  reverseManualPayment,
} from './refunds.repository';

export interface RefundActor {
  id: number;
  name: string;
}

/** How long a reversed payment keeps its order from expiring: a day for the admin to settle it. */
const REVERSAL_HOLD_MS = 24 * 3_600_000;

const refundNote = (amount: number, refund: RefundInput) =>
  `Pengembalian dana ${formatRupiah(amount)} (${refundMethodLabels[refund.method]}${refund.reference ? `, ref. ${refund.reference}` : ''}): ${refund.reason}.`;

/** Writes a refund of at most what is still refundable; returns its id and the amount written. */
async function recordRefund(tx: DbOrTx, order: LockedOrder, refund: RefundInput, defaultAmount: number | undefined, actor: RefundActor, at: Date): Promise<{ id: number; amount: number }> {
  const refundable = refundableAmount(order, await refundedAmount(tx, order.id));
  const decided = refundAmountFor(refund.amount ?? defaultAmount, refundable, formatRupiah);
  if ('error' in decided) throw new AppError('UNPROCESSABLE', decided.error, { fields: { 'refund.amount': decided.error } });
  const id = await insertRefund(tx, {
    order_id: order.id,
    amount: decided.amount,
    method: refund.method,
    reference: refund.reference ?? null,
    reason: refund.reason,
    actor_user_id: actor.id,
    actor_name: actor.name,
    created_at: at,
  });
  return { id, amount: decided.amount };
}

/** Refunded amount per order, for the orders given: the order desk's CSV export reads it for a page of orders. */
export async function refundedByOrder(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  return refundTotals(db, orderIds);
}

/**
 * Whether the status route may cancel this order: a paid order with money still to give back needs
 * the refund's details, which only "Batalkan pesanan" takes. Called under the order's lock.
 */
export async function refuseCancelWithoutRefund(tx: DbOrTx, orderId: number): Promise<void> {
  const order = await orderForRefunds(tx, orderId);
  if (!order || order.payment_status !== 'paid') return;
  if (refundableAmount(order, await refundedAmount(tx, orderId)) > 0) throw new AppError('UNPROCESSABLE', refundMessages.paidNeedsRefund);
}

/**
 * Cancels an order; a paid one only with its refund (amount: all that is refundable unless less is
 * given). Stock comes back once (the `stock_held` flag shared with the status route and expiry).
 */
export async function cancelOrder(db: Db, id: number, input: CancelOrderInput, actor: RefundActor & { user: SessionUser }, now: Date): Promise<{ refunded: boolean }> {
  let refunded = false;
  await db.transaction(async (tx) => {
    const order = await lockOrderAsRead(tx, id, input.version);
    if (order.status === 'cancelled') throw new AppError('CONFLICT', refundMessages.alreadyCancelled);
    const notes: string[] = [];
    if (input.reason) notes.push(`Alasan: ${input.reason}.`);
    if (refundableAmount(order, await refundedAmount(tx, id)) > 0) {
      if (!input.refund) throw new AppError('UNPROCESSABLE', refundMessages.refundRequired, { fields: { refund: refundMessages.refundRequired } });
      const { id: refundId, amount } = await recordRefund(tx, order, input.refund, undefined, actor, now);
      // Settlement (decision 053): the refund takes back the partners' delivered goods first, in
      // proportion; shipping, kode unik and goods not yet delivered stay with the office.
      const split = allocateRefund(amount, await deliveredGoodsLeft(tx, id));
      await insertRefundAllocations(tx, split.map((s) => ({ refund_id: refundId, business_id: s.business_id, amount: s.amount, created_at: now })));
      notes.push(refundNote(amount, input.refund));
      refunded = true;
    }
    if (await returnOrderStock(tx, id)) notes.push('Stok dikembalikan.');
    await markOrderCancelled(tx, id);
    // As the status route does: what has not left yet will not.
    await cancelShipmentsOfOrder(tx, id, now, actor.user);
    await insertOrderEvent(tx, { order_id: id, actor_user_id: actor.id, actor_name: actor.name, kind: 'status_changed', from_status: order.status, to_status: 'cancelled', note: notes.join(' ') || null });
  });
  return { refunded };
}

/**
 * A removed line's refund, when its shipment was already delivered, goes to the line's partner
 * (decision 057): no more than the line's worth (more, such as shipping, stays with the office) nor
 * what that partner's delivered goods on the order still hold. The goods the removal takes off the
 * delivered shipment are kept with it, so the partner's goods stay as delivered and the removal
 * counts once, as this refund, in the period it is recorded.
 */
async function allocateLineRefund(tx: DbOrTx, r: { orderId: number; itemId: number; refundId: number; amount: number; worth: number; now: Date }): Promise<void> {
  const owner = await deliveredLineOwner(tx, r.itemId);
  if (!owner) return;
  const left = (await deliveredGoodsLeft(tx, r.orderId)).find((g) => g.business_id === owner.business_id)?.goods ?? 0;
  const amount = Math.min(r.amount, r.worth, left);
  if (amount <= 0) return;
  await insertRefundAllocations(tx, [{ refund_id: r.refundId, business_id: owner.business_id, amount, created_at: r.now, shipment_id: owner.shipment_id, goods_removed: r.worth }]);
}

/**
 * Removes a line (or some of its units) from a paid order: its stock back while the order holds
 * stock, its worth refunded (or the amount given), the order's totals kept as paid and the change
 * in its history. Unpaid orders are refused: their total, kode unik and payment amount would all
 * have to be worked out again (decision 050).
 */
export async function removeOrderLine(db: Db, orderId: number, itemId: number, input: RemoveLineInput, actor: RefundActor, now: Date): Promise<{ refunded: boolean }> {
  let refunded = false;
  await db.transaction(async (tx) => {
    const order = await lockOrderAsRead(tx, orderId, input.version);
    if (order.status === 'cancelled') throw new AppError('CONFLICT', refundMessages.cancelledOrderLines);
    if (order.payment_status !== 'paid') throw new AppError('UNPROCESSABLE', refundMessages.unpaidLineRemovalRefused);
    const item = await lockOrderItem(tx, orderId, itemId);
    if (!item) throw new AppError('NOT_FOUND', refundMessages.lineNotFound);
    const removed = input.quantity ?? item.quantity;
    if (removed > item.quantity) throw new AppError('UNPROCESSABLE', refundMessages.quantityInvalid, { fields: { quantity: refundMessages.quantityInvalid } });
    if (removed === item.quantity && (await countOrderItems(tx, orderId)) <= 1) throw new AppError('UNPROCESSABLE', refundMessages.lastLine);
    const notes = [`${item.product_name}${item.variant_label ? ` (${item.variant_label})` : ''} x${removed} dihapus dari pesanan.`];
    const worth = lineRefundAmount(item, removed);
    if (worth > 0 || input.refund.amount !== undefined) {
      const { id: refundId, amount } = await recordRefund(tx, order, input.refund, worth, actor, now);
      await allocateLineRefund(tx, { orderId, itemId, refundId, amount, worth, now });
      notes.push(refundNote(amount, input.refund));
      refunded = true;
    }
    if (order.stock_held) {
      await returnLineStock(tx, { productId: item.product_id, variantLabel: item.variant_label, quantity: removed });
      notes.push('Stok dikembalikan.');
    }
    await reduceOrderItem(tx, item, removed);
    await bumpOrder(tx, orderId);
    await insertOrderEvent(tx, { order_id: orderId, actor_user_id: actor.id, actor_name: actor.name, kind: 'refund', note: notes.join(' ') });
  });
  return { refunded };
}

/**
 * Takes back a manual confirmation (admin, with a reason, the same store day as the confirmation):
 * the payment unpaid again, a confirmed order back to pending, and who and why in its history.
 */
export async function reversePayment(db: Db, orderId: number, input: ReversePaymentInput, actor: RefundActor, now: Date): Promise<void> {
  const timeZone = await storeTimeZone(db);
  await db.transaction(async (tx) => {
    const order = await lockOrderAsRead(tx, orderId, input.version);
    const payment = await lockLatestPayment(tx, orderId);
    const error = reversalError({
      provider: payment?.provider ?? '',
      paymentStatus: order.payment_status === 'paid' ? (payment?.status ?? '') : order.payment_status,
      orderStatus: order.status,
      // Only an admin's confirmation has verified_at; a gateway's paid callback never does.
      confirmedAt: payment?.verified_at ?? null,
      refunded: await refundedAmount(tx, orderId),
      now,
      timeZone,
    });
    if (error || !payment) throw new AppError(error === refundMessages.reverseTooLate ? 'CONFLICT' : 'UNPROCESSABLE', error ?? refundMessages.notReversible);
    const backToPending = order.status === 'confirmed';
    await reverseManualPayment(tx, { paymentId: payment.id, orderId, actorId: actor.id, reason: input.reason, at: now, holdUntil: new Date(now.getTime() + REVERSAL_HOLD_MS), backToPending });
    await insertPaymentEvent(tx, {
      order_id: orderId,
      actor_user_id: actor.id,
      actor_name: actor.name,
      note: `Konfirmasi pembayaran ${formatRupiah(payment.amount)} dibatalkan (${payment.reference}): ${input.reason}`,
      ...(backToPending ? { from_status: 'confirmed', to_status: 'pending' } : {}),
    });
  });
}

/** An order's refunds, what may still go back, and whether its confirmation may be taken back now. */
export async function refundsOfOrder(db: Db, orderId: number, now: Date): Promise<OrderRefunds> {
  const order = await orderForRefunds(db, orderId);
  if (!order) throw new AppError('NOT_FOUND', adminOrderMessages.notFound);
  const [list, payment, timeZone] = await Promise.all([orderRefunds(db, orderId), latestPayment(db, orderId), storeTimeZone(db)]);
  const refunded = list.reduce((s, r) => s + r.amount, 0);
  const reversible =
    order.payment_status === 'paid' &&
    reversalError({ provider: payment?.provider ?? '', paymentStatus: payment?.status ?? '', orderStatus: order.status, confirmedAt: payment?.verified_at ?? null, refunded, now, timeZone }) === null;
  return { refunds: list, refundable: refundableAmount(order, refunded), reversible };
}

/** One store day of the cash drawer (today when no date is given). */
export async function drawerOfDay(db: Db, date: string | undefined, now: Date): Promise<Drawer> {
  const timeZone = await storeTimeZone(db);
  const day = date ?? storeDate(now, timeZone);
  // Noon UTC of the date lies inside the store's day in every Indonesian zone (UTC+7 to +9).
  const from = storePeriodStart(new Date(`${day}T12:00:00Z`), 'day', timeZone);
  const to = new Date(from.getTime() + 24 * 3_600_000);
  const { cashSales, refunds } = await drawerDay(db, from, to);
  const cashRefunds = refunds.reduce((s, r) => s + (r.method === 'cash' ? r.amount : 0), 0);
  return { date: day, cash_sales: cashSales, cash_refunds: cashRefunds, expected_cash: expectedDrawerCash(cashSales, refunds) };
}
