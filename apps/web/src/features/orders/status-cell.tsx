/**
 * The order desk table's status cell (issue 28): the status as text and, for a pending order, the explicit
 * "Konfirmasi pesanan" — disabled with the reason while the order is unpaid. Replaces the status
 * dropdown, which changed the order on the server at every arrow key.
 */
import type { AdminOrder } from '@pasar/core/orders';
import { buttonStyles } from '../../components/admin/admin-ui';
import { confirmOffer } from '../../components/orders/shipment-actions';

export function StatusCell({ order, busy, onConfirm }: { order: AdminOrder; busy: boolean; onConfirm: () => void }) {
  const offer = confirmOffer(order);
  return (
    <div className="space-y-1" data-testid={`status-${order.id}`}>
      <p className="text-sm font-semibold" data-testid="desk-order-status">
        {order.status_label}
      </p>
      {offer && (
        <button
          type="button"
          className={buttonStyles.small}
          disabled={!offer.allowed || busy}
          onClick={onConfirm}
          aria-label={`Konfirmasi pesanan #${order.id}`}
          title={offer.reason ?? undefined}
          aria-describedby={offer.reason ? `status-reason-${order.id}` : undefined}
        >
          Konfirmasi pesanan
        </button>
      )}
      {offer?.reason && (
        <p id={`status-reason-${order.id}`} className="max-w-[14rem] text-xs text-amber-800">
          Belum dibayar
        </p>
      )}
    </div>
  );
}
