import { Link } from 'react-router';
import { checkoutMessages as m, type Order } from '@pasar/core/checkout';
import { formatDateTime } from '@pasar/core/time';
import { paymentStateText } from '../../../components/orders/order-badges';
import { OrderPageLink } from '../../../components/orders/order-link';
import { OrderSummarySection } from '../../../components/orders/order-summary';
import { awaitsPayment, isManualTransfer, PaymentInstructions } from '../../../components/orders/payment-instructions';
import { usePlacedOrder } from '../api/checkout-api';

/**
 * The placed order, kept in this page's history entry rather than in component state: a reload,
 * or Back from the order's page, shows the success panel again instead of an empty cart, and the
 * guest keeps the link to the order.
 */
export interface Placed {
  placedOrder: Order;
  provider: string;
}

export function placedOf(state: unknown): Placed | null {
  if (typeof state !== 'object' || state === null || !('placedOrder' in state) || !('provider' in state)) return null;
  const { placedOrder, provider } = state as { placedOrder: unknown; provider: unknown };
  if (typeof placedOrder !== 'object' || placedOrder === null || typeof provider !== 'string') return null;
  return { placedOrder: placedOrder as Order, provider };
}

/** Decision 013: after success the page shows the order, how to pay it and the link to its page. */
export function PlacedOrder({ placed, signedIn }: { placed: Placed; signedIn: boolean }) {
  // Issue 31: the panel follows the payment made meanwhile in the gateway's tab.
  const order = usePlacedOrder(placed.placedOrder);
  const manual = isManualTransfer(order);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <p role="status" className="rounded-xl bg-green-100 p-4 font-semibold text-green-900">
        {manual ? m.successManual : m.successProvider(placed.provider)}
      </p>
      <div className="mt-4" data-testid="payment-info">
        <h1 className="text-2xl font-extrabold">Pesanan #{order.id}</h1>
        <p className="mt-1 text-sm text-stone-600">
          Dipesan {formatDateTime(order.created_at)} · <span data-testid="placed-payment-state">{paymentStateText(order)}</span>
        </p>
        <div className="mt-4 grid items-start gap-4 lg:grid-cols-[1fr_380px]">
          {awaitsPayment(order) && <PaymentInstructions order={order} />}
          {/* The summary panel: the link to the order first, as a guest has no other way back. */}
          <div className="space-y-4">
            <div className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
              {order.order_url && (
                <>
                  <OrderPageLink url={order.order_url} className="block rounded-xl bg-green-800 px-5 py-3 text-center font-bold text-white hover:bg-green-900">
                    Lihat halaman pesanan
                  </OrderPageLink>
                  <p className="mt-2 text-sm text-stone-700">
                    Simpan tautan halaman pesanan ini: di sana Anda dapat melihat status pesanan{manual ? ' dan mengunggah bukti transfer setelah membayar' : ''}.
                  </p>
                </>
              )}
              <p className="mt-3 text-sm">
                <Link to={signedIn ? '/pesanan' : '/catalog'} className="font-semibold text-green-800 underline">
                  {signedIn ? 'Lihat di Pesanan Saya' : 'Kembali ke katalog'}
                </Link>
              </p>
            </div>
            <OrderSummarySection order={order} headingId="placed-summary" title="Ringkasan pesanan" headingClass="text-lg font-bold" />
          </div>
        </div>
      </div>
    </div>
  );
}
