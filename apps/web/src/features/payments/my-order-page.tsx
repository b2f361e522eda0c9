/** One order of the signed-in customer: the same order page a guest reaches by its link. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { OrderPage } from './components/order-page';

/** `messages`: the order's messages list, composed by the app (app/order-screens.tsx) from the mail feature. */
export default function MyOrderDetailPage({ messages }: { messages?: ReactNode }) {
  const { id } = useParams();
  const orderId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return (
    <OrderPage
      messages={messages}
      orderRef={orderId === undefined ? null : { kind: 'mine', id: orderId }}
      notFound={{
        title: 'Pesanan tidak ditemukan.',
        action: (
          <Link to="/pesanan" className="mt-4 inline-block font-semibold text-green-800 underline">
            Kembali ke Pesanan Saya
          </Link>
        ),
      }}
      back={
        <Link to="/pesanan" className="text-sm font-semibold text-green-800 hover:underline">
          ← Pesanan Saya
        </Link>
      }
    />
  );
}
