/**
 * /pesanan/akses/{token}: the order's page for whoever holds its link (decision 013), a guest above
 * all, who has no account to find the order in.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paymentMessages } from '@pasar/core/payments';
import { OrderPage } from './components/order-page';

/** `messages`: the order's messages list, composed by the app (app/order-screens.tsx) from the mail feature. */
export default function OrderAccessPage({ messages }: { messages?: ReactNode }) {
  const { token = '' } = useParams();
  return (
    <OrderPage
      messages={messages}
      orderRef={token ? { kind: 'access', token } : null}
      notFound={{
        title: paymentMessages.accessNotFound,
        action: (
          <Link to="/catalog" className="mt-4 inline-block font-semibold text-green-800 underline">
            Kembali ke katalog
          </Link>
        ),
      }}
    />
  );
}
