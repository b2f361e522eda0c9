import type { Order } from '@pasar/core/checkout';

const statusColor: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

/**
 * The order's status and its payment state as the shopper reads it: the payment's own label
 * ("Menunggu verifikasi", "Bukti ditolak") tells more than the order's payment status alone.
 */
export function paymentStateText(order: Order): string {
  return order.payment?.state_label ?? order.payment_status_label;
}

/** The same colours as the order desk's payment badge (features/orders/order-badges.tsx): a proof waiting or refused stands out. */
function paymentColor(order: Order): string {
  const proof = order.payment?.proof_status ?? 'none';
  if (order.payment_status === 'paid') return 'bg-green-100 text-green-900';
  if (order.payment_status === 'unpaid' && proof === 'submitted') return 'bg-amber-100 text-amber-900';
  if ((order.payment_status === 'unpaid' && proof === 'rejected') || order.payment_status === 'failed') return 'bg-red-100 text-red-900';
  return 'bg-stone-100 text-stone-800';
}

export function OrderBadges({ order }: { order: Order }) {
  return (
    <span className="flex flex-wrap gap-2">
      <span className={`rounded-full px-3 py-1 text-xs font-bold ${statusColor[order.status] ?? 'bg-stone-100'}`} data-testid="order-status">
        {order.status_label}
      </span>
      <span className={`whitespace-nowrap rounded-full px-3 py-1 text-xs font-bold ${paymentColor(order)}`} data-testid="payment-status">
        {paymentStateText(order)}
      </span>
    </span>
  );
}
