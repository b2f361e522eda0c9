import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@pasar/core/catalog';
import { cartActions, defaultChoice, lineFor, stockFor } from '../lib/cart';
import { DiscountBadge, Price } from './price';
import { ProductImage } from './product-image';
import { TrustBadges } from './trust-badges';

/**
 * A product in a grid or a list. Its add-to-cart adds one unit of the default choice (first
 * variant, first value of each option group, as the product page preselects); a product
 * whose default variant is sold out but another is not sends the shopper to choose.
 */
export function ProductCard({ product, layout = 'grid', eager = false }: { product: Product; layout?: 'grid' | 'list'; eager?: boolean }) {
  const choice = defaultChoice(product);
  const stock = product.size_variants.length > 0 ? product.size_variants.reduce((s, v) => s + v.stock, 0) : product.stock;
  const defaultStock = stockFor(product, choice.variantLabel);
  const list = layout === 'list';
  // Issue 16: a refused add (the cart already holds the stock) is said here, under the button tapped.
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <article className={`group relative flex overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 ${list ? 'flex-row gap-3 p-3' : 'flex-col'}`}>
      <div className={`relative shrink-0 overflow-hidden ${list ? 'h-28 w-28 rounded-xl sm:h-32 sm:w-40' : 'aspect-[4/3] w-full'}`}>
        <ProductImage path={product.image_url} alt={product.name} eager={eager} className="h-full w-full" sizes={list ? '160px' : '(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 25vw'} />
        <div className="absolute left-2 top-2">
          <DiscountBadge discount={product.discount} />
        </div>
      </div>
      <div className={`flex flex-1 flex-col ${list ? '' : 'p-3'}`}>
        <p className="text-xs font-semibold uppercase tracking-wide text-green-800">{product.category?.name ?? 'Tanpa kategori'}</p>
        <h3 className="mt-0.5 line-clamp-2 font-semibold leading-snug text-stone-900">
          <Link to={`/product/${product.id}`} className="after:absolute after:inset-0 hover:underline">
            {product.name}
          </Link>
        </h3>
        {product.business_name && <p className="text-xs text-stone-600">{product.business_name}</p>}
        <TrustBadges marks={product.business?.trust_marks} className="mt-1" />
        {/* Spec §2 lists the description on the card: on phones too, two lines at most. */}
        <p className="mt-1 line-clamp-2 text-sm text-stone-600">{product.description}</p>
        <div className="mt-auto pt-2">
          <Price product={product} />
          <p className={`text-xs ${stock > 0 ? 'text-stone-600' : 'font-semibold text-red-700'}`}>{stock > 0 ? `${stock} stok` : 'Stok habis'}</p>
        </div>
        {/* The buttons wrap onto two rows when the card is too narrow for both (a 360 px phone's grid). */}
        <div className="relative z-10 mt-2 flex flex-wrap gap-2">
          <Link to={`/product/${product.id}`} className="flex-auto whitespace-nowrap rounded-lg border border-green-800 px-2 py-2 text-center text-sm font-semibold text-green-800 hover:bg-green-50">
            Detail
          </Link>
          {defaultStock > 0 || stock <= 0 ? (
            <button
              type="button"
              disabled={defaultStock <= 0}
              onClick={() => setRefusal(cartActions.add(lineFor(product, choice.variantLabel, choice.options, 1)))}
              className="flex-auto whitespace-nowrap rounded-lg bg-green-800 px-2 py-2 text-sm font-semibold text-white hover:bg-green-900 disabled:cursor-not-allowed disabled:bg-stone-400"
              aria-label={`Tambah ${product.name} ke keranjang`}
            >
              + Keranjang
            </button>
          ) : (
            <Link to={`/product/${product.id}`} className="flex-auto whitespace-nowrap rounded-lg bg-green-800 px-2 py-2 text-center text-sm font-semibold text-white">
              Pilih ukuran
            </Link>
          )}
        </div>
        {refusal && (
          <p role="alert" className="relative z-10 mt-2 rounded-lg bg-amber-50 p-2 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
            {refusal}
          </p>
        )}
      </div>
    </article>
  );
}
