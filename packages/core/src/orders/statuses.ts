/** Order statuses (docs/requirements/back-office.md §4) and payment statuses, kept apart (docs/integrations.md). */
import { labelled } from '../common/labelled';

export const {
  values: ORDER_STATUSES,
  labels: orderStatusLabels,
  label: orderStatusLabel,
  is: isOrderStatus,
} = labelled(['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'], {
  pending: 'Menunggu konfirmasi',
  confirmed: 'Dikonfirmasi',
  shipped: 'Dikirim',
  delivered: 'Sudah diterima',
  cancelled: 'Dibatalkan',
});
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The search words of each status: its name, the words of its label, and the root of an
 * Indonesian passive word (di-…, di-…-kan), so "kirim" finds Dikirim and "batal" finds Dibatalkan.
 */
function statusWords(status: OrderStatus): string[] {
  const words = new Set<string>([status]);
  for (const word of orderStatusLabels[status].toLowerCase().split(/\s+/)) {
    words.add(word);
    if (word.startsWith('di') && word.length > 5) {
      const root = word.slice(2);
      words.add(root);
      if (root.endsWith('kan') && root.length > 5) words.add(root.slice(0, -3));
    }
  }
  return [...words];
}

/** Shortest query that may stand for a status by being the start of one of its words. */
export const STATUS_QUERY_MIN_PREFIX = 3;

/**
 * Statuses an order-desk search means (docs/requirements/back-office.md §2 Orders: search by status label).
 * A query names a status when, case-insensitively, it equals the status name or its label, or,
 * from 3 letters on, starts one of its words: "dikirim", "kirim", "ship", "batal", "menunggu".
 * Shorter fragments ("ma", "e") match no status, or every order would match.
 */
export function statusesMatchingQuery(query: string): OrderStatus[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!q) return [];
  return ORDER_STATUSES.filter((status) => {
    if (q === status || q === orderStatusLabels[status].toLowerCase()) return true;
    if (q.length < STATUS_QUERY_MIN_PREFIX || q.includes(' ')) return false;
    return statusWords(status).some((word) => word.startsWith(q));
  });
}

export const {
  values: PAYMENT_STATUSES,
  labels: paymentStatusLabels,
  label: paymentStatusLabel,
} = labelled(['unpaid', 'paid', 'expired', 'failed', 'refunded'], {
  unpaid: 'Belum dibayar',
  paid: 'Sudah dibayar',
  expired: 'Kedaluwarsa',
  failed: 'Gagal',
  refunded: 'Dikembalikan',
});
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Status changes an admin may make (docs/decisions/010-order-status-transitions.md). The spec
 * shows no restriction, so every status may follow every other; what a change does to stock is
 * the rule: into `cancelled` returns the items once, out of `cancelled` takes them again.
 */
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
  /** Issue 17 (not in the spec): asked before an order is cancelled from the order desk. */
  cancelConfirm: (id: number) => `Batalkan pesanan #${id}? Stok barangnya dikembalikan ke katalog.`,
} as const;
