/**
 * An order's own page (decision 013), the same for the link a guest keeps (/pesanan/akses/{token})
 * and for a signed-in customer's order (/pesanan/{id}): what was ordered and what it costs, the
 * payment's state, and while it awaits payment how to pay and where to send the proof; its shipments,
 * messages and the buyer's own actions (issue 28).
 */
import type { ReactNode } from 'react';
import type { Order } from '@pasar/core/checkout';
import { paymentMessages } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import type { OrderRef } from '../api/payments-api';
import { OrderBadges } from '../../../components/orders/order-badges';
import { OrderSummarySection, ShippingAddress } from '../../../components/orders/order-summary';
import { awaitsPayment, isManualTransfer, PaymentInstructions } from '../../../components/orders/payment-instructions';
import { ProofUpload } from './proof-upload';
import { OrderActions } from './order-actions';
import { OrderShipments } from './order-shipments';

/**
 * What the payment's state means for the buyer. The state word itself is the badge beside the
 * heading: said here again it read "Sudah dibayar Sudah dibayar" (issue 31), to the eye and to a
 * screen reader alike.
 */
function StateNotice({ order }: { order: Order }) {
  if (order.payment_status === 'expired') {
    return (
      <div role="status" className="rounded-2xl bg-stone-100 p-4 text-stone-900 ring-1 ring-stone-300" data-testid="order-expired">
        <p className="font-semibold">{paymentMessages.expiredNote}</p>
      </div>
    );
  }
  if (order.payment_status === 'paid') {
    const at = order.payment?.verified_at ?? order.payment?.paid_at ?? null;
    return (
      <div role="status" className="rounded-2xl bg-green-50 p-4 text-green-950 ring-1 ring-green-200" data-testid="order-paid">
        <p className="font-semibold">Terima kasih, pembayaran Anda sudah kami terima{at ? ` (${formatDateTime(at)})` : ''}. Pesanan Anda akan segera diproses.</p>
      </div>
    );
  }
  if (order.status === 'cancelled') {
    return (
      <div role="status" className="rounded-2xl bg-stone-100 p-4 text-stone-900 ring-1 ring-stone-300">
        <p className="font-bold">Pesanan ini dibatalkan.</p>
      </div>
    );
  }
  return null;
}

/**
 * The order's home (issue 28): payment, each shipment with its tracking and "Pesanan diterima", the
 * messages sent (`messages`: composed by the app from the mail feature), "Batalkan" and "Beli lagi".
 */
export function OrderView({ order, orderRef, back, messages }: { order: Order; orderRef: OrderRef; back?: ReactNode; messages?: ReactNode }) {
  const payable = awaitsPayment(order);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {back}
      <div className="mt-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-3xl font-extrabold">Pesanan #{order.id}</h1>
          <p className="mt-1 text-sm text-stone-600">Dipesan {formatDateTime(order.created_at)}</p>
        </div>
        <OrderBadges order={order} />
      </div>

      <div className="mt-6 space-y-4">
        <StateNotice order={order} />
        {payable && <PaymentInstructions order={order} />}
        {payable && isManualTransfer(order) && <ProofUpload order={order} orderRef={orderRef} />}
        <OrderShipments order={order} orderRef={orderRef} />

        <OrderSummarySection order={order} headingId="order-items" title="Barang" headingClass="font-bold" />

        <section className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
            <h2 className="font-bold">Pembayaran</h2>
            <p className="mt-1 text-sm">{order.payment?.payment_name ?? (isManualTransfer(order) ? 'Transfer bank manual' : order.payment_method)}</p>
            {order.payment?.reference && <p className="text-sm text-stone-600">Referensi {order.payment.reference}</p>}
          </div>
          <div className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
            <h2 className="font-bold">Pengiriman</h2>
            <div className="mt-1">
              <ShippingAddress order={order} />
            </div>
            {order.notes && <p className="mt-2 text-sm text-stone-600">Catatan: {order.notes}</p>}
          </div>
        </section>
        {messages}
        <OrderActions order={order} orderRef={orderRef} />
      </div>
    </div>
  );
}
