/**
 * "Hubungi via WhatsApp" on the order desk: a click-to-chat link to the buyer with a message
 * already written for where the order stands, so the admin only has to press send. The words are
 * the ones the shop's own e-mails and WhatsApp messages use (core/mail buyer-texts, decision 051),
 * so the buyer reads the same sentence whichever way it reaches them. The number comes from the
 * order (shipping phone, else the POS customer's); an unusable number gives no link at all rather
 * than a chat with a stranger.
 */
import { buyerStateText } from '@pasar/core/mail';
import { whatsappLink } from '@pasar/core/payments';
import type { Order } from '@pasar/core/checkout';

type Shipment = Pick<Order['shipments'][number], 'status' | 'courier_name' | 'service' | 'tracking_number'>;

export type WhatsappOrder = Pick<
  Order,
  'id' | 'total_amount' | 'unique_code' | 'payment_status' | 'payment_due_at' | 'shipping_name' | 'customer_name' | 'shipping_phone' | 'customer_phone'
> & {
  payment: Pick<NonNullable<Order['payment']>, 'proof_status' | 'rejection_reason'> | null;
  status?: Order['status'];
  shipments?: Shipment[];
};

/** The message, in the buyer's language, for where the order stands. */
export function buyerWhatsappText(order: WhatsappOrder, storeName: string | null): string {
  // The shipment the buyer waits for most: the last one sent on its way.
  const sent = (order.shipments ?? []).filter((s) => s.status !== 'packing' && s.status !== 'cancelled');
  const latest = sent.at(-1);
  return buyerStateText(
    { paymentStatus: order.payment_status, proofStatus: order.payment?.proof_status ?? 'none', ...(order.status ? { orderStatus: order.status } : {}) },
    {
      orderId: order.id,
      buyerName: order.shipping_name ?? order.customer_name,
      storeName,
      totalAmount: order.total_amount,
      uniqueCode: order.unique_code,
      paymentDueAt: order.payment_due_at,
      reason: order.payment?.rejection_reason ?? null,
      courierName: latest?.courier_name ?? null,
      service: latest?.service ?? null,
      trackingNumber: latest?.tracking_number ?? null,
    },
  );
}

/** The buyer's number as the order gives it: the shipping phone, else the POS customer's. */
export const buyerPhone = (order: Pick<Order, 'shipping_phone' | 'customer_phone'>): string | null => order.shipping_phone ?? order.customer_phone;

/** The wa.me link with the message, or null when the order's number cannot be used. */
export function buyerWhatsappLink(order: WhatsappOrder, storeName: string | null): string | null {
  return whatsappLink(buyerPhone(order), buyerWhatsappText(order, storeName));
}
