import type { Order } from '@pasar/core/checkout';

const statusColor: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

/**
 * Where the money stands, in one word for buyer and order desk alike: the payment's own state label
 * (decision 013: "Menunggu verifikasi" is unpaid with a proof submitted) over the bare payment
 * status, coloured so a proof waiting or refused stands out in a list.
 */
export function paymentState(order: Pick<Order, 'payment_status' | 'payment_status_label' | 'payment'>): { label: string; color: string } {
  const proof = order.payment?.proof_status ?? 'none';
  const label = order.payment?.state_label ?? order.payment_status_label;
  let color = 'bg-stone-100 text-stone-800';
  if (order.payment_status === 'paid') color = 'bg-green-100 text-green-900';
  else if (order.payment_status === 'unpaid' && proof === 'submitted') color = 'bg-amber-100 text-amber-900';
  // Expired with its proof still waiting: "Verifikasi terlambat" (decision 044), money the order desk may owe back.
  else if ((order.payment_status === 'unpaid' && proof === 'rejected') || order.payment_status === 'failed' || (order.payment_status === 'expired' && proof === 'submitted')) color = 'bg-red-100 text-red-900';
  return { label, color };
}

export function PaymentStateBadge({ order, className = '' }: { order: Pick<Order, 'payment_status' | 'payment_status_label' | 'payment'>; className?: string }) {
  const { label, color } = paymentState(order);
  return (
    <span className={`whitespace-nowrap rounded-full px-3 py-1 text-xs font-bold ${color} ${className}`} data-testid="payment-status">
      {label}
    </span>
  );
}

/** The shopper's word for the payment (checkout, order page, Pesanan Saya). */
export function paymentStateText(order: Pick<Order, 'payment_status_label' | 'payment'>): string {
  return order.payment?.state_label ?? order.payment_status_label;
}

export function OrderBadges({ order }: { order: Order }) {
  return (
    <span className="flex flex-wrap gap-2">
      <span className={`rounded-full px-3 py-1 text-xs font-bold ${statusColor[order.status] ?? 'bg-stone-100'}`} data-testid="order-status">
        {order.status_label}
      </span>
      <PaymentStateBadge order={order} />
    </span>
  );
}
