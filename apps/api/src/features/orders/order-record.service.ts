/**
 * What the refunds and shipments features change or show of an order besides its history
 * (orders.service.ts has `insertOrderEvent` and `getOrders`). Apart from admin-orders.service.ts,
 * which calls those features' services itself, so that they reach the orders feature without
 * importing the order desk's service back.
 */
import { AppError, genericMessages } from '@pasar/core/errors';
import { adminOrderMessages } from '@pasar/core/orders';
import type { DbOrTx } from '../../db/client';
import { lockOrder, setOrderStatus, type LockedOrder } from './admin-orders.repository';

export type { LockedOrder } from './admin-orders.repository';

/**
 * The order row locked, in the caller's transaction, as the admin read it: 404 when it is gone, and
 * STALE_UPDATE when the version sent is not the current one (none sent: no check). The order desk's
 * status change and every refund begin so.
 */
export async function lockOrderAsRead(tx: DbOrTx, id: number, version: number | undefined): Promise<LockedOrder> {
  const order = await lockOrder(tx, id);
  if (!order) throw new AppError('NOT_FOUND', adminOrderMessages.notFound);
  if (version !== undefined && version !== order.version) throw new AppError('STALE_UPDATE', genericMessages.staleUpdate);
  return order;
}

/** A shipment's timeline row in the API's shape: the order answer and the tracking answer alike. */
export { toShipmentEvent } from './orders.repository';

/**
 * Cancels an order whose stock the caller has already returned (a cancellation with its refund,
 * decision 050), in the caller's transaction; the caller writes the history entry.
 */
export async function markOrderCancelled(tx: DbOrTx, orderId: number): Promise<void> {
  await setOrderStatus(tx, orderId, 'cancelled', false);
}
