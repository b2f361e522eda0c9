/**
 * Pesanan, the partner's parcels (issue 29 §2, decision 056), phone first (360 px): tabs by what is
 * left to do, a card per shipment with the buyer, the partner's own items, the address, the courier
 * and the deadline to send (red once late), "Siapkan" then "Kirim" with the resi, and the packing
 * slip in two sizes. What the server would refuse (another partner's goods in the parcel, an
 * unpaid order) is shown with its reason instead of a button.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  PARTNER_SHIPMENT_FILTERS,
  partnerShipmentFilterLabels,
  partnerShipmentMessages,
  shippingAddressLines,
  type PartnerShipment,
  type PartnerShipmentFilter,
} from '@pasar/core/partner-shipments';
import { shipmentMessages } from '@pasar/core/shipments';
import { formatDateTime } from '@pasar/core/time';
import { buttonStyles, CancelButton, EmptyState, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { Pagination } from '../../components/admin/pagination';
import { failureMessage } from '../../components/form';
import { Modal } from '../../components/modal';
import { SkeletonGrid } from '../../components/skeleton';
import { FilterTabs } from '../../components/filter-tabs';
import { usePartnerShipmentAction, usePartnerShipments } from './api/partner-shipments-api';

const actionFailed = 'Gagal memproses paket.';

const isFilter = (value: string | null): value is PartnerShipmentFilter => (PARTNER_SHIPMENT_FILTERS as readonly string[]).includes(value ?? '');

const statusTone: Record<PartnerShipmentFilter, string> = {
  to_send: 'bg-amber-100 text-amber-900',
  shipped: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-800',
  cancelled: 'bg-stone-200 text-stone-700',
};

function ShipDialog({ shipment, onClose, onDone }: { shipment: PartnerShipment; onClose: () => void; onDone: (message: string) => void }) {
  const action = usePartnerShipmentAction();
  const [resi, setResi] = useState(shipment.tracking_number ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The server checks the same; saying it here saves a round trip on a slow phone connection.
    if (shipment.resi_required && !resi.trim()) {
      setError(shipmentMessages.resiRequired);
      return;
    }
    setError(null);
    try {
      const result = await action.mutateAsync({ kind: 'ship', id: shipment.id, tracking_number: resi, version: shipment.version });
      onDone(result.message ?? partnerShipmentMessages.shipped);
    } catch (err) {
      setError(failureMessage(err, actionFailed, 'replace'));
    }
  };
  return (
    <Modal title={`Kirim pesanan ${shipment.order_code}`} onClose={onClose} guardEdits>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <p className="text-sm">
          {shipment.courier_name}
          {shipment.service ? ` · ${shipment.service}` : ''} untuk {shipment.buyer_name}
        </p>
        <label className="block text-sm font-semibold">
          Nomor resi{shipment.resi_required ? ' (wajib)' : ' (jika ada)'}
          <input
            className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
            value={resi}
            onChange={(e) => setResi(e.target.value)}
            maxLength={60}
            autoComplete="off"
            inputMode="text"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'resi-error' : undefined}
          />
        </label>
        {error && (
          <p id="resi-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <button type="submit" className={`${buttonStyles.primary} flex-1`} disabled={action.isPending}>
            {action.isPending ? 'Memproses…' : 'Kirim'}
          </button>
          <CancelButton onCancel={onClose}>Batal</CancelButton>
        </div>
      </form>
    </Modal>
  );
}

export function ShipmentCard({ shipment, onMessage }: { shipment: PartnerShipment; onMessage: (tone: 'ok' | 'error', text: string) => void }) {
  const action = usePartnerShipmentAction();
  const [shipping, setShipping] = useState(false);
  const prepare = async () => {
    try {
      const result = await action.mutateAsync({ kind: 'prepare', id: shipment.id });
      onMessage('ok', result.message ?? partnerShipmentMessages.prepared);
    } catch (err) {
      onMessage('error', failureMessage(err, actionFailed, 'replace'));
    }
  };
  const address = shippingAddressLines(shipment);
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm" data-shipment-id={shipment.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold">Pesanan {shipment.order_code}</p>
          <p className="text-xs text-stone-600">{formatDateTime(shipment.ordered_at)}</p>
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${statusTone[shipment.filter]}`}>{shipment.status_label}</span>
      </div>

      <div className="mt-2 text-sm">
        <p className="font-semibold">{shipment.buyer_name}</p>
        {shipment.buyer_phone && (
          <a href={`tel:${shipment.buyer_phone}`} className="text-green-800 underline">
            {shipment.buyer_phone}
          </a>
        )}
        {address.map((line) => (
          <p key={line} className="text-stone-700">
            {line}
          </p>
        ))}
      </div>

      <ul aria-label={`Barang pesanan ${shipment.order_code}`} className="mt-2 divide-y divide-stone-100 rounded-lg bg-stone-50 px-2 text-sm">
        {shipment.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-2 py-1.5">
            <span className="min-w-0">
              {item.product_name}
              {item.variant_label && <span className="text-stone-600"> · {item.variant_label}</span>}
              {item.options.length > 0 && <span className="block text-xs text-stone-600">{item.options.map((o) => `${o.group}: ${o.value}`).join(', ')}</span>}
            </span>
            <span className="shrink-0 font-semibold">×{item.quantity}</span>
          </li>
        ))}
      </ul>

      <p className="mt-2 text-sm">
        <span className="font-semibold">{shipment.courier_name}</span>
        {shipment.service ? ` · ${shipment.service}` : ''}
        {shipment.tracking_number && <span className="block break-all">Resi: {shipment.tracking_number}</span>}
      </p>
      {shipment.filter === 'to_send' && shipment.ship_by && (
        <p className={`mt-1 text-sm ${shipment.late ? 'font-bold text-red-700' : 'text-stone-700'}`}>
          {shipment.late && <span className="mr-1 rounded bg-red-100 px-1.5 py-0.5 text-xs">{partnerShipmentMessages.late}</span>}
          Kirim paling lambat {formatDateTime(shipment.ship_by, { style: 'date' })}
        </p>
      )}
      {shipment.prepared_at && shipment.filter === 'to_send' && <p className="mt-1 text-xs text-stone-600">Disiapkan {formatDateTime(shipment.prepared_at)}</p>}
      {shipment.shipped_at && <p className="mt-1 text-xs text-stone-600">Dikirim {formatDateTime(shipment.shipped_at)}{shipment.shipped_by_partner ? '' : ' oleh kantor Dinas'}</p>}
      {shipment.cannot_act_reason && <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">{shipment.cannot_act_reason}</p>}

      <div className="mt-3 flex flex-wrap gap-2">
        {shipment.can_act && !shipment.prepared_at && (
          <button type="button" className={`${buttonStyles.primary} flex-1`} disabled={action.isPending} onClick={() => void prepare()}>
            {action.isPending ? 'Memproses…' : 'Siapkan'}
          </button>
        )}
        {shipment.can_act && shipment.prepared_at && (
          <button type="button" className={`${buttonStyles.primary} flex-1`} onClick={() => setShipping(true)}>
            Kirim
          </button>
        )}
        {shipment.filter !== 'cancelled' && (
          <>
            <Link to={`/mitra/pesanan/${shipment.id}/slip?ukuran=58`} className={buttonStyles.small} aria-label={`Slip 58 mm pesanan ${shipment.order_code}`}>
              Slip 58 mm
            </Link>
            <Link to={`/mitra/pesanan/${shipment.id}/slip?ukuran=a4`} className={buttonStyles.small} aria-label={`Slip A4 pesanan ${shipment.order_code}`}>
              Slip A4
            </Link>
          </>
        )}
      </div>
      {shipping && (
        <ShipDialog
          shipment={shipment}
          onClose={() => setShipping(false)}
          onDone={(message) => {
            setShipping(false);
            onMessage('ok', message);
          }}
        />
      )}
    </li>
  );
}

export default function PartnerShipmentsPage() {
  const [params, setParams] = useSearchParams();
  const tab = isFilter(params.get('tab')) ? (params.get('tab') as PartnerShipmentFilter) : 'to_send';
  const page = Math.max(1, Number(params.get('halaman')) || 1);
  const list = usePartnerShipments(tab, page);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const go = (next: { tab?: PartnerShipmentFilter; page?: number }) => {
    const search = new URLSearchParams();
    search.set('tab', next.tab ?? tab);
    if ((next.page ?? 1) > 1) search.set('halaman', String(next.page));
    setParams(search);
    setNote(null);
  };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-xl font-bold">Pesanan</h1>
      <FilterTabs
        label="Status pesanan"
        tabs={PARTNER_SHIPMENT_FILTERS}
        selected={tab}
        onSelect={(f) => go({ tab: f })}
        className="mt-3 flex flex-wrap gap-1.5"
        tabClassName={(selected) => `shrink-0 rounded-full px-2.5 py-1.5 text-[13px] font-semibold ${selected ? 'bg-green-700 text-white' : 'border border-stone-300 bg-white text-stone-700'}`}
      >
        {(f) => (
          <>
            {partnerShipmentFilterLabels[f]}
            {data && <span className="ml-1">({data.counts[f]})</span>}
          </>
        )}
      </FilterTabs>

      <div className="mt-3">
        {note?.tone === 'ok' && <SuccessBanner message={note.text} onClose={() => setNote(null)} />}
        {note?.tone === 'error' && <ErrorBanner message={note.text} onClose={() => setNote(null)} />}
        {list.isError && <ErrorBanner message={failureMessage(list.error, 'Gagal memuat pesanan.')} />}
        {list.isPending ? (
          <SkeletonGrid count={3} layout="list" />
        ) : data && data.items.length === 0 ? (
          <EmptyState title={partnerShipmentMessages.empty[tab]} />
        ) : (
          <ul className="space-y-3" aria-label={partnerShipmentFilterLabels[tab]}>
            {data?.items.map((s) => (
              <ShipmentCard key={s.id} shipment={s} onMessage={(tone, text) => setNote({ tone, text })} />
            ))}
          </ul>
        )}
        {data && pages > 1 && (
          <Pagination label="Halaman" page={page} pageCount={pages} onPage={(n) => go({ page: n })} />
        )}
      </div>
    </div>
  );
}
