import { formatRupiah } from '@pasar/core/money';
import { lineTotal } from '@pasar/core/pricing';
import { CASH_STEP, POS_PAYMENT_METHODS, posMessages, posPaymentLabels, uangPas } from '@pasar/core/pos';
import type { PosSettingsView } from '@pasar/core/pos';
import { buttonStyles } from '../../../components/admin/admin-ui';
import type { usePosSale } from '../use-pos-sale';
import { Field } from '../../../components/form';

type Sale = ReturnType<typeof usePosSale>;

/** The cart lines: quantity between 1 and stock (spec §5), price as quoted, total. */
export function CartLines({ sale }: { sale: Sale }) {
  // Where the products are depends on the width (beside the cart, or above it on a phone).
  if (sale.lines.length === 0) return <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-600">Keranjang kosong. Ketuk produk untuk menambahkannya.</p>;
  return (
    <ul className="divide-y divide-stone-100">
      {sale.lines.map((l) => {
        // Two sizes of one product are two lines: their controls must not share a name (issue 17).
        const label = l.variant_label ? `${l.name} (${l.variant_label})` : l.name;
        return (
        <li key={l.key} data-line={l.key} className="py-2">
          <div className="flex justify-between gap-2 text-sm">
            <span className="font-semibold">
              {l.name}
              {l.variant_label && <span className="font-normal text-stone-600"> · {l.variant_label}</span>}
            </span>
            <span className="font-semibold">{formatRupiah(lineTotal(l.price, l.quantity))}</span>
          </div>
          <div className="mt-1 flex items-center gap-2 text-sm">
            <button type="button" className={buttonStyles.small} aria-label={`Kurangi ${label}`} onClick={() => sale.setQuantity(l.key, l.quantity - 1)} disabled={l.quantity <= 1}>
              −
            </button>
            <input
              type="number"
              aria-label={`Jumlah ${label}`}
              min={1}
              max={l.stock}
              value={l.quantity}
              onChange={(e) => sale.setQuantity(l.key, Number(e.target.value))}
              className="w-16 rounded-lg border border-stone-300 px-2 py-1 text-center"
            />
            <button type="button" className={buttonStyles.small} aria-label={`Tambah jumlah ${label}`} onClick={() => sale.setQuantity(l.key, l.quantity + 1)}>
              +
            </button>
            <span className="text-stone-500" data-testid="pos-line-price">
              × {formatRupiah(l.price)}
            </span>
            <button type="button" className="ml-auto text-red-700 underline" aria-label={`Hapus ${label}`} onClick={() => sale.remove(l.key)}>
              Hapus
            </button>
          </div>
        </li>
        );
      })}
    </ul>
  );
}

/** Payment method (Tunai, QRIS, debit, transfer), cash in steps of 1000 with change, or a reference. */
export function PaymentFields({ sale }: { sale: Sale }) {
  const { payment, total } = sale;
  return (
    <>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">Metode pembayaran</legend>
        <div className="grid grid-cols-4 gap-1">
          {POS_PAYMENT_METHODS.map((m) => (
            <button key={m} type="button" aria-pressed={payment.method === m} onClick={() => sale.chooseMethod(m)} className={`rounded-lg px-2 py-2 text-sm font-semibold ${payment.method === m ? 'bg-green-700 text-white' : 'bg-stone-100'}`}>
              {posPaymentLabels[m]}
            </button>
          ))}
        </div>
      </fieldset>
      {payment.method === 'cash' ? (
        <div>
          <Field id="pos-cash" label="Uang diterima (Rp)" type="number" min={0} step={CASH_STEP} inputMode="numeric" value={payment.cash} onChange={(e) => sale.setCash(e.target.value)} />
          <div className="mt-1 flex flex-wrap gap-1">
            {total > 0 && (
              // Exactly the total (issue 13 §9): rounding it up to the cash step recorded money never counted.
              <button type="button" className={buttonStyles.small} onClick={() => sale.setCash(String(uangPas(total)))}>
                Uang pas
              </button>
            )}
            {[20000, 50000, 100000].map((v) => (
              <button key={v} type="button" className={buttonStyles.small} onClick={() => sale.setCash(String(v))}>
                {formatRupiah(v)}
              </button>
            ))}
          </div>
          <p className="mt-2 flex justify-between text-sm">
            <span>Kembalian</span>
            <span className="font-bold" data-testid="pos-change">
              {formatRupiah(sale.change)}
            </span>
          </p>
        </div>
      ) : (
        <div>
          <Field id="pos-reference" label="Referensi pembayaran (opsional)" value={payment.reference} onChange={(e) => sale.setReference(e.target.value)} />
          {payment.method === 'qris' && (
            <button type="button" className={`${buttonStyles.small} mt-2`} onClick={sale.showQris}>
              Tampilkan QRIS
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** Where the buyer collects (spec §2), or why it cannot be said. */
export function PickupInfo({ pickup, failed }: { pickup: PosSettingsView | undefined; failed: boolean }) {
  return (
    <section aria-label="Informasi pickup" className="rounded-xl bg-stone-50 p-3 text-sm">
      <h3 className="font-semibold">Lokasi pickup</h3>
      {failed && <p className="text-red-700">{posMessages.pickupFailed}</p>}
      {pickup && !pickup.configured && <p className="text-stone-600">{posMessages.noPickup}</p>}
      {pickup?.configured && (
        <p className="text-stone-700">
          {pickup.pickup_name}
          {pickup.pickup_phone && ` · ${pickup.pickup_phone}`}
          <br />
          {[pickup.pickup_address, pickup.pickup_district, pickup.pickup_city, pickup.pickup_province, pickup.pickup_postcode].filter(Boolean).join(', ')}
        </p>
      )}
    </section>
  );
}
