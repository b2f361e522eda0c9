/** The order list's summary cards: count, money (revenue-card.ts decides what counts), unpaid, pending, and per status. */
import { ORDER_SEARCH_COUNT_CAP, ORDER_STATUSES, approximateOrderFiguresNote, orderStatusLabels, type AdminOrderList, type OrderStatus } from '@pasar/core/orders';
import { StatCard } from '../../components/admin/admin-ui';
import { moneyCard, unpaidCard } from './revenue-card';

export function OrderSummaryCards({ list, summary, status, figure, panelOpen }: {
  /** The list on screen, maybe the previous filter's while the new one loads. */
  list: AdminOrderList | undefined;
  /** This filter's own summary; undefined while it loads, so no figure is labelled for the wrong tab. */
  summary: AdminOrderList['summary'] | undefined;
  status: OrderStatus | 'all';
  figure: (n: number) => string;
  panelOpen: boolean;
}) {
  const approximate = list?.approximate;
  return (
    <>
      {/* Beside the open panel the list is about half as wide: the cards keep two to a row there. */}
      <section aria-label="Ringkasan pesanan" className={`mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 ${panelOpen ? 'xl:grid-cols-2' : 'xl:grid-cols-4'}`}>
        <StatCard label="Jumlah pesanan" value={list ? figure(list.summary.count) : '…'} />
        <StatCard {...moneyCard(summary, status, approximate)} />
        <StatCard {...unpaidCard(summary, status, approximate)} />
        <StatCard label="Menunggu konfirmasi" value={list ? figure(list.summary.by_status.pending) : '…'} tone="amber" />
        {/* The longest card takes the rest of its row, so it never stretches the money cards to five lines. */}
        <div className={`col-span-2 ${panelOpen ? 'xl:col-span-2' : 'xl:col-span-4'} [&>*]:h-full`}>
          <StatCard
            label="Per status"
            value={<span className="text-sm font-semibold">{list ? ORDER_STATUSES.filter((s) => s !== 'pending').map((s) => `${orderStatusLabels[s]} ${figure(list.summary.by_status[s])}`).join(' · ') : '…'}</span>}
          />
        </div>
      </section>
      {approximate && <p className="-mt-2 mb-4 text-xs text-stone-600">{approximateOrderFiguresNote(ORDER_SEARCH_COUNT_CAP)}</p>}
    </>
  );
}
