/** Product detail (docs/requirements/storefront.md §2, §4): gallery, info tiles, size, options, quantity, add or buy. */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Product } from '@pasar/core/catalog';
import { ValueOptions } from '../../components/form/named-options';
import { ProductImage } from '../../components/product-image';
import { DiscountBadge, Price } from '../../components/price';
import { QuantityStepper } from '../../components/quantity-stepper';
import { TrustBadges } from '../../components/trust-badges';
import { cartActions, defaultChoice, inCartFor, lineFor, stockFor, useCart } from '../../lib/cart';
import { productIdParam, useProduct } from '../../lib/catalog-api';

function InfoTile({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
      <dt className="text-xs font-semibold uppercase text-stone-600">{label}</dt>
      <dd className="mt-0.5 font-semibold text-stone-900">{value && value.trim() ? value : 'Tidak tersedia'}</dd>
    </div>
  );
}

function ShareButton({ product }: { product: Product }) {
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title: product.name, text: product.name, url });
      } catch {
        /* the shopper closed the share sheet */
      }
      return;
    }
    window.open(`https://wa.me/?text=${encodeURIComponent(`${product.name} ${url}`)}`, '_blank', 'noopener');
  };
  return (
    <button type="button" onClick={() => void share()} className="rounded-lg px-3 py-2 text-sm font-semibold text-green-800 ring-1 ring-green-800 hover:bg-green-50">
      Bagikan
    </button>
  );
}

function Detail({ product }: { product: Product }) {
  const navigate = useNavigate();
  const initial = defaultChoice(product);
  const [variant, setVariant] = useState<string | null>(initial.variantLabel);
  const [options, setOptions] = useState(initial.options);
  const [imageIndex, setImageIndex] = useState(0);
  const stock = stockFor(product, variant);
  const inCart = inCartFor(useCart().items, product, variant);
  // What the stepper may still ask for: the stock less what the cart holds of this size (issue 16).
  const room = Math.max(1, stock - inCart);
  const [quantity, setQuantity] = useState(1);
  // The answer to the last tap: added, or the cart's refusal (shown under the buttons).
  const [outcome, setOutcome] = useState<{ added: true } | { refusal: string } | null>(null);
  // Quantity stays within stock; with no stock it resets to 1 (spec §4 Product detail).
  useEffect(() => {
    setQuantity((q) => (stock <= 0 ? 1 : Math.min(Math.max(1, q), room)));
  }, [stock, room]);
  useEffect(() => {
    document.title = `${product.name} | Pasar UMKM`;
  }, [product.name]);

  const images = product.images.length > 0 ? product.images : product.image_url ? [product.image_url] : [];
  const canAdd = stock > 0 && (product.size_variants.length === 0 || variant !== null);
  /** Adds the choice; true when the cart took it, else its refusal is shown. */
  const add = (): boolean => {
    if (!canAdd) return false;
    const refusal = cartActions.add(lineFor(product, variant, options, quantity));
    setOutcome(refusal ? { refusal } : { added: true });
    return !refusal;
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link to="/catalog" className="text-sm font-semibold text-green-800 hover:underline">
        ← Kembali ke katalog
      </Link>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div>
          <div className="h-[420px] overflow-hidden rounded-2xl bg-stone-200">
            {/* The whole photo, never cropped: on a phone the 420 px box is taller than the photo (issue 16). */}
            <ProductImage path={images[imageIndex]} alt={product.name} eager fit="contain" sizes="(max-width: 768px) 100vw, 560px" className="h-full w-full" />
          </div>
          {images.length > 1 && (
            <div className="mt-3 flex gap-2" role="group" aria-label="Foto produk">
              {images.map((img, i) => (
                <button key={img} type="button" onClick={() => setImageIndex(i)} aria-label={`Foto ${i + 1}`} aria-pressed={i === imageIndex} className={`h-16 w-20 overflow-hidden rounded-lg ring-2 ${i === imageIndex ? 'ring-green-700' : 'ring-transparent'}`}>
                  <ProductImage path={img} alt="" sizes="80px" className="h-full w-full" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div>
          <div className="flex flex-wrap items-center gap-2">
            {product.category && <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-bold text-green-900">{product.category.name}</span>}
            <DiscountBadge discount={product.discount} />
          </div>
          <h1 className="mt-2 text-3xl font-extrabold">{product.name}</h1>
          <div className="mt-3">
            <Price product={product} variantLabel={variant} size="lg" />
          </div>
          <p className="mt-4 whitespace-pre-line text-stone-700">{product.description}</p>
          <dl className="mt-5 grid grid-cols-2 gap-3">
            <InfoTile label="Mitra" value={product.business_name} />
            <InfoTile label="Kategori" value={product.category?.name} />
            <InfoTile label="Ukuran/Kemasan" value={variant ?? product.size} />
            <InfoTile label="Catatan" value={product.notes} />
          </dl>
          {product.business?.trust_marks && product.business.trust_marks.length > 0 && (
            <div className="mt-3" data-testid="trust-marks">
              <p className="text-xs font-semibold uppercase text-stone-600">{`${product.business.name}: terverifikasi Dinas`}</p>
              <TrustBadges marks={product.business.trust_marks} withNumbers className="mt-1" />
            </div>
          )}
          {product.local_only && (
            <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
              Hanya kirim lokal: produk ini dikirim dengan kurir lokal saja, tidak dengan ekspedisi antarkota.
            </p>
          )}

          {product.size_variants.length > 0 && (
            <fieldset className="mt-5">
              <legend className="font-semibold">Ukuran</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {product.size_variants.map((v) => (
                  <label key={v.label} className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold ring-1 ${variant === v.label ? 'bg-green-800 text-white ring-green-800' : v.stock <= 0 ? 'bg-stone-100 text-stone-700 ring-stone-300' : 'bg-white ring-stone-300'}`}>
                    <input type="radio" name="variant" value={v.label} checked={variant === v.label} onChange={() => setVariant(v.label)} className="sr-only" />
                    {v.label}
                    {v.stock <= 0 ? ' (habis)' : ''}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {product.option_groups.map((group, gi) => (
            <div key={group.name} className="mt-4">
              <label htmlFor={`option-${gi}`} className="font-semibold">
                {group.name}
              </label>
              <select
                id={`option-${gi}`}
                value={options.find((o) => o.group === group.name)?.value ?? ''}
                onChange={(e) => setOptions((prev) => [...prev.filter((o) => o.group !== group.name), { group: group.name, value: e.target.value }])}
                className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
              >
                <ValueOptions values={group.values} />
              </select>
            </div>
          ))}

          <div className="mt-5 flex flex-wrap items-center gap-4">
            <QuantityStepper value={quantity} max={room} onChange={(q) => setQuantity(Math.min(Math.max(1, q), room))} label="Jumlah" />
            <span className={`text-sm ${stock > 0 ? 'text-stone-600' : 'font-semibold text-red-700'}`}>
              {stock > 0 ? `${stock} stok` : 'Stok habis'}
              {/* Not in the spec: what the cart already holds of this size (issue 16). */}
              {inCart > 0 && ` · ${inCart} di keranjang`}
            </span>
          </div>
          <div className="mt-5 flex flex-wrap gap-3">
            <button type="button" onClick={() => void add()} disabled={!canAdd} className="flex-1 rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:cursor-not-allowed disabled:bg-stone-400">
              Masuk Keranjang
            </button>
            <button
              type="button"
              onClick={() => {
                if (add()) void navigate('/cart');
              }}
              disabled={!canAdd}
              className="flex-1 rounded-xl bg-amber-400 px-5 py-3 font-bold text-stone-900 hover:bg-amber-300 disabled:cursor-not-allowed disabled:bg-stone-300"
            >
              Beli sekarang
            </button>
            <ShareButton product={product} />
          </div>
          {outcome && 'added' in outcome && (
            <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm font-semibold text-green-900">
              Ditambahkan ke keranjang. <Link to="/cart" className="underline">Lihat keranjang</Link>
            </p>
          )}
          {outcome && 'refusal' in outcome && (
            <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-300">
              {outcome.refusal} <Link to="/cart" className="underline">Lihat keranjang</Link>
            </p>
          )}
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
              <p className="font-bold">Kualitas terkurasi</p>
              <p className="text-sm text-stone-700">Setiap produk diperiksa tim kurasi Dinas Koperasi dan UMKM sebelum tampil.</p>
            </div>
            <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
              <p className="font-bold">Distribusi terjadwal</p>
              <p className="text-sm text-stone-700">Pesanan dikemas dan dikirim terjadwal dari galeri, dengan kemasan ramah lingkungan.</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export default function ProductDetailPage() {
  const { id } = useParams();
  const numericId = productIdParam(id);
  const product = useProduct(numericId);
  // null: no active product has this id (a page the server drew was answered with HTTP 404).
  if (numericId === undefined || product.data === null) return <ProductProblem message="Produk tidak ditemukan." />;
  if (product.isError) return <ProductProblem message="Gagal memuat data produk. Coba lagi nanti." />;
  if (product.isPending) return <DetailSkeleton />;
  return <Detail key={product.data.id} product={product.data} />;
}

/**
 * While the product loads: the page's own frame (the 420 px photo box, the column beside or under
 * it), so nothing below, the footer least of all, jumps when the product arrives (issue 16).
 */
function DetailSkeleton() {
  const bar = 'rounded bg-stone-200';
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className={`h-5 w-36 ${bar}`} aria-hidden="true" />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div className="h-[420px] animate-pulse rounded-2xl bg-stone-200" aria-hidden="true" />
        <div>
          <p role="status" className="text-stone-600">
            Memuat detail produk...
          </p>
          <div aria-hidden="true" className="animate-pulse">
            <div className={`mt-3 h-9 w-3/4 ${bar}`} />
            <div className={`mt-3 h-9 w-1/3 ${bar}`} />
            <div className={`mt-4 h-20 ${bar}`} />
            <div className="mt-5 grid grid-cols-2 gap-3">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-16 rounded-xl bg-stone-200" />
              ))}
            </div>
            <div className={`mt-5 h-11 w-40 ${bar}`} />
            <div className="mt-5 h-12 rounded-xl bg-stone-200" />
            <div className="mt-6 h-24 rounded-xl bg-stone-200" />
          </div>
        </div>
      </div>
    </div>
  );
}

function ProductProblem({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <Link to="/catalog" className="mt-4 inline-block rounded-xl bg-green-800 px-5 py-3 font-bold text-white">
        Kembali ke katalog
      </Link>
    </div>
  );
}
