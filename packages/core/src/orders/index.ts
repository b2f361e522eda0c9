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
