/**
 * The printable receipt (issue 6): store, items, total, paid, change, time and order id, the
 * payment method and, for QRIS, debit or transfer, the reference the cashier typed (issue 13 §9),
 * laid out for a 58 mm thermal printer (48 mm printable).
 *
 * Printing shows the receipt alone and in normal flow. On screen it sits in a fixed, scrolling
 * overlay; printed that way, a long receipt would be cut at the first page (a fixed box repeats
 * on every page and clips what overflows it). So the overlay is rendered into <body> beside the
 * app (a portal), and print CSS removes everything else from the layout (display: none, not just
 * hidden, or the long POS page would still take up pages) and makes the overlay a plain block.
 */
import { createPortal } from 'react-dom';
import type { AdminOrder } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { posPaymentLabels, type PosPaymentMethod, type PosSettingsView } from '@pasar/core/pos';
import { formatDateTime } from '@pasar/core/time';
import { buttonStyles } from '../../../components/admin/admin-ui';
// The print rules are a file (the CSP allows no inline <style>), linked only while the receipt is
// open, as the inline <style> was: @page and the hiding of the rest of <body> must not outlive it.
import printCssUrl from './receipt-print.css?url';

export function Receipt({ order, settings, storeName, onClose }: { order: AdminOrder; settings: PosSettingsView | undefined; storeName: string; onClose: () => void }) {
  const method = posPaymentLabels[order.payment_method as PosPaymentMethod] ?? order.payment_method;
  return createPortal(
    <div className="pos-receipt-layer fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4" role="dialog" aria-modal="true" aria-label="Struk">
      <link rel="stylesheet" href={printCssUrl} />
      <div>
        <div id="pos-receipt" className="w-[58mm] bg-white p-3 font-mono text-[11px] leading-tight text-black shadow-xl">
          <p className="text-center text-[12px] font-bold">{storeName}</p>
          {settings?.pickup_address && <p className="text-center">{settings.pickup_address}</p>}
          {settings?.pickup_phone && <p className="text-center">Telp {settings.pickup_phone}</p>}
          <p className="my-1 border-t border-dashed border-black" />
          <p>No: #{order.id}</p>
          <p>{formatDateTime(order.created_at)}</p>
          {order.customer_name && <p>Pelanggan: {order.customer_name}</p>}
          <p className="my-1 border-t border-dashed border-black" />
          {order.order_items.map((i) => (
            <div key={i.id} className="receipt-line mb-1">
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
            <span>Bayar</span>
            <span>{formatRupiah(order.cash_received ?? order.total_amount)}</span>
          </p>
          <p className="flex justify-between">
            <span>Kembali</span>
            <span data-testid="receipt-change">{formatRupiah(order.change_due ?? 0)}</span>
          </p>
          <p className="flex justify-between gap-2">
            <span>Metode</span>
            <span data-testid="receipt-method">{method}</span>
          </p>
          {order.payment_reference && (
            <p className="flex justify-between gap-2">
              <span>Ref</span>
              <span data-testid="receipt-reference" className="break-all text-right">
                {order.payment_reference}
              </span>
            </p>
          )}
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
    </div>,
    document.body,
  );
}
