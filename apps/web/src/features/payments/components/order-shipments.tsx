/**
 * Each shipment of the order on the buyer's page (issue 28): the courier as shoppers know it, the
 * resi, the status and its tracking (the courier's scans when the shop has RajaOngkir, else the
 * shop's own timeline), with "Pesanan diterima" once the parcel is on its way.
 */
import { useState } from 'react';
import type { Order } from '@pasar/core/checkout';
import { formatDateTime } from '@pasar/core/time';
import type { Shipment } from '@pasar/core/shipments';
import { ApiError } from '../../../lib/api-client';
import { canConfirmReceived, shipmentCourierText, shownShipmentStatus } from '../../../components/orders/shipment-actions';
import type { OrderRef } from '../api/payments-api';
import { useBuyerOrderAction, useShipmentTracking } from '../api/buyer-actions-api';

function Tracking({ orderRef, shipment }: { orderRef: OrderRef; shipment: Shipment }) {
  // The courier is asked only once the parcel left; before that the shop's timeline is all there is.
  const tracking = useShipmentTracking(orderRef, shipment.id, shipment.status !== 'packing' && shipment.status !== 'cancelled');
  const events = tracking.data?.events ?? shipment.events;
  if (events.length === 0) return <p className="mt-2 text-sm text-stone-600">Belum ada riwayat pengiriman.</p>;
  return (
    <>
      {tracking.data?.notice && <p className="mt-2 text-xs text-amber-800">{tracking.data.notice}</p>}
      <ol aria-label={`Lacak paket ${shipment.position}`} className="mt-2 space-y-1 border-l-2 border-green-700 pl-3 text-sm">
        {[...events].reverse().map((e) => (
          <li key={`${e.source}-${e.id}`}>
            <span className="font-semibold">{formatDateTime(e.happened_at)}</span> · {e.description}
            {e.location && <span className="text-stone-600"> ({e.location})</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

export function OrderShipments({ order, orderRef }: { order: Order; orderRef: OrderRef }) {
  const action = useBuyerOrderAction(orderRef);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  if (order.shipments.length === 0) return null;
  const received = async (shipmentId: number) => {
    setNote(null);
    try {
      const result = await action.mutateAsync({ kind: 'received', shipmentId });
      setNote({ tone: 'ok', text: result.message ?? 'Pesanan dikonfirmasi diterima.' });
    } catch (error) {
      setNote({ tone: 'error', text: error instanceof ApiError && error.message ? error.message : 'Gagal mengonfirmasi. Silakan coba lagi.' });
    }
  };
  return (
    <section aria-labelledby="order-shipments" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id="order-shipments" className="font-bold">
        {order.shipments.length > 1 ? `Paket (${order.shipments.length})` : 'Paket'}
      </h2>
      {note && (
        <p role={note.tone === 'ok' ? 'status' : 'alert'} className={`mt-2 rounded-lg px-3 py-2 text-sm ${note.tone === 'ok' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}>
          {note.text}
        </p>
      )}
      <ul className="mt-2 space-y-4">
        {order.shipments.map((s) => (
          <li key={s.id} data-shipment-id={s.id} className="border-t border-stone-100 pt-3 first:border-0 first:pt-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {order.shipments.length > 1 ? `Paket ${s.position}` : 'Paket'}
                {s.origin_label && <span className="font-normal text-stone-600"> · dari {s.origin_label}</span>}
              </p>
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-bold">{shownShipmentStatus(order, s)}</span>
            </div>
            <p className="mt-1 text-sm">{shipmentCourierText(s)}</p>
            {s.tracking_number && <p className="text-sm">No. resi: <span className="font-mono">{s.tracking_number}</span></p>}
            <Tracking orderRef={orderRef} shipment={s} />
            {canConfirmReceived(order, s) && (
              <button type="button" className="mt-3 rounded-xl bg-green-800 px-4 py-2 text-sm font-bold text-white disabled:opacity-60" disabled={action.isPending} onClick={() => void received(s.id)}>
                Pesanan diterima
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
