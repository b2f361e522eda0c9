/**
 * The printable receipt (issue 6): store, items, total, paid, change, time and order id, laid
 * out for a 58 mm thermal printer (48 mm printable). Printing hides everything else.
 */
import type { AdminOrder } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { posPaymentLabels, type PosPaymentMethod, type PosSettingsView } from '@pasar/core/pos';
import { buttonStyles } from '../../components/admin/admin-ui';

const printCss = `
@media print {
  @page { size: 58mm auto; margin: 0; }
  body * { visibility: hidden !important; }
  #pos-receipt, #pos-receipt * { visibility: visible !important; }
  #pos-receipt { position: absolute; left: 0; top: 0; width: 48mm; margin: 0 5mm; padding: 0; box-shadow: none; border: 0; font-size: 9pt; }
  .no-print { display: none !important; }
}`;

export function Receipt({ order, settings, storeName, onClose }: { order: AdminOrder; settings: PosSettingsView | undefined; storeName: string; onClose: () => void }) {
  const when = new Date(order.created_at).toLocaleString('id-ID', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Jakarta' });
  const method = posPaymentLabels[order.payment_method as PosPaymentMethod] ?? order.payment_method;
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4" role="dialog" aria-modal="true" aria-label="Struk">
      <style>{printCss}</style>
      <div>
        <div id="pos-receipt" className="w-[58mm] bg-white p-3 font-mono text-[11px] leading-tight text-black shadow-xl">
          <p className="text-center text-[12px] font-bold">{storeName}</p>
          {settings?.pickup_address && <p className="text-center">{settings.pickup_address}</p>}
          {settings?.pickup_phone && <p className="text-center">Telp {settings.pickup_phone}</p>}
          <p className="my-1 border-t border-dashed border-black" />
          <p>No: #{order.id}</p>
          <p>{when} WIB</p>
          {order.customer_name && <p>Pelanggan: {order.customer_name}</p>}
          <p className="my-1 border-t border-dashed border-black" />
          {order.order_items.map((i) => (
            <div key={i.id} className="mb-1">
              <p>
                {i.product_name}
                {i.variant_label ? ` (${i.variant_label})` : ''}
              </p>
              <p className="flex justify-between">
                <span>
                  {i.quantity} x {formatRupiah(i.price)}
                </span>
                <span>{formatRupiah(i.line_total)}</span>
              </p>
            </div>
          ))}
          <p className="my-1 border-t border-dashed border-black" />
          <p className="flex justify-between font-bold">
            <span>TOTAL</span>
            <span data-testid="receipt-total">{formatRupiah(order.total_amount)}</span>
          </p>
          <p className="flex justify-between">
            <span>Bayar ({method})</span>
            <span>{formatRupiah(order.cash_received ?? order.total_amount)}</span>
          </p>
          <p className="flex justify-between">
            <span>Kembali</span>
            <span data-testid="receipt-change">{formatRupiah(order.change_due ?? 0)}</span>
          </p>
          <p className="my-1 border-t border-dashed border-black" />
          <p className="text-center">Terima kasih telah mendukung UMKM lokal!</p>
        </div>
        <div className="no-print mt-3 flex justify-center gap-2">
          <button type="button" className={buttonStyles.primary} onClick={() => window.print()}>
            Cetak struk
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Tutup
          </button>
        </div>
      </div>
    </div>
  );
}
