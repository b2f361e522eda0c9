/**
 * What the order desk and the buyer's page may offer for an order and each of its shipments (issue 28),
 * with the reason when an action is not offered: the server refuses the same things, the page
 * only says so before the click.
 */
import type { Order } from '@pasar/core/checkout';
import { paymentBlocksFulfilment, resiRequired, shipmentMessages, shipmentStatusLabel, type Shipment } from '@pasar/core/shipments';
import type { CartOption } from '@pasar/core/cart';

export interface Offer {
  allowed: boolean;
  /** Why not, in the shop's words; null when allowed. */
  reason: string | null;
}

const yes: Offer = { allowed: true, reason: null };
const no = (reason: string): Offer => ({ allowed: false, reason });

type OrderFacts = Pick<Order, 'status' | 'payment_status' | 'order_type'>;

/** "Konfirmasi pesanan": a pending order whose money came in. */
export function confirmOffer(order: OrderFacts): Offer | null {
  if (order.status !== 'pending') return null;
  return paymentBlocksFulfilment(order) ? no(shipmentMessages.unpaidOrder) : yes;
}

/** "Kirim" for a shipment still being packed. */
export function shipOffer(order: OrderFacts, shipment: Pick<Shipment, 'status'>): Offer | null {
  if (shipment.status !== 'packing' || order.status === 'cancelled') return null;
  return paymentBlocksFulfilment(order) ? no(shipmentMessages.unpaidShipment) : yes;
}

/** "Tandai sampai" for a shipment on its way. */
export function deliverOffer(order: OrderFacts, shipment: Pick<Shipment, 'status'>): Offer | null {
  if (shipment.status !== 'shipped' || order.status === 'cancelled') return null;
  return yes;
}

/** The "Kirim" form's own check before it is sent: a national courier needs its resi. */
export function shipFormError(shipment: Pick<Shipment, 'kind'>, trackingNumber: string): string | null {
  return resiRequired(shipment.kind) && !trackingNumber.trim() ? shipmentMessages.resiRequired : null;
}

/** "Pesanan diterima" on the buyer's page: a shipment on its way or at the door. */
export function canConfirmReceived(order: OrderFacts, shipment: Pick<Shipment, 'status'>): boolean {
  return order.status !== 'cancelled' && (shipment.status === 'shipped' || shipment.status === 'delivered');
}

/** "Batalkan" on the buyer's page: only an open order not yet paid. */
export function canBuyerCancel(order: OrderFacts): boolean {
  return order.order_type !== 'pos' && order.status !== 'cancelled' && order.payment_status === 'unpaid';
}

/** The courier as shoppers know it with its service: "JNE REG", "Kurir Toko". Never the raw code alone. */
export function shipmentCourierText(shipment: Pick<Shipment, 'courier_name' | 'service' | 'kind'>): string {
  const name = shipment.courier_name ?? (shipment.kind === 'pickup' ? 'Ambil sendiri' : 'Kurir');
  return [name, shipment.service].filter(Boolean).join(' · ');
}

/** "Beli lagi": the order's lines as the cart asks for them again (prices and stock come fresh from the catalogue). */
export function buyAgainLines(order: Pick<Order, 'order_items'>): { productId: number; variantLabel: string | null; options: CartOption[]; quantity: number }[] {
  return order.order_items.map((i) => ({ productId: i.product_id, variantLabel: i.variant_label, options: i.selected_options.map((o) => ({ group: o.group, value: o.value })), quantity: i.quantity }));
}

/**
 * A shipment's status as the page shows it: a cancelled order's open shipments read "Dibatalkan"
 * even where the cancel (payment expiry, the refund dialog) left their rows as they were.
 */
export function shownShipmentStatus(order: Pick<Order, 'status'>, shipment: Pick<Shipment, 'status' | 'status_label'>): string {
  return order.status === 'cancelled' && shipment.status !== 'received' ? shipmentStatusLabel('cancelled') : shipment.status_label;
}
