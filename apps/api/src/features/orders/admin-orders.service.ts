/**
 * The order desk (docs/requirements/back-office.md §2 Orders, §4): listing with search, tabs and summary, the
 * status change with its stock effect and audit trail, and the CSV export.
 * Transitions: docs/decisions/010-order-status-transitions.md.
 */
import { AppError } from '@pasar/core/errors';
import {
  ORDER_STATUSES,
  adminOrderMessages,
  customerLabel,
  orderStatusLabel,
  paymentStatusLabel,
  stockEffect,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrderQuery,
  type OrderExportQuery,
  type OrderStatus,
} from '@pasar/core/orders';
import { paymentMethodLabel } from '@pasar/core/payments';
import { storeDateTime, timeZoneName } from '@pasar/core/time';
import type { Db } from '../../db/client';
import { storeTimeZone } from '../settings/settings.service';
import { actorName, type SessionUser } from '../../auth/session-user';
import { InsufficientStock, returnOrderStock, stockLinesOfOrder, takeStock } from '../stock/stock.service';
import { couldBeDatePart, deskOrdersById, deskPageOfOrders, insertOrderEvent, nextOrderIds, searchedFiguresAndPage, setOrderStatus, type DeskOrder, type OrderCursor } from './admin-orders.repository';
import { loadOrders } from './orders.repository';
import { lockOrderAsRead } from './order-record.service';
import { refundedByOrder, refuseCancelWithoutRefund } from '../refunds/refunds.service';
import { netRevenue } from '@pasar/core/refunds';
import { payableOf, revenueOf } from '@pasar/core/revenue';
import { courierName, orderCourierText, paymentBlocksFulfilment, shipmentMessages } from '@pasar/core/shipments';
import { cancelShipmentsOfOrder } from '../shipments/shipments.service';

/**
 * The order figures the database writes beside the orders, summed (the dashboard and its bell): by
 * status, placed since a day's start, net revenue since a month's start, proofs waiting for a check.
 */
export { orderFigureSums } from './admin-orders.repository';

type Counts = AdminOrderList['counts'];

const emptyCounts = (): Counts => ({ all: 0, pending: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0, verification: 0 });

const toAdminOrder = ({ order, events }: DeskOrder): AdminOrder => ({
  ...order,
  customer_label: customerLabel(order),
  proof_url: order.payment?.proof_uploaded_at ? `/api/v1/orders/${order.id}/payment/proof` : null,
  events,
});

export async function adminOrders(db: Db, ids: number[]): Promise<AdminOrder[]> {
  return (await deskOrdersById(db, ids)).map(toAdminOrder);
}

/** One order for the desk with its audit trail, as an action on it left it; none is a 404 in the caller's words. */
export async function adminOrder(db: Db, id: number, notFound: string = adminOrderMessages.notFound): Promise<AdminOrder> {
  const [order] = await adminOrders(db, [id]);
  if (!order) throw new AppError('NOT_FOUND', notFound);
  return order;
}

/**
 * The order desk's list. Counts per status are over the search (and the payment filter; a search counts up
 * to ORDER_SEARCH_COUNT_CAP matches, `approximate` above it); the summary is over the tab too: revenue is net money received (paid orders, cancelled ones
 * too, less their refunds: core revenue revenueOf, decision 050), unpaid money of
 * open orders is shown apart (core revenue payableOf) ("Menunggu pembayaran"), and a cancelled tab shows what its orders were worth.
 */
export async function listAdminOrders(db: Db, query: AdminOrderQuery): Promise<AdminOrderList> {
  const offset = (query.page - 1) * query.page_size;
  // One statement a page (issue 15): unsearched, the order figures (`order_figures`), the page and its orders with their
  // items, payment and events; searched, the figures and the page from one gathering of the matched
  // orders, and the page's orders. Only a search that could be part of a printed date reads the
  // store's zone (a round trip more).
  const { figures: byStatus, orders: page, approximate } = query.q
    ? await searchedFiguresAndPage(db, { ...query, q: query.q, ...(couldBeDatePart(query.q) ? { timeZone: await storeTimeZone(db) } : {}) }, query.page_size, offset)
    : { ...(await deskPageOfOrders(db, query, query.page_size, offset)), approximate: false };
  const counts = emptyCounts();
  for (const status of ORDER_STATUSES) {
    const figures = byStatus.get(status);
    counts[status] = figures?.count ?? 0;
    counts.all += counts[status];
    counts.verification += figures?.verification ?? 0;
  }
  const inFilter = query.status === 'all' ? [...ORDER_STATUSES] : [query.status];
  const byStatusFiltered = emptyCounts();
  for (const status of inFilter) byStatusFiltered[status] = counts[status];
  byStatusFiltered.all = inFilter.reduce((s, status) => s + counts[status], 0);
  byStatusFiltered.verification = inFilter.reduce((s, status) => s + (byStatus.get(status)?.verification ?? 0), 0);
  const revenue = revenueOf(inFilter.map((status) => byStatus.get(status)));
  const unpaidAmount = payableOf(inFilter.map((status) => [status, byStatus.get(status)] as const));
  const cancelledAmount = inFilter.includes('cancelled') ? (byStatus.get('cancelled')?.value ?? 0) : 0;
  const total = byStatusFiltered.all;
  return {
    items: page.map(toAdminOrder),
    total,
    page: query.page,
    page_size: query.page_size,
    counts,
    summary: { count: total, revenue, unpaid_amount: unpaidAmount, cancelled_amount: cancelledAmount, by_status: byStatusFiltered },
    approximate,
  };
}


/**
 * Sets an order's status under a row lock. Into `cancelled` returns the stock once (the
 * `stock_held` flag, shared with payment expiry); out of `cancelled` takes it again with the same
 * conditional update as a sale, or refuses when there is not enough.
 */
export async function changeOrderStatus(db: Db, id: number, change: { status: OrderStatus; version?: number | undefined; note?: string | undefined }, actor: SessionUser): Promise<{ order: AdminOrder; changed: boolean }> {
  let changed = false;
  try {
    await db.transaction(async (tx) => {
      const current = await lockOrderAsRead(tx, id, change.version);
      const from = current.status as OrderStatus;
      if (from === change.status) return;
      // Money that came in goes back only through "Batalkan pesanan", which records the refund (decision 050).
      if (change.status === 'cancelled') await refuseCancelWithoutRefund(tx, id);
      // Issue 28: goods leave only after the money came; refused, not warned.
      if ((change.status === 'confirmed' || change.status === 'shipped' || change.status === 'delivered') && paymentBlocksFulfilment(current)) {
        throw new AppError('UNPROCESSABLE', shipmentMessages.unpaidOrder);
      }
      const effect = stockEffect(from, change.status);
      let stockHeld = current.stock_held;
      let note = change.note ?? null;
      if (effect === 'return') {
        if (await returnOrderStock(tx, id)) note = [note, 'Stok dikembalikan.'].filter(Boolean).join(' ');
        stockHeld = false;
      } else if (effect === 'take' && !current.stock_held) {
        await takeStock(tx, await stockLinesOfOrder(tx, id));
        stockHeld = true;
        note = [note, 'Stok diambil kembali.'].filter(Boolean).join(' ');
      }
      await setOrderStatus(tx, id, change.status, stockHeld);
      if (change.status === 'cancelled') await cancelShipmentsOfOrder(tx, id, new Date(), actor);
      await insertOrderEvent(tx, { order_id: id, actor_user_id: actor.id, actor_name: actorName(actor), kind: 'status_changed', from_status: from, to_status: change.status, note });
      changed = true;
    });
  } catch (error) {
    if (error instanceof InsufficientStock) throw new AppError('OUT_OF_STOCK', adminOrderMessages.notEnoughStock(error.line.name));
    throw error;
  }
  const [order] = await adminOrders(db, [id]);
  if (!order) throw new AppError('NOT_FOUND', adminOrderMessages.notFound);
  return { order, changed };
}

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection). Quoted when they hold either separator. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A product line as the export writes it: name, the size and the chosen options, quantity ("Keripik (Besar, Rasa: Pedas) x2"). */
export function csvProductLine(item: { product_name: string; variant_label: string | null; selected_options: readonly { group: string; value: string }[]; quantity: number }): string {
  const chosen = [item.variant_label, ...item.selected_options.map((o) => `${o.group}: ${o.value}`)].filter(Boolean);
  return `${item.product_name}${chosen.length > 0 ? ` (${chosen.join(', ')})` : ''} x${item.quantity}`;
}

/** When the order's money came: its payment's time, a POS sale's own time (paid when made); empty while unpaid. */
function paidAt(o: { payment_status: string; order_type: string; created_at: string; payment: { paid_at: string | null } | null }): string | null {
  if (o.payment_status !== 'paid') return null;
  return o.payment?.paid_at ?? (o.order_type === 'pos' ? o.created_at : null);
}


/** Orders read per page of the export: enough to keep round trips few, small enough to keep memory flat. */
export const CSV_EXPORT_BATCH = 500;

/**
 * Every order of the search and status filter, newest first, one row per order, as CSV text in
 * pieces (issue 15: 100,000 orders): the header first, then one piece per page of orders, each page
 * found after the last one's (created_at, id) and read only when the reader asks for more, so
 * neither the ids nor the rows of the whole export are ever held at once.
 */
export async function* exportOrdersCsv(
  db: Db,
  query: Pick<AdminOrderQuery, 'q' | 'status' | 'payment'> & { sep?: OrderExportQuery['sep'] },
  batch = CSV_EXPORT_BATCH,
): AsyncGenerator<string> {
  const timeZone = await storeTimeZone(db);
  const sep = query.sep === 'semicolon' ? ';' : ',';
  const zone = timeZoneName(timeZone);
  // Issue 31: when the money came sits beside the payment's state.
  const header = ['ID Pesanan', `Tanggal (${zone})`, 'Tipe', 'Status', 'Status Pembayaran', `Tanggal Bayar (${zone})`, 'Metode Pembayaran', 'Referensi Pembayaran', 'Pelanggan', 'Nama Penerima', 'Telepon', 'Kota', 'Kurir', 'Produk', 'Jumlah Item', 'Subtotal', 'Ongkos Kirim', 'Biaya Pembayaran', 'Kode Unik', 'Total', 'Tunai Diterima', 'Kembalian', 'Catatan', 'Dana Dikembalikan', 'Pendapatan Bersih'];
  // The BOM makes spreadsheet programs read the names' accents as UTF-8.
  yield `\uFEFF${header.map(csvCell).join(sep)}\r\n`;
  let after: OrderCursor | null = null;
  for (;;) {
    const page = await nextOrderIds(db, { ...query, timeZone }, after, batch);
    if (page.length === 0) return;
    after = page[page.length - 1]!;
    const lines: string[] = [];
    const ids = page.map((r) => r.id);
    const [pageOrders, refunded] = await Promise.all([loadOrders(db, ids), refundedByOrder(db, ids)]);
    for (const o of pageOrders) {
      const paid = paidAt(o);
      lines.push(
        [
          o.id,
          // Sortable in a spreadsheet: 2026-11-23 22:38, in the store's zone (named in the header).
          storeDateTime(new Date(o.created_at), timeZone),
          o.order_type === 'pos' ? 'POS' : 'Online',
          orderStatusLabel(o.status),
          o.payment ? o.payment.state_label : paymentStatusLabel(o.payment_status),
          paid ? storeDateTime(new Date(paid), timeZone) : '',
          // As the order desk shows it: the gateway's channel name, else the method's own ("Tunai", "Transfer manual").
          o.payment?.payment_name || paymentMethodLabel(o.payment_method),
          o.payment_reference ?? o.payment?.reference ?? '',
          customerLabel(o),
          o.shipping_name ?? o.customer_name,
          o.shipping_phone ?? o.customer_phone,
          o.shipping_city,
          // The courier as shoppers know it ("JNE REG", not "jne REG"); several shipments, each one's.
          (o.shipments.length > 0 ? o.shipments.map((sh) => [sh.courier_name ?? courierName(sh.courier_code), sh.service].filter(Boolean).join(' ')) : [[orderCourierText(o.shipping_courier), o.shipping_service].filter(Boolean).join(' ')]).join('; '),
          o.order_items.map(csvProductLine).join('; '),
          o.order_items.reduce((s, i) => s + i.quantity, 0),
          o.subtotal_amount,
          o.shipping_cost,
          o.payment_fee,
          o.unique_code,
          o.total_amount,
          o.cash_received,
          o.change_due,
          o.notes,
          // Issue 28: the spec's columns first; what went back and what the order leaves in revenue after them.
          refunded.get(o.id) ?? 0,
          netRevenue([o], [{ amount: refunded.get(o.id) ?? 0 }]),
        ]
          .map(csvCell)
          .join(sep),
      );
    }
    yield `${lines.join('\r\n')}\r\n`;
    if (page.length < batch) return;
  }
}
