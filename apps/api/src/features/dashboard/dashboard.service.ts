/** Live dashboard figures and the bell's pending orders (issue 5 (docs/issues.md): not the spec's fixed samples). */
import { startOfStoreDay, startOfStoreMonth, storeMonth, type Activity, type DashboardSummary, type Notifications } from '@pasar/core/dashboard';
import { formatRupiah } from '@pasar/core/money';
import { orderStatusLabel } from '@pasar/core/orders';
import { applyDiscount, clampDiscount } from '@pasar/core/pricing';
import type { Db, DbOrTx } from '../../db/client';
import { awaitsPayment, payableOf } from '@pasar/core/revenue';
import { orderFigureSums } from '../orders/admin-orders.service';
import { dashboardReads, keptProductFigures, pendingOrderRows, type ActivityRow } from './dashboard.repository';

/** The catalogue's product figures (all, active, low stock, sold out) for the product screen's cards. */
export function productFigures(db: DbOrTx): Promise<{ total: number; active: number; low_stock: number; out_of_stock: number }> {
  return keptProductFigures(db);
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** What a buyer pays (issue 31: a discounted product showed its list price), with the list price beside it. */
function productPrice(list: number, discount: number): string {
  const charged = applyDiscount(list, discount);
  return charged === list ? formatRupiah(list) : `${formatRupiah(charged)} (diskon ${clampDiscount(discount)}% dari ${formatRupiah(list)})`;
}

function describe(row: ActivityRow): Activity {
  switch (row.kind) {
    case 'order_created':
      return {
        kind: row.kind,
        at: iso(row.at),
        title: `${row.order_type === 'pos' ? 'Penjualan kasir' : 'Pesanan baru'} #${row.ref_id}`,
        detail: `${row.name ?? 'Tamu'} · ${formatRupiah(row.amount ?? 0)}`,
        link: `/admin/orders?order=${row.ref_id}`,
      };
    case 'order_status':
      return {
        kind: row.kind,
        at: iso(row.at),
        title: `Pesanan #${row.ref_id}: ${orderStatusLabel(row.to_status ?? '')}`,
        detail: `${row.from_status ? `dari ${orderStatusLabel(row.from_status)}` : ''}${row.actor ? ` oleh ${row.actor}` : ''}`.trim(),
        link: `/admin/orders?order=${row.ref_id}`,
      };
    case 'product_created':
      return { kind: row.kind, at: iso(row.at), title: `Produk baru: ${row.name ?? ''}`, detail: productPrice(row.amount ?? 0, Number(row.discount ?? 0)), link: `/admin/products?q=${row.ref_id}` };
  }
}

/**
 * Revenue is money received (issue 13 §6 (docs/issues.md), core revenue countsAsRevenue and
 * revenueHour): paid orders, counted in the month the money came (the latest payment's paid_at; a
 * POS sale is paid when it is made), less refunds. Unpaid open orders are apart (core awaitsPayment).
 * Issue 15 (100,000 orders): every figure comes from the rows migration 0014's triggers write, not
 * from an aggregate over the orders.
 */
async function orderFigures(db: Db, dayStart: Date, monthStart: Date) {
  const sums = await orderFigureSums(db, { dayStart, monthStart });
  let unpaidCount = 0;
  for (const [status, f] of sums.byStatus) if (awaitsPayment({ status, payment_status: 'unpaid' })) unpaidCount += f.unpaidOrders;
  return {
    pending_today: sums.sinceDay.get('pending') ?? 0,
    pending_total: sums.byStatus.get('pending')?.count ?? 0,
    today: [...sums.sinceDay.values()].reduce((s, n) => s + n, 0),
    revenue: sums.revenue,
    unpaid_count: unpaidCount,
    unpaid_amount: payableOf(sums.byStatus),
  };
}

export async function dashboardSummary(db: Db, now: Date): Promise<DashboardSummary> {
  const { catalogue, timeZone: zone, activity } = await dashboardReads(db, 10);
  const orders = await orderFigures(db, startOfStoreDay(now, zone), startOfStoreMonth(now, zone));
  return {
    products: { total: catalogue.total, active: catalogue.active, low_stock: catalogue.low_stock },
    businesses: { total: catalogue.businesses, active: catalogue.active_businesses },
    orders: { pending_today: orders.pending_today, pending_total: orders.pending_total, today: orders.today },
    revenue_this_month: orders.revenue,
    awaiting_payment: { count: orders.unpaid_count, amount: orders.unpaid_amount },
    month: storeMonth(now, zone),
    recent_activity: activity.map(describe),
  };
}

export async function notifications(db: Db, afterId: number | undefined): Promise<Notifications> {
  // The totals are the order figures (migration 0014): the pending orders, and the orders with a
  // transfer proof to verify (the order desk's "Menunggu verifikasi" count, over every status but
  // cancelled). The bell's own statement runs beside them.
  const [rows, sums] = await Promise.all([pendingOrderRows(db, afterId), orderFigureSums(db)]);
  const pendingTotal = sums.byStatus.get('pending')?.count ?? 0;
  let awaitingVerification = 0;
  for (const [status, f] of sums.awaitingProof) if (status !== 'cancelled') awaitingVerification += f.count;
  const newPending = rows.newPending ?? pendingTotal;
  // New pending orders whose proof also waits are in both counts: the badge takes them once (issue 31).
  const newAndAwaiting = rows.newAwaiting ?? sums.awaitingProof.get('pending')?.count ?? 0;
  return {
    pending_total: pendingTotal,
    new_pending: newPending,
    latest_order_id: rows.latestOrderId,
    awaiting_verification: awaitingVerification,
    attention: newPending + awaitingVerification - newAndAwaiting,
    latest: rows.latest.map((o) => ({ id: o.id, created_at: iso(o.created_at), total_amount: o.total_amount, customer: o.customer ?? 'Tamu', order_type: o.order_type })),
  };
}

/** The background jobs' step for the figure tables (jobs.ts): reads sum the rows and never write. */
export { mergeFigureRows } from './dashboard.repository';
