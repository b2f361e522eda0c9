/**
 * Loading, not-found, failure and the order itself: one frame for the order's page, whether it is
 * reached through its link (/pesanan/akses/{token}) or under Pesanan Saya (/pesanan/{id}).
 */
import type { ReactNode } from 'react';
import { isOrderNotFound, useOrder, type OrderRef } from '../api/payments-api';
import { OrderLoadProblem } from './order-load-problem';
import { OrderView } from './order-view';

export function OrderPage({ orderRef, notFound, back, messages }: { orderRef: OrderRef | null; notFound: { title: string; action: ReactNode }; back?: ReactNode; messages?: ReactNode }) {
  const order = useOrder(orderRef);
  if (!orderRef || (order.isError && isOrderNotFound(order.error))) {
    return <OrderLoadProblem title={notFound.title}>{notFound.action}</OrderLoadProblem>;
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
  return <OrderView order={order.data} orderRef={orderRef} back={back} messages={messages} />;
}
