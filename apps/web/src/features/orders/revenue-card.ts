/**
 * What the order desk's money cards show (docs/requirements/back-office.md §2 Orders: "total revenue of the
 * filtered orders"). Revenue is money received: paid orders only, never cancelled ones (decisions
 * 010 and 013), so on the cancelled tab the card would always read Rp0; there it shows what those
 * orders were worth, labelled so, instead of a misleading zero. Open orders whose money has not
 * arrived are shown apart, as "Menunggu pembayaran", never added to the revenue.
 */
import type { AdminOrderList, OrderStatus } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages } from '@pasar/core/payments';

export interface MoneyCard {
  label: string;
  value: string;
  hint: string;
  tone: 'green' | 'red' | 'amber';
}

type Summary = AdminOrderList['summary'];

const paidOnly = 'Hanya pesanan yang sudah dibayar';

/** `summary` undefined while the tab's figures load: the card keeps its label and shows '…'. */
export function moneyCard(summary: Summary | undefined, status: OrderStatus | 'all'): MoneyCard {
  if (status === 'cancelled') {
    return { label: 'Nilai pesanan dibatalkan', value: summary ? formatRupiah(summary.cancelled_amount) : '…', hint: 'Tidak dihitung sebagai pendapatan', tone: 'red' };
  }
  if (!summary) return { label: 'Pendapatan', value: '…', hint: paidOnly, tone: 'green' };
  const cancelled = summary.by_status.cancelled;
  return {
    label: 'Pendapatan',
    value: formatRupiah(summary.revenue),
    hint: cancelled > 0 ? `${paidOnly}; tanpa ${cancelled} pesanan dibatalkan (${formatRupiah(summary.cancelled_amount)})` : paidOnly,
    tone: 'green',
  };
}

/** Open orders of the filter still waiting for their money: apart from the revenue, never in it. */
export function unpaidCard(summary: Summary | undefined, status: OrderStatus | 'all'): MoneyCard {
  return {
    label: paymentMessages.waitingPayment,
    value: summary ? formatRupiah(summary.unpaid_amount) : '…',
    // A cancelled order waits for nothing: the figure is zero there, and the hint says why.
    hint: status === 'cancelled' ? 'Pesanan dibatalkan tidak ditagih' : 'Belum dibayar; belum termasuk pendapatan',
    tone: 'amber',
  };
}
