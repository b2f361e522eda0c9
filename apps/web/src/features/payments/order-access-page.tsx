/**
 * /pesanan/akses/{token}: the order's page for whoever holds its link (decision 013), a guest above
 * all, who has no account to find the order in.
 */
import { Link, useParams } from 'react-router';
import { paymentMessages } from '@pasar/core/payments';
import { isOrderNotFound, useOrder } from './api/payments-api';
import { OrderLoadProblem } from './components/order-load-problem';
import { OrderView } from './components/order-view';

export default function OrderAccessPage() {
  const { token = '' } = useParams();
  const orderRef = { kind: 'access', token } as const;
  const order = useOrder(token ? orderRef : null);
  if (!token || (order.isError && isOrderNotFound(order.error))) {
    return (
      <OrderLoadProblem title={paymentMessages.accessNotFound}>
        <Link to="/catalog" className="mt-4 inline-block font-semibold text-green-800 underline">
          Kembali ke katalog
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
  return <OrderView order={order.data} orderRef={orderRef} />;
}
