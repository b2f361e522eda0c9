/** One order of the signed-in customer: the same order page a guest reaches by its link. */
import { Link, useParams } from 'react-router';
import { OrderPage } from './components/order-page';

export default function MyOrderDetailPage() {
  const { id } = useParams();
  const orderId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return (
    <OrderPage
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
