/**
 * The buyer's order pages with their messages (issue 28): the payments feature draws the order,
 * the mail feature lists what the shop sent about it; features do not import each other, so the
 * app puts the two together here.
 */
import { useParams } from 'react-router';
import { OrderMessages } from '../features/mail/order-messages';
import OrderAccessPage from '../features/payments/order-access-page';
import MyOrderDetailPage from '../features/payments/my-order-page';

export function OrderAccessScreen() {
  const { token = '' } = useParams();
  return <OrderAccessPage messages={token ? <OrderMessages accessToken={token} /> : null} />;
}

export function MyOrderScreen() {
  const { id } = useParams();
  const orderId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return <MyOrderDetailPage messages={orderId === undefined ? null : <OrderMessages orderId={orderId} />} />;
}
