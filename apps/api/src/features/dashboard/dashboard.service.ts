/** Live dashboard figures and the bell's pending orders (issue 5 (docs/issues.md): not the spec's fixed samples). */
import { startOfStoreDay, startOfStoreMonth, storeMonth, type Activity, type DashboardSummary, type Notifications } from '@pasar/core/dashboard';
import { formatRupiah } from '@pasar/core/money';
import { orderStatusLabel } from '@pasar/core/orders';
import { applyDiscount, clampDiscount } from '@pasar/core/pricing';
import type { Db } from '../../db/client';
import { dashboardReads, foldFigures, orderFigures, pendingOrders, type ActivityRow } from './dashboard.repository';

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
  const result = await pendingOrders(db, afterId);
  return {
    pending_total: result.pending_total,
    new_pending: result.new_pending,
    latest_order_id: result.latest_order_id,
    awaiting_verification: Number(result.awaiting_verification),
    attention: result.attention,
    latest: result.latest.map((o) => ({ id: o.id, created_at: iso(o.created_at), total_amount: o.total_amount, customer: o.customer ?? 'Tamu', order_type: o.order_type })),
  };
}

/**
 * The background jobs' share of the figures (jobs.ts): the rows each database connection adds to
 * the figure tables are moved into one, so that reads sum few rows without ever writing themselves.
 */
export async function foldFigureRows(db: Db): Promise<void> {
  await foldFigures(db);
}
