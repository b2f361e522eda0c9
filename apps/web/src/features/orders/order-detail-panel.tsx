/**
 * The order panel: the payment (proof, confirm, reject, WhatsApp), the shipments, the refunds, the
 * order's facts, its items, the delivery address and the audit trail.
 */
import { useState } from 'react';
import type { AdminOrder } from '@pasar/core/orders';
import { OrderFacts, OrderHistory, OrderItems } from './order-detail-sections';
import { OrderPanelShell } from './order-panel-shell';
import { OrderRefundsPanel } from './order-refunds-panel';
import type { PanelMessage } from './payment-failure';
import { PaymentSection } from './payment-section';
import { RejectDialog } from './reject-dialog';
import { ShipmentsPanel } from './shipments-panel';
import { closeThen } from '../../components/modal';

export function OrderDetailPanel({ order, storeName, onClose, onActed, statusBusy, onConfirm }: {
  order: AdminOrder;
  storeName: string | null;
  onClose: () => void;
  onActed: () => void;
  statusBusy: boolean;
  onConfirm: () => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [message, setMessage] = useState<PanelMessage | null>(null);
  const address = [order.shipping_address, order.shipping_district, order.shipping_city, order.shipping_province, order.shipping_postcode].filter(Boolean).join(', ');
  return (
    <OrderPanelShell orderId={order.id} onClose={onClose}>
      <PaymentSection
        order={order}
        storeName={storeName}
        message={message}
        onMessage={setMessage}
        onActed={onActed}
        onRejectClick={() => {
          onActed();
          setRejecting(true);
        }}
      />
      {rejecting && (
        <RejectDialog
          order={order}
          onClose={() => setRejecting(false)}
          onDone={closeThen(() => setRejecting(false), setMessage)}
        />
      )}
      <ShipmentsPanel order={order} />
      <OrderRefundsPanel order={order} onMessage={setMessage} />
      <OrderFacts order={order} statusBusy={statusBusy} onConfirm={onConfirm} />
      <OrderItems order={order} />
      {order.order_type !== 'pos' && (
        <>
          <h3 className="mt-5 font-bold">Alamat pengiriman</h3>
          <p className="mt-1 text-sm">
            {order.shipping_name}
            <br />
            {address || '—'}
          </p>
        </>
      )}
      <OrderHistory order={order} />
    </OrderPanelShell>
  );
}
