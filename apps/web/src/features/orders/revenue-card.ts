/**
 * What the order desk's money card shows (back-office spec §2 Orders: "total revenue of the
 * filtered orders"). Revenue leaves cancelled orders out (docs/decisions/010), so on the
 * cancelled tab the card would always read Rp0; there it shows what those orders were worth,
 * labelled so, instead of a misleading zero.
 */
import type { AdminOrderList, OrderStatus } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';

export interface MoneyCard {
  label: string;
  value: string;
  hint: string;
  tone: 'green' | 'red';
}

/** `summary` undefined while the tab's figures load: the card keeps its label and shows '…'. */
export function moneyCard(summary: AdminOrderList['summary'] | undefined, status: OrderStatus | 'all'): MoneyCard {
  if (status === 'cancelled') {
    return { label: 'Nilai pesanan dibatalkan', value: summary ? formatRupiah(summary.cancelled_amount) : '…', hint: 'Tidak dihitung sebagai pendapatan', tone: 'red' };
  }
  if (!summary) return { label: 'Pendapatan', value: '…', hint: 'Tanpa pesanan dibatalkan', tone: 'green' };
  const cancelled = summary.by_status.cancelled;
  return {
    label: 'Pendapatan',
    value: formatRupiah(summary.revenue),
    hint: cancelled > 0 ? `Tanpa ${cancelled} pesanan dibatalkan (${formatRupiah(summary.cancelled_amount)})` : 'Tanpa pesanan dibatalkan',
    tone: 'green',
  };
}
