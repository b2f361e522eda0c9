import type { CartLine } from '@pasar/core/cart';
import { formatGrams, formatRupiah } from '@pasar/core/money';
import { ProductImage } from '../../../components/product-image';
import type { CheckoutTotals } from '../order-payload';

/** The summary panel (docs/requirements/storefront.md §2 Checkout): items, money lines, weight, errors and submit. */
export function SummaryPanel({
  lines,
  subtotal,
  totals,
  shipmentCount = 1,
  weight,
  error,
  changes = [],
  submitting,
  quoting = false,
}: {
  lines: readonly CartLine[];
  subtotal: number;
  totals: CheckoutTotals;
  shipmentCount?: number;
  weight: number;
  error: string | undefined;
  /** Issue 28: what the server's 409 said moved, "Nama: Rp70.000 → Rp95.000". */
  changes?: readonly string[];
  submitting: boolean;
  /** Shipping or the server's figures are still being worked out: the order waits for them (issue 31). */
  quoting?: boolean;
}) {
  return (
    <aside aria-labelledby="order-summary" className="h-fit rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id="order-summary" className="text-lg font-bold">
        Ringkasan pesanan
      </h2>
      <ul className="mt-3 space-y-3">
        {lines.map((l) => (
          <li key={l.id} className="flex gap-3 text-sm">
            <div className="h-14 w-14 shrink-0 overflow-hidden rounded-lg">
              <ProductImage path={l.product.image} alt="" sizes="56px" className="h-full w-full" />
            </div>
            <div className="flex-1">
              <p className="font-semibold">{l.product.name}</p>
              {l.variant && <p className="text-stone-600">{l.variant.label}</p>}
              {l.selected_options.map((o) => (
                <p key={o.group} className="text-stone-600">
                  {o.group}: {o.value}
                </p>
              ))}
              <p className="text-stone-600">
                {l.quantity} × {formatRupiah(l.unit_price)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1.5 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatRupiah(subtotal)}</dd></div>
        <div className="flex justify-between"><dt>Ongkos kirim{shipmentCount > 1 ? ` (${shipmentCount} kiriman)` : ''}</dt><dd>{formatRupiah(totals.shippingCost)}</dd></div>
        <div className="flex justify-between"><dt>Pajak</dt><dd>{formatRupiah(0)}</dd></div>
        {totals.fee > 0 && <div className="flex justify-between"><dt>Biaya pembayaran</dt><dd>{formatRupiah(totals.fee)}</dd></div>}
        {totals.uniqueCode > 0 && <div className="flex justify-between"><dt>Kode unik</dt><dd data-testid="checkout-unique-code">{formatRupiah(totals.uniqueCode)}</dd></div>}
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold"><dt>Total</dt><dd data-testid="checkout-total">{formatRupiah(totals.total)}</dd></div>
        <div className="flex justify-between text-stone-600"><dt>Berat</dt><dd>{formatGrams(weight)}</dd></div>
      </dl>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {changes.length > 0 && (
        <ul className="mt-2 space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="price-changes">
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
      <button type="submit" disabled={submitting || quoting} className="mt-4 w-full rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60">
        {submitting ? 'Memproses...' : quoting ? 'Menghitung ongkir…' : 'Buat pesanan'}
      </button>
      <p className="mt-2 text-xs text-stone-600">Konfirmasi pembayaran dilakukan maksimal 24 jam setelah checkout.</p>
    </aside>
  );
}
