import { formatPercent, formatRupiah } from '@pasar/core/money';
import { hasDiscount, listPrice, unitPrice, type PricedProduct } from '@pasar/core/pricing';

/** The discounted price with the original struck through (only when discount > 0). */
export function Price({ product, variantLabel, size = 'md' }: { product: PricedProduct; variantLabel?: string | null; size?: 'md' | 'lg' }) {
  const discounted = hasDiscount(product);
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-green-800 ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>{formatRupiah(unitPrice(product, variantLabel))}</span>
      {discounted && (
        <span className="text-sm text-stone-600 line-through">
          <span className="sr-only">Harga asli </span>
          {formatRupiah(listPrice(product, variantLabel))}
        </span>
      )}
    </div>
  );
}

export function DiscountBadge({ discount }: { discount: number }) {
  if (!(discount > 0)) return null;
  return <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">-{formatPercent(discount)}</span>;
}
