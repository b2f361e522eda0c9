/**
 * The packing slip of one of the partner's parcels (issue 29 §2), /mitra/pesanan/:id/slip?ukuran=58|a4:
 * the store, the order's code, the buyer's name, phone and address, courier, service and resi, and
 * the partner's own lines (never another partner's). 58 mm for a thermal printer, laid out as the
 * POS receipt is; A4 for an office printer. The print rules are a CSS file per size, linked only
 * while the slip is open (the Content-Security-Policy allows no inline <style>).
 */
import { Link, useParams, useSearchParams } from 'react-router';
import { shippingAddressLines, slipSize, type PartnerShipment, type SlipSize } from '@pasar/core/partner-shipments';
import { formatDateTime } from '@pasar/core/time';
import { buttonStyles, ErrorBanner } from '../../components/admin/admin-ui';
import { failureMessage } from '../../components/form';
import { useStoreSettings } from '../../lib/store-settings';
import { usePartnerShipment } from './api/partner-shipments-api';
import slip58CssUrl from './slip-print-58.css?url';
import slipA4CssUrl from './slip-print-a4.css?url';

export function Slip({ shipment, storeName, size }: { shipment: PartnerShipment; storeName: string; size: SlipSize }) {
  const thermal = size === '58';
  const rule = <p className={`my-1 border-t ${thermal ? 'border-dashed' : ''} border-black`} />;
  return (
    <div
      id="packing-slip"
      className={`packing-slip bg-white text-black shadow-xl ${thermal ? 'w-[58mm] p-3 font-mono text-[11px] leading-tight' : 'w-full max-w-[210mm] border border-stone-300 p-6 text-sm'}`}
    >
      <p className={`text-center font-bold ${thermal ? 'text-[12px]' : 'text-lg'}`}>{storeName}</p>
      <p className="text-center">Slip pengiriman</p>
      {rule}
      <div className={thermal ? '' : 'grid grid-cols-2 gap-6'}>
        <div className="slip-line">
          <p className="font-bold">Pesanan {shipment.order_code}</p>
          <p>{formatDateTime(shipment.ordered_at)}</p>
          {!thermal && rule}
          <p className={thermal ? 'mt-1' : ''}>Kurir: {shipment.courier_name}{shipment.service ? ` ${shipment.service}` : ''}</p>
          <p className="break-all">Resi: {shipment.tracking_number ?? '—'}</p>
        </div>
        {thermal && rule}
        <div className="slip-line">
          <p className="font-bold">Kepada:</p>
          <p className={thermal ? 'font-bold' : 'text-base font-bold'}>{shipment.buyer_name}</p>
          {shipment.buyer_phone && <p>Telp {shipment.buyer_phone}</p>}
          {shippingAddressLines(shipment).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </div>
      {rule}
      {thermal ? (
        shipment.items.map((item) => (
          <div key={item.id} className="slip-line mb-1">
            <p>
              {item.product_name}
              {item.variant_label ? ` (${item.variant_label})` : ''}
            </p>
            {item.options.length > 0 && <p>{item.options.map((o) => `${o.group}: ${o.value}`).join(', ')}</p>}
            <p className="text-right">x {item.quantity}</p>
          </div>
        ))
      ) : (
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-black">
              <th className="py-1">Barang</th>
              <th className="py-1">Varian / pilihan</th>
              <th className="py-1 text-right">Jumlah</th>
            </tr>
          </thead>
          <tbody>
            {shipment.items.map((item) => (
              <tr key={item.id} className="slip-line border-b border-stone-300">
                <td className="py-1">{item.product_name}</td>
                <td className="py-1">{[item.variant_label, ...item.options.map((o) => `${o.group}: ${o.value}`)].filter(Boolean).join(', ') || '—'}</td>
                <td className="py-1 text-right">{item.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rule}
      <p className="text-center">Terima kasih telah mendukung UMKM lokal!</p>
    </div>
  );
}

export default function PackingSlipPage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const size = slipSize(params.get('ukuran'));
  const shipment = usePartnerShipment(Number(id));
  const storeName = useStoreSettings((s) => s.store_profile?.name).data ?? 'Pasar UMKM';

  return (
    <div>
      <link rel="stylesheet" href={size === '58' ? slip58CssUrl : slipA4CssUrl} />
      <div className="no-print mb-3 flex flex-wrap items-center gap-2">
        <Link to="/mitra/pesanan" className={buttonStyles.small}>
          ← Pesanan
        </Link>
        <div role="group" aria-label="Ukuran kertas" className="flex gap-1">
          {(['58', 'a4'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={s === size}
              onClick={() => setParams({ ukuran: s }, { replace: true })}
              className={`rounded-full px-3 py-1.5 text-sm font-semibold ${s === size ? 'bg-green-700 text-white' : 'border border-stone-300 bg-white text-stone-700'}`}
            >
              {s === '58' ? '58 mm' : 'A4'}
            </button>
          ))}
        </div>
        <button type="button" className={`${buttonStyles.primary} ml-auto`} disabled={!shipment.data} onClick={() => window.print()}>
          Cetak
        </button>
      </div>
      {shipment.isError && <ErrorBanner message={failureMessage(shipment.error, 'Gagal memuat slip pengiriman.', 'replace')} />}
      {shipment.isPending && <p className="text-sm text-stone-600">Memuat slip…</p>}
      {shipment.data && (
        <div className="overflow-x-auto">
          <Slip shipment={shipment.data} storeName={storeName} size={size} />
        </div>
      )}
    </div>
  );
}
