/**
 * The order table: id, type, customer, recipient, items, total, payment, status with its explicit
 * "Konfirmasi pesanan" (issue 28: no dropdown), date, and "Detail", which opens the panel.
 */
import type { AdminOrder, AdminOrderSort } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import { AdminTable, buttonStyles } from '../../components/admin/admin-ui';
import { SortableHeader, type ListSort } from '../../components/admin/sorting';
import { PaymentStateBadge } from '../../components/orders/order-badges';
import { StatusCell } from './status-cell';

// On a phone the table narrows to the id (with customer, total, payment and "Detail" under it)
// and the status control, so both are in reach without sideways scrolling (issue 31).
const wide = 'hidden md:table-cell';

type OnSelect = (id: number, button: HTMLElement) => void;

function DetailButton({ order, onSelect, className }: { order: AdminOrder; onSelect: OnSelect; className: string }) {
  return (
    <button type="button" className={className} onClick={(e) => onSelect(order.id, e.currentTarget)} aria-label={`Detail pesanan #${order.id}`}>
      Detail
    </button>
  );
}

function OrderRow({ order: o, selected, besidePanel, busy, onSelect, onConfirm }: {
  order: AdminOrder;
  selected: boolean;
  besidePanel: string;
  busy: boolean;
  onSelect: OnSelect;
  onConfirm: () => void;
}) {
  return (
    <tr data-order-id={o.id} className={selected ? 'bg-green-50' : 'bg-white'}>
      {/* bg-inherit: the sticky cell covers what scrolls under it in the row's own colour. */}
      <td className="sticky left-0 z-[1] bg-inherit px-3 py-2 align-top md:align-middle">
        <span className="font-semibold">#{o.id}</span>
        <div className="mt-1 space-y-1 text-xs md:hidden">
          <p className="break-all">{o.customer_label}</p>
          <p className="font-semibold">{formatRupiah(o.total_amount)}</p>
          <PaymentStateBadge order={o} className="px-2 py-0.5" />
          <DetailButton order={o} onSelect={onSelect} className={`${buttonStyles.small} mt-1`} />
        </div>
      </td>
      <td className={`px-3 py-2 ${wide} ${besidePanel}`}>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${o.order_type === 'pos' ? 'bg-purple-100 text-purple-900' : 'bg-sky-100 text-sky-900'}`}>{o.order_type === 'pos' ? 'POS' : 'Online'}</span>
      </td>
      <td className={`max-w-[12rem] truncate px-3 py-2 ${wide}`}>{o.customer_label}</td>
      <td className={`px-3 py-2 ${wide} ${besidePanel}`}>{o.shipping_name ?? '—'}</td>
      <td className={`px-3 py-2 text-right ${wide} ${besidePanel}`}>{o.order_items.reduce((s, i) => s + i.quantity, 0)}</td>
      <td className={`px-3 py-2 text-right font-semibold ${wide}`}>{formatRupiah(o.total_amount)}</td>
      <td className={`px-3 py-2 ${wide}`}>
        <PaymentStateBadge order={o} className="px-2 py-0.5" />
      </td>
      <td className="px-3 py-2 align-top md:align-middle">
        {/* Issue 28: explicit actions, never a dropdown that changes the order on each arrow key.
            Shipping and delivery are per shipment in the panel; cancelling is the panel's
            "Batalkan pesanan" (with its refund when paid). */}
        <StatusCell order={o} busy={busy} onConfirm={onConfirm} />
      </td>
      <td className={`whitespace-nowrap px-3 py-2 ${wide} ${besidePanel}`}>{formatDateTime(o.created_at)}</td>
      <td className={`px-3 py-2 ${wide}`}>
        <DetailButton order={o} onSelect={onSelect} className={buttonStyles.small} />
      </td>
    </tr>
  );
}

export function OrdersTable({ orders, sort, selectedId, panelOpen, updating, onSelect, onConfirm }: {
  orders: readonly AdminOrder[];
  sort: ListSort<AdminOrderSort>;
  selectedId: number | null;
  panelOpen: boolean;
  /** Orders whose status change is under way: their buttons wait. */
  updating: ReadonlySet<number>;
  onSelect: OnSelect;
  onConfirm: (order: AdminOrder) => void;
}) {
  // With the panel open beside the list (xl), the columns the panel repeats step aside.
  const besidePanel = panelOpen ? 'xl:hidden' : '';
  return (
    <AdminTable label="Daftar pesanan">
      <thead className="bg-stone-50 text-left">
        <tr>
          {/* The id stays in view while the table scrolls sideways beside the open panel (issue 31). */}
          <SortableHeader field="id" label="ID" sort={sort} className="sticky left-0 z-[1] bg-stone-50 px-3 text-left" />
          <th className={`px-3 py-2 ${wide} ${besidePanel}`}>Tipe</th>
          <th className={`px-3 py-2 ${wide}`}>Pelanggan</th>
          <th className={`px-3 py-2 ${wide} ${besidePanel}`}>Penerima</th>
          <th className={`px-3 py-2 text-right ${wide} ${besidePanel}`}>Item</th>
          <SortableHeader field="total" label="Total" sort={sort} className={`px-3 text-right ${wide}`} />
          <th className={`px-3 py-2 ${wide}`}>Pembayaran</th>
          <SortableHeader field="status" label="Status" sort={sort} className="px-3 text-left" />
          <SortableHeader field="created_at" label="Tanggal" sort={sort} className={`px-3 text-left ${wide} ${besidePanel}`} />
          {/* Positioned, so the visually hidden label stays inside the scrolling table box: unpositioned,
              it is placed against the page and widens a phone's page to the table's full width. */}
          <th className={`relative px-3 py-2 ${wide}`}>
            <span className="sr-only">Detail</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {orders.map((o) => (
          <OrderRow key={o.id} order={o} selected={selectedId === o.id} besidePanel={besidePanel} busy={updating.has(o.id)} onSelect={onSelect} onConfirm={() => onConfirm(o)} />
        ))}
      </tbody>
    </AdminTable>
  );
}
