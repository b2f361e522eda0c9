/**
 * Orders as the buyer reads them back: their own, one through its link, a guest's by e-mail
 * (docs/requirements/storefront.md §7). Placing one is the checkout workflow's
 * (features/checkout/place-order.ts, decision 075); the steps of it that are the orders feature's
 * own (its context read, its rows, its write) are exported here.
 */
import { AppError } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import type { Order } from '@pasar/core/checkout';
import { paymentMessages } from '@pasar/core/payments';
import type { Db } from '../../db/client';
import { findOrderIdByAccessToken, findOrderOwner, listOrderIdsOfUser, loadOrders } from './orders.repository';

/** The orders feature's part of a checkout (decision 075) and of a point-of-sale sale. */
export {
  cancelUnpaidOrder,
  findOrderIdByIdempotencyKey,
  insertOrderWithItems,
  loadCheckoutContext,
  loadProductsForOrder,
  reserveOrderId,
  toOrder,
  toShipment,
  UnpaidCapReached,
  writePlacedOrder,
  type CapName,
  type CheckoutContext,
  type IdempotentOrder,
  type OrderItemRow,
  type OrderRow,
  type ProductForOrder,
  type ShipmentRow,
  type UnpaidCounts,
  type UnpaidKeys,
} from './orders.repository';
export { insertOrderEvent } from './admin-orders.repository';

export const orderMessages = {
  outOfStock: (name: string, left: number) => (left > 0 ? `Stok ${name} tidak mencukupi. Tersisa ${left}.` : `Stok ${name} habis.`),
  unknownShipping: 'Layanan pengiriman yang dipilih tidak tersedia. Pilih ulang layanan pengiriman.',
  unknownPayment: 'Metode pembayaran tidak dikenal. Silakan pilih metode lain.',
  amountOutOfRange: (name: string, min: number, max: number) => `${name} hanya untuk pembayaran ${formatRupiah(min)} sampai ${formatRupiah(max)}.`,
  notFound: 'Pesanan tidak ditemukan.',
  idempotencyConflict: 'Kunci Idempotency-Key ini sudah dipakai untuk pesanan lain.',
  // Not in the spec (issue 14): the same key sent again with another order's content.
  idempotencyMismatch: 'Kunci Idempotency-Key ini sudah dipakai untuk pesanan dengan isi berbeda. Muat ulang halaman, lalu kirim pesanan lagi.',
  // Not in the spec (issue 14): the guest lookup's throttle.
  tooManyLookups: (seconds: number) => `Terlalu banyak percobaan mencari pesanan. Coba lagi dalam ${Math.ceil(seconds / 60)} menit.`,
};

export async function getOrders(db: Db, ids: number[]): Promise<Order[]> {
  return loadOrders(db, ids);
}

export async function myOrders(db: Db, userId: number): Promise<Order[]> {
  return loadOrders(db, await listOrderIdsOfUser(db, userId));
}

export async function myOrderId(db: Db, userId: number, orderId: number): Promise<number> {
  const owner = await findOrderOwner(db, orderId);
  if (!owner || owner.user_id !== userId) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return orderId;
}

export async function myOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  await myOrderId(db, userId, orderId);
  return orderById(db, orderId);
}

export async function orderById(db: Db, orderId: number): Promise<Order> {
  const [order] = await loadOrders(db, [orderId]);
  if (!order) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return order;
}

/** The order behind an unguessable link; any unknown token is the same 404. */
export async function orderIdByToken(db: Db, token: string): Promise<number> {
  const id = await findOrderIdByAccessToken(db, token);
  if (id === undefined) throw new AppError('NOT_FOUND', paymentMessages.accessNotFound);
  return id;
}

/** A guest reads an order with its id and the e-mail used; any mismatch is the same 404. */
export async function lookupGuestOrder(db: Db, orderId: number, email: string): Promise<Order> {
  const owner = await findOrderOwner(db, orderId);
  if (!owner || !owner.guest_email || owner.guest_email.toLowerCase() !== email.trim().toLowerCase()) {
    throw new AppError('NOT_FOUND', orderMessages.notFound);
  }
  return orderById(db, orderId);
}
