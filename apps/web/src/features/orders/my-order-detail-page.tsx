/** One order of the signed-in customer: status, payment, items and shipping. */
import { Link, useParams } from 'react-router';
import { formatRupiah } from '@pasar/core/money';
import { useMyOrder } from './api/my-orders-api';
import { OrderBadges } from './order-badges';

export default function MyOrderDetailPage() {
  const { id } = useParams();
  const orderId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const order = useMyOrder(orderId);
  if (orderId === undefined || order.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Pesanan tidak ditemukan.</h1>
        <Link to="/pesanan" className="mt-4 inline-block font-semibold text-green-800 underline">Kembali ke Pesanan Saya</Link>
      </div>
    );
  }
  if (order.isPending) return <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-stone-600">Memuat pesanan...</p>;
  const o = order.data;
  const payUrl = o.payment?.pay_url ?? o.payment?.checkout_url;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/pesanan" className="text-sm font-semibold text-green-800 hover:underline">← Pesanan Saya</Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-extrabold">Pesanan #{o.id}</h1>
        <OrderBadges order={o} />
      </div>
      <section className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
        <h2 className="font-bold">Barang</h2>
        <ul className="mt-2 divide-y divide-stone-100">
          {o.order_items.map((i) => (
            <li key={i.id} className="flex justify-between gap-3 py-2 text-sm">
              <span>
                {i.product_name}
                {i.variant_label && ` · ${i.variant_label}`}
                {i.selected_options.map((s) => ` · ${s.group}: ${s.value}`).join('')} × {i.quantity}
              </span>
              <span className="font-semibold">{formatRupiah(i.line_total)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
          <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatRupiah(o.subtotal_amount)}</dd></div>
          <div className="flex justify-between"><dt>Ongkos kirim ({o.shipping_courier} {o.shipping_service})</dt><dd>{formatRupiah(o.shipping_cost)}</dd></div>
          {o.payment_fee > 0 && <div className="flex justify-between"><dt>Biaya pembayaran</dt><dd>{formatRupiah(o.payment_fee)}</dd></div>}
          <div className="flex justify-between text-base font-bold"><dt>Total</dt><dd>{formatRupiah(o.total_amount)}</dd></div>
        </dl>
      </section>
      <section className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <h2 className="font-bold">Pembayaran</h2>
          <p className="mt-1 text-sm">{o.payment?.payment_name} · {o.payment?.reference}</p>
          {o.payment_status === 'unpaid' && payUrl && o.status !== 'cancelled' && (
            <a href={payUrl} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block rounded-lg bg-green-800 px-4 py-2 text-sm font-bold text-white">Bayar sekarang</a>
          )}
        </div>
        <div className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <h2 className="font-bold">Pengiriman</h2>
          <address className="mt-1 text-sm not-italic">
            {o.shipping_name} · {o.shipping_phone}
            <br />
            {o.shipping_address}, {o.shipping_district}, {o.shipping_city}, {o.shipping_province} {o.shipping_postcode}
          </address>
        </div>
      </section>
    </div>
  );
}
