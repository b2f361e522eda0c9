/** The order panel's read-only parts: the order's facts, its items, and its audit trail. */
import { orderStatusLabels, type AdminOrder, type OrderStatus } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { orderCourierText } from '@pasar/core/shipments';
import { formatDateTime } from '@pasar/core/time';
import { methodLabel } from './payment-failure';
import { StatusCell } from './status-cell';

export function OrderFacts({ order, statusBusy, onConfirm }: { order: AdminOrder; statusBusy: boolean; onConfirm: () => void }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
      <dt className="text-stone-500">Tipe</dt>
      <dd>{order.order_type === 'pos' ? 'POS (kasir)' : 'Online'}</dd>
      <dt className="text-stone-500">Status</dt>
      <dd data-testid="panel-status">
        {/* The row's own control (issue 31): beside the open panel, or on a phone under it, the row may be out of reach. */}
        <StatusCell order={order} busy={statusBusy} onConfirm={onConfirm} />
      </dd>
      <dt className="text-stone-500">Metode pembayaran</dt>
      <dd>{order.payment?.payment_name || methodLabel(order.payment_method)}</dd>
      <dt className="text-stone-500">Total</dt>
      <dd className="font-bold">{formatRupiah(order.total_amount)}</dd>
      <dt className="text-stone-500">Dibuat</dt>
      <dd>{formatDateTime(order.created_at)}</dd>
      <dt className="text-stone-500">Pelanggan</dt>
      <dd>{order.customer_name ?? order.customer_label}</dd>
      <dt className="text-stone-500">Telepon</dt>
      <dd>{order.shipping_phone ?? order.customer_phone ?? '—'}</dd>
      <dt className="text-stone-500">Email</dt>
      <dd className="break-all">{order.guest_email ?? order.customer_email ?? '—'}</dd>
      {order.order_type === 'pos' && (
        <>
          <dt className="text-stone-500">Tunai diterima</dt>
          <dd>{order.cash_received !== null ? formatRupiah(order.cash_received) : '—'}</dd>
          <dt className="text-stone-500">Kembalian</dt>
          <dd>{order.change_due !== null ? formatRupiah(order.change_due) : '—'}</dd>
        </>
      )}
      {order.shipping_courier && (
        <>
          <dt className="text-stone-500">Pengiriman</dt>
          <dd>
            {/* Shoppers' names for couriers, never the rate API's codes ("jne REG"; issue 28). */}
            {orderCourierText(order.shipping_courier)} {order.shipping_service} · {formatRupiah(order.shipping_cost)}
          </dd>
        </>
      )}
      <dt className="text-stone-500">Catatan</dt>
      <dd>{order.notes ?? '—'}</dd>
    </dl>
  );
}

export function OrderItems({ order }: { order: AdminOrder }) {
  return (
    <>
      <h3 className="mt-5 font-bold">Barang</h3>
      <ul className="mt-2 divide-y divide-stone-100 text-sm">
        {order.order_items.map((i) => (
          <li key={i.id} className="py-2">
            <p className="font-semibold">
              {i.product_name}
              {i.variant_label && <span className="font-normal text-stone-600"> · Ukuran {i.variant_label}</span>}
            </p>
            {i.selected_options.length > 0 && <p className="text-stone-600">{i.selected_options.map((o) => `${o.group}: ${o.value}`).join(', ')}</p>}
            <p className="text-stone-600">
              {i.quantity} × {formatRupiah(i.price)} = <span className="font-semibold text-stone-900">{formatRupiah(i.line_total)}</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function OrderHistory({ order }: { order: AdminOrder }) {
  return (
    <>
      <h3 className="mt-5 font-bold">Riwayat perubahan</h3>
      {order.events.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">Belum ada perubahan sejak pesanan dibuat.</p>
      ) : (
        <ol aria-label="Riwayat perubahan" className="mt-2 space-y-2 text-sm">
          {order.events.map((e) => (
            <li key={e.id} className="rounded-lg bg-stone-50 p-2">
              <p>
                <span className="font-semibold">{formatDateTime(e.created_at)}</span> · {e.actor_name ?? 'Sistem'}
              </p>
              {e.to_status && (
                <p>
                  {e.from_status ? `${orderStatusLabels[e.from_status as OrderStatus] ?? e.from_status} → ` : ''}
                  {orderStatusLabels[e.to_status as OrderStatus] ?? e.to_status}
                </p>
              )}
              {e.note && <p className="text-stone-600">{e.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
