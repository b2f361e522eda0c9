import { Link } from 'react-router';
import type { Product } from '@pasar/core/catalog';
import { cartActions, defaultChoice, lineFor, stockFor } from '../lib/cart';
import { DiscountBadge, Price } from './price';
import { ProductImage } from './product-image';

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
        <p className={`mt-1 text-sm text-stone-600 ${list ? 'line-clamp-2' : 'line-clamp-2 hidden sm:block'}`}>{product.description}</p>
        <div className="mt-auto pt-2">
          <Price product={product} />
          <p className={`text-xs ${stock > 0 ? 'text-stone-600' : 'font-semibold text-red-700'}`}>{stock > 0 ? `${stock} stok` : 'Stok habis'}</p>
        </div>
        <div className="relative z-10 mt-2 flex gap-2">
          <Link to={`/product/${product.id}`} className="flex-1 rounded-lg border border-green-800 px-2 py-2 text-center text-sm font-semibold text-green-800 hover:bg-green-50">
            Detail
          </Link>
          {defaultStock > 0 || stock <= 0 ? (
            <button
              type="button"
              disabled={defaultStock <= 0}
              onClick={() => cartActions.add(lineFor(product, choice.variantLabel, choice.options, 1))}
              className="flex-1 rounded-lg bg-green-800 px-2 py-2 text-sm font-semibold text-white hover:bg-green-900 disabled:cursor-not-allowed disabled:bg-stone-400"
              aria-label={`Tambah ${product.name} ke keranjang`}
            >
              + Keranjang
            </button>
          ) : (
            <Link to={`/product/${product.id}`} className="flex-1 rounded-lg bg-green-800 px-2 py-2 text-center text-sm font-semibold text-white">
              Pilih ukuran
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
