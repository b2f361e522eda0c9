/**
 * What the cashier reads after the server refused a sale for a changed price (issue 13 §9): the
 * products whose price moved, old → new, and the new total. It stays until the next payment
 * attempt or until closed, so the cashier can tell the customer before taking the money again.
 */
import { formatRupiah } from '@pasar/core/money';
import { posMessages } from '@pasar/core/pos';

export interface PriceChange {
  /** "Opak Ketan Bakar: Rp22.000 → Rp44.000", from core describePriceChanges. */
  changes: string[];
  total: number;
}

export function PriceChangeNotice({ change, onClose }: { change: PriceChange | null; onClose: () => void }) {
  if (!change) return null;
  return (
    <div role="alert" aria-label="Harga berubah" data-testid="pos-price-change" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{posMessages.priceChanged}</p>
        <button type="button" onClick={onClose} className="font-bold" aria-label="Tutup pesan">
          ×
        </button>
      </div>
      {change.changes.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {change.changes.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 font-bold">
        Total baru: <span data-testid="pos-price-change-total">{formatRupiah(change.total)}</span>
      </p>
    </div>
  );
}
