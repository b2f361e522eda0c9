/**
 * What the refunds and shipments features change or show of an order besides its history
 * (orders.service.ts has `insertOrderEvent` and `getOrders`). Apart from admin-orders.service.ts,
 * which calls those features' services itself, so that they reach the orders feature without
 * importing the order desk's service back.
 */
import type { DbOrTx } from '../../db/client';
import { setOrderStatus } from './admin-orders.repository';

/** A shipment's timeline row in the API's shape: the order answer and the tracking answer alike. */
export { toShipmentEvent } from './orders.repository';

/**
 * Cancels an order whose stock the caller has already returned (a cancellation with its refund,
 * decision 050), in the caller's transaction; the caller writes the history entry.
 */
export async function markOrderCancelled(tx: DbOrTx, orderId: number): Promise<void> {
  await setOrderStatus(tx, orderId, 'cancelled', false);
}
