/**
 * The order desk's shipments of one order (issue 28): each shipment's origin partners, courier as
 * shoppers know it, service, cost, resi, status and timeline, with its explicit actions —
 * "Kirim" (a small form: courier, service, resi), "Tandai sampai", and a timeline entry. Actions
 * the server would refuse (an unpaid order) are shown disabled with the reason.
 */
import { useState, type FormEvent } from 'react';
import type { AdminOrder } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import type { Shipment } from '@pasar/core/shipments';
import { buttonStyles } from '../../components/admin/admin-ui';
import { ApiError } from '../../lib/api-client';
import { deliverOffer, shipFormError, shipmentCourierText, shipOffer, shownShipmentStatus, type Offer } from '../../components/orders/shipment-actions';
import { useShipmentAction } from './api/shipments-api';
import { closeThen } from '../../components/modal';

type Note = { tone: 'ok' | 'error'; text: string } | null;

const failure = (error: unknown) => (error instanceof ApiError && error.message ? error.message : 'Gagal memproses pengiriman. Silakan coba lagi.');

const inputClass = 'w-full rounded-lg border border-stone-300 px-2 py-1 text-sm';

/** A disabled action says why beside it, not only in a tooltip. */
function OfferButton({ offer, label, onClick, busy }: { offer: Offer; label: string; onClick: () => void; busy: boolean }) {
  return (
    <div>
      <button type="button" className={buttonStyles.small} disabled={!offer.allowed || busy} onClick={onClick}>
        {label}
      </button>
      {offer.reason && <p className="mt-1 text-xs text-amber-800">{offer.reason}</p>}
    </div>
  );
}

function ShipForm({ shipment, onDone, onCancel }: { shipment: Shipment; onDone: (note: Note) => void; onCancel: () => void }) {
  const action = useShipmentAction();
  const [courier, setCourier] = useState(shipment.courier_name ?? '');
  const [service, setService] = useState(shipment.service ?? '');
  const [resi, setResi] = useState(shipment.tracking_number ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = shipFormError(shipment, resi);
    setError(invalid);
    if (invalid) return;
    try {
      const result = await action.mutateAsync({ kind: 'ship', shipmentId: shipment.id, version: shipment.version, courier_name: courier, service, tracking_number: resi });
      onDone({ tone: 'ok', text: result.message ?? 'Paket ditandai dikirim.' });
    } catch (err) {
      setError(failure(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={`Kirim paket ${shipment.position}`} className="mt-2 space-y-2 rounded-lg bg-white p-2 ring-1 ring-stone-200">
      <label className="block text-xs font-semibold">
        Kurir
        <input className={inputClass} value={courier} onChange={(e) => setCourier(e.target.value)} maxLength={80} />
      </label>
      <label className="block text-xs font-semibold">
        Layanan
        <input className={inputClass} value={service} onChange={(e) => setService(e.target.value)} maxLength={80} />
      </label>
      <label className="block text-xs font-semibold">
        Nomor resi{shipment.kind === 'national' ? ' (wajib)' : ' (jika ada)'}
        <input className={inputClass} value={resi} onChange={(e) => setResi(e.target.value)} maxLength={60} aria-invalid={error ? true : undefined} />
      </label>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={action.isPending}>
          {action.isPending ? 'Memproses…' : 'Kirim'}
        </button>
        <button type="button" className={buttonStyles.small} onClick={onCancel}>
          Batal
        </button>
      </div>
    </form>
  );
}

function EntryForm({ shipment, onDone }: { shipment: Shipment; onDone: (note: Note) => void }) {
  const action = useShipmentAction();
  const [description, setDescription] = useState('');
  const [location, setLocation] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!description.trim()) return;
    try {
      const result = await action.mutateAsync({ kind: 'event', shipmentId: shipment.id, description, ...(location.trim() ? { location } : {}) });
      setDescription('');
      setLocation('');
      onDone({ tone: 'ok', text: result.message ?? 'Catatan pengiriman ditambahkan.' });
    } catch (err) {
      onDone({ tone: 'error', text: failure(err) });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={`Catatan paket ${shipment.position}`} className="mt-2 flex flex-wrap items-end gap-2">
      <input className={`${inputClass} flex-1`} placeholder="Catatan (mis. transit di Semarang)" aria-label="Catatan pengiriman" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
      <input className={`${inputClass} w-28`} placeholder="Lokasi" aria-label="Lokasi" value={location} onChange={(e) => setLocation(e.target.value)} maxLength={120} />
      <button type="submit" className={buttonStyles.small} disabled={action.isPending || !description.trim()}>
        Tambah
      </button>
    </form>
  );
}

function ShipmentCard({ order, shipment, count }: { order: AdminOrder; shipment: Shipment; count: number }) {
  const action = useShipmentAction();
  const [shipping, setShipping] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const ship = shipOffer(order, shipment);
  const deliver = deliverOffer(order, shipment);
  const markDelivered = async () => {
    setNote(null);
    try {
      const result = await action.mutateAsync({ kind: 'deliver', shipmentId: shipment.id, version: shipment.version });
      setNote({ tone: 'ok', text: result.message ?? 'Paket ditandai sampai.' });
    } catch (err) {
      setNote({ tone: 'error', text: failure(err) });
    }
  };
  return (
    <li className="rounded-lg bg-stone-50 p-3" data-shipment-id={shipment.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {count > 1 ? `Paket ${shipment.position}` : 'Paket'}
          {shipment.origin_label && <span className="font-normal text-stone-600"> · dari {shipment.origin_label}</span>}
        </p>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-bold ring-1 ring-stone-300">{shownShipmentStatus(order, shipment)}</span>
      </div>
      <p className="mt-1 text-sm">
        {shipmentCourierText(shipment)} · {formatRupiah(shipment.cost)}
      </p>
      <p className="text-sm">Resi: {shipment.tracking_number ?? '—'}</p>
      {shipment.events.length > 0 && (
        <ol aria-label={`Riwayat paket ${shipment.position}`} className="mt-2 space-y-1 border-l-2 border-stone-300 pl-3 text-xs">
          {shipment.events.map((e) => (
            <li key={e.id}>
              <span className="font-semibold">{formatDateTime(e.happened_at)}</span> · {e.description}
              {e.location && <span className="text-stone-600"> ({e.location})</span>}
            </li>
          ))}
        </ol>
      )}
      {note && (
        <p role={note.tone === 'ok' ? 'status' : 'alert'} className={`mt-2 rounded px-2 py-1 text-xs ${note.tone === 'ok' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}>
          {note.text}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {ship && !shipping && <OfferButton offer={ship} label="Kirim" busy={action.isPending} onClick={() => setShipping(true)} />}
        {deliver && <OfferButton offer={deliver} label="Tandai sampai" busy={action.isPending} onClick={() => void markDelivered()} />}
      </div>
      {shipping && (
        <ShipForm
          shipment={shipment}
          onCancel={() => setShipping(false)}
          onDone={closeThen(() => setShipping(false), setNote)}
        />
      )}
      {shipment.status !== 'cancelled' && order.status !== 'cancelled' && <EntryForm shipment={shipment} onDone={setNote} />}
    </li>
  );
}

export function ShipmentsPanel({ order }: { order: AdminOrder }) {
  if (order.order_type === 'pos' || order.shipments.length === 0) return null;
  return (
    <section aria-label="Pengiriman" className="mb-5">
      <h3 className="font-bold">Pengiriman</h3>
      <ul className="mt-2 space-y-3">
        {order.shipments.map((s) => (
          <ShipmentCard key={s.id} order={order} shipment={s} count={order.shipments.length} />
        ))}
      </ul>
    </section>
  );
}
