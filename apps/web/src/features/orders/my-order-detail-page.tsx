/** One order of the signed-in customer: the same order page a guest reaches by its link. */
import { Link, useParams } from 'react-router';
import { isOrderNotFound, useOrder } from '../payments/api/payments-api';
import { OrderLoadProblem } from '../payments/components/order-load-problem';
import { OrderView } from '../payments/components/order-view';

export default function MyOrderDetailPage() {
  const { id } = useParams();
  const orderId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const orderRef = orderId === undefined ? null : ({ kind: 'mine', id: orderId } as const);
  const order = useOrder(orderRef);
  const back = (
    <Link to="/pesanan" className="text-sm font-semibold text-green-800 hover:underline">
      ← Pesanan Saya
    </Link>
  );
  if (!orderRef || (order.isError && isOrderNotFound(order.error))) {
    return (
      <OrderLoadProblem title="Pesanan tidak ditemukan.">
        <Link to="/pesanan" className="mt-4 inline-block font-semibold text-green-800 underline">
          Kembali ke Pesanan Saya
        </Link>
      </OrderLoadProblem>
    );
  }
  if (order.isError) {
    return (
      <OrderLoadProblem title="Gagal memuat pesanan. Silakan coba lagi.">
        <button type="button" onClick={() => void order.refetch()} className="mt-4 rounded-xl bg-green-800 px-5 py-3 font-bold text-white">
          Coba lagi
        </button>
      </OrderLoadProblem>
    );
  }
  if (order.isPending) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-stone-600">
        Memuat pesanan...
      </p>
    );
  }
  return <OrderView order={order.data} orderRef={orderRef} back={back} />;
}
