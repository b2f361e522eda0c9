/** "Pesanan Saya": the signed-in customer's orders, newest first, each with its payment's state ("Menunggu verifikasi"). */
import { Link } from 'react-router';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import { OrderBadges } from '../../components/orders/order-badges';
import { useMyOrders } from './api/my-orders-api';

export default function MyOrdersPage() {
  const orders = useMyOrders();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">Pesanan Saya</h1>
      {orders.isPending ? (
        <p role="status" className="mt-6 text-stone-600">Memuat pesanan...</p>
      ) : orders.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-red-800">Gagal memuat pesanan. Silakan coba lagi.</p>
      ) : orders.data.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-stone-200">
          <p className="font-semibold">Belum ada pesanan.</p>
          <Link to="/catalog" className="mt-3 inline-block font-semibold text-green-800 underline">Mulai belanja</Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {orders.data.map((o) => (
            <li key={o.id}>
              <Link to={`/pesanan/${o.id}`} className="block rounded-2xl bg-white p-4 ring-1 ring-stone-200 hover:ring-green-700" data-testid="my-order">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-bold">Pesanan #{o.id}</p>
                  <OrderBadges order={o} />
                </div>
                <p className="mt-1 text-sm text-stone-600">
                  {formatDateTime(o.created_at)} · {o.order_items.reduce((s, i) => s + i.quantity, 0)} barang · <b>{formatRupiah(o.total_amount)}</b>
                  {o.unique_code > 0 && ` (termasuk kode unik ${formatRupiah(o.unique_code)})`}
                </p>
                {o.payment_status === 'unpaid' && o.status !== 'cancelled' && o.payment_due_at && (
                  <p className="mt-1 text-sm text-amber-900">Bayar sebelum {formatDateTime(o.payment_due_at)}</p>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
