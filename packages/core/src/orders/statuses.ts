/** Order statuses (back-office spec §4) and payment statuses, kept apart (INTEGRATIONS.md). */
export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Menunggu konfirmasi',
  confirmed: 'Dikonfirmasi',
  shipped: 'Dikirim',
  delivered: 'Sudah diterima',
  cancelled: 'Dibatalkan',
};

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'expired', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Belum dibayar',
  paid: 'Sudah dibayar',
  expired: 'Kedaluwarsa',
  failed: 'Gagal',
  refunded: 'Dikembalikan',
};

export function orderStatusLabel(status: string): string {
  return orderStatusLabels[status as OrderStatus] ?? status;
}

export function paymentStatusLabel(status: string): string {
  return paymentStatusLabels[status as PaymentStatus] ?? status;
}

/**
 * Status changes an admin may make (docs/decisions/010-order-status-transitions.md). The spec
 * shows no restriction, so every status may follow every other; what a change does to stock is
 * the rule: into `cancelled` returns the items once, out of `cancelled` takes them again.
 */
export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export type StockEffect = 'return' | 'take' | 'none';

export function stockEffect(from: OrderStatus, to: OrderStatus): StockEffect {
  if (from !== 'cancelled' && to === 'cancelled') return 'return';
  if (from === 'cancelled' && to !== 'cancelled') return 'take';
  return 'none';
}

export const adminOrderMessages = {
  loadFailed: (message: string) => `Failed to fetch orders: ${message}`,
  updateFailed: 'Failed to update order status',
  notFound: 'Pesanan tidak ditemukan.',
  statusInvalid: 'Status pesanan tidak dikenal.',
  notEnoughStock: (name: string) => `Pesanan tidak dapat dibuka kembali: stok ${name} tidak mencukupi.`,
  updated: (label: string) => `Status pesanan diubah menjadi ${label}.`,
  unchanged: 'Status pesanan tidak berubah.',
} as const;
