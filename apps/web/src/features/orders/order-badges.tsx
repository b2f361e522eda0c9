import type { Order } from '@pasar/core/checkout';

const statusColor: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

export function OrderBadges({ order }: { order: Order }) {
  return (
    <span className="flex flex-wrap gap-2">
      <span className={`rounded-full px-3 py-1 text-xs font-bold ${statusColor[order.status] ?? 'bg-stone-100'}`} data-testid="order-status">
        {order.status_label}
      </span>
      <span className={`rounded-full px-3 py-1 text-xs font-bold ${order.payment_status === 'paid' ? 'bg-green-100 text-green-900' : 'bg-stone-100 text-stone-800'}`} data-testid="payment-status">
        {order.payment_status_label}
      </span>
    </span>
  );
}
