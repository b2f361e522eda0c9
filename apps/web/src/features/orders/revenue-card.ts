/**
 * What the order desk's money cards show (docs/requirements/back-office.md §2 Orders: "total revenue of the
 * filtered orders"). Revenue is net money received: paid orders (cancelled ones too, since their
 * money came) less their refunds (decision 050). On the cancelled tab the card shows what those
 * orders were worth, labelled so, with what is left of their money after refunds as the hint.
 * Open orders whose money has not arrived are shown apart, as "Menunggu pembayaran", never added
 * to the revenue.
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

const paidOnly = 'Pesanan yang sudah dibayar, dikurangi pengembalian dana';

/** A sum that is a lower bound (a search counted up to its cap, AdminOrderList.approximate) says so: 'Rp 1.500.000+'. */
const atLeast = (text: string, approximate: boolean | undefined) => (approximate ? `${text}+` : text);

/** `summary` undefined while the tab's figures load: the card keeps its label and shows '…'. */
export function moneyCard(summary: Summary | undefined, status: OrderStatus | 'all', approximate?: boolean): MoneyCard {
  if (status === 'cancelled') {
    return {
      label: 'Nilai pesanan dibatalkan',
      value: summary ? atLeast(formatRupiah(summary.cancelled_amount), approximate) : '…',
      // Paid and not (fully) refunded, a cancelled order's money is still the shop's: said, never hidden.
      hint: summary && summary.revenue !== 0 ? `Pendapatan bersih setelah pengembalian dana: ${atLeast(formatRupiah(summary.revenue), approximate)}` : 'Tidak dihitung sebagai pendapatan',
      tone: 'red',
    };
  }
  if (!summary) return { label: 'Pendapatan', value: '…', hint: paidOnly, tone: 'green' };
  return { label: 'Pendapatan', value: atLeast(formatRupiah(summary.revenue), approximate), hint: paidOnly, tone: 'green' };
}

/** Open orders of the filter still waiting for their money: apart from the revenue, never in it. */
export function unpaidCard(summary: Summary | undefined, status: OrderStatus | 'all', approximate?: boolean): MoneyCard {
  return {
    label: paymentMessages.waitingPayment,
    value: summary ? atLeast(formatRupiah(summary.unpaid_amount), approximate) : '…',
    // A cancelled order waits for nothing: the figure is zero there, and the hint says why.
    hint: status === 'cancelled' ? 'Pesanan dibatalkan tidak ditagih' : 'Belum dibayar; belum termasuk pendapatan',
    tone: 'amber',
  };
}

/**
 * The order desk's page count and whether a next page exists. Exact figures give both; a search that
 * counted only up to its cap (issue 15) knows at least `total`, so its count is a lower bound
 * ('50+') and the next page is offered while pages come back full.
 */
export function deskPages(list: Pick<AdminOrderList, 'total' | 'page_size' | 'approximate'> & { items: readonly unknown[] }, page: number): { count: string; more: boolean } {
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  if (!list.approximate) return { count: String(pages), more: page < pages };
  return { count: `${Math.max(pages, page)}+`, more: list.items.length === list.page_size };
}
