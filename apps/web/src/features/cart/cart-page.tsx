/** Cart (docs/requirements/storefront.md §2 Cart, §4 Cart; §5 rule 4: lines grouped by origin, issue 16). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { cartMessages, isFreeStock, lineStock, maxQuantity, originGroups, quantityInCart, type CartChange, type CartLine, type OriginGroup } from '@pasar/core/cart';
import type { Product } from '@pasar/core/catalog';
import { checkoutMessages } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { defaultPaymentSettings } from '@pasar/core/payments';
import { ProductImage } from '../../components/product-image';
import { QuantityStepper } from '../../components/quantity-stepper';
import { cartActions, useCart } from '../../lib/cart';
import { catalogQueries } from '../../lib/catalog-api';
import { useStoreSettings } from '../../lib/store-settings';

function LineRow({ line, items, maxLine }: { line: CartLine; items: readonly CartLine[]; maxLine: number }) {
  const stock = lineStock(line);
  const stockCap = maxQuantity(line, items);
  // Checkout refuses a line above the store's per-line limit: the stepper stops there too (issue 31).
  const max = Math.min(stockCap, maxLine);
  // At the cap the + is disabled; the stepper says why (issue 16, issue 31).
  const atStock = !isFreeStock(line) && stock !== null && stockCap <= maxLine;
  const reason = atStock ? (
    <span data-testid="line-at-stock">{cartMessages.lineAtStock(stock, quantityInCart(items, line, line.id))}</span>
  ) : max === maxLine ? (
    <span data-testid="line-at-limit">{cartMessages.lineAtLimit(maxLine)}</span>
  ) : undefined;
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200" data-testid="cart-line">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl sm:h-24 sm:w-24">
        <ProductImage path={line.product.image} alt={line.product.name} sizes="96px" className="h-full w-full" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {/* Issue 31: on a 360 px phone a long name without spaces or an 8-digit total pushed the page sideways; both wrap. */}
        <div className="flex flex-wrap items-start justify-between gap-x-2">
          <div className="min-w-0 flex-1 basis-32 wrap-anywhere">
            <Link to={`/product/${line.product.id}`} className="font-semibold hover:underline">
              {line.product.name}
            </Link>
            {line.product.business_name && <p className="text-xs text-stone-600">{line.product.business_name}</p>}
            {line.variant && <p className="text-sm text-stone-700">Ukuran: {line.variant.label}</p>}
            {line.selected_options.map((o) => (
              <p key={o.group} className="text-sm text-stone-700">
                {o.group}: {o.value}
              </p>
            ))}
          </div>
          <p className="min-w-0 text-right font-bold text-green-800 wrap-anywhere" data-testid="line-total">
            {formatRupiah(line.unit_price * line.quantity)}
          </p>
        </div>
        <p className="text-xs text-stone-600 wrap-anywhere">{formatRupiah(line.unit_price)} / barang</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <QuantityStepper
            value={line.quantity}
            max={max}
            allowBelowMin
            label={`Jumlah ${line.product.name}`}
            maxReason={reason}
            onChange={(q) => (q < 1 ? cartActions.remove(line.id) : cartActions.update(line.id, q))}
          />
          <span className="text-xs text-stone-600">Stok: {isFreeStock(line) ? 'Bebas' : stock}</span>
          <button type="button" onClick={() => cartActions.remove(line.id)} className="ml-auto text-sm font-semibold text-red-700 hover:underline">
            Hapus<span className="sr-only"> {line.product.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * Issue 31: a line kept the price and stock of the moment it was added ("Stok: 4" after the product
 * sold out) until checkout refused it. Opening the cart reads each of its products again (the product
 * page's query, always refetched here) and moves the lines to them (core refreshLines); answers
 * what changed, a notice per line, gathered while the page is open.
 */
function useCatalogRefresh(items: readonly CartLine[], maxLine: number): CartChange[] {
  const ids = [...new Set(items.map((l) => l.product.id))].sort((a, b) => a - b);
  const results = useQueries({ queries: ids.map((id) => ({ ...catalogQueries.currentProduct(id), staleTime: 0, refetchOnMount: 'always' as const, retry: false })) });
  // Applied once every read has settled, and again only when an answer is new.
  const settled = results.every((r) => !r.isFetching);
  const stamp = settled ? results.map((r, i) => `${ids[i]}:${r.dataUpdatedAt}:${r.errorUpdatedAt}`).join(',') : '';
  const [notices, setNotices] = useState<CartChange[]>([]);
  useEffect(() => {
    if (!stamp) return;
    const products = new Map<number, Product | null>();
    results.forEach((r, i) => {
      if (r.isSuccess) products.set(ids[i] as number, r.data);
    });
    const changes = cartActions.refresh(products, maxLine);
    if (changes.length > 0) setNotices((shown) => [...shown, ...changes.filter((c) => !shown.some((s) => s.message === c.message))]);
    // `stamp` names the answers `results` holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp, maxLine]);
  return notices;
}

function RefreshNotices({ notices }: { notices: readonly CartChange[] }) {
  if (notices.length === 0) return null;
  return (
    <div role="status" className="mt-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300" data-testid="cart-changes">
      <p className="font-semibold">Keranjang diperbarui sesuai katalog:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 wrap-anywhere">
        {notices.map((n) => (
          <li key={`${n.line_id}|${n.message}`}>{n.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Not in the spec: how a group of lines is named (issue 16: the cart says where each group is sent from). */
function groupTitle(group: OriginGroup): string {
  const place = group.district_name ? `Kec. ${group.district_name}` : 'lokasi toko';
  return group.includes_store && group.businesses.length === 0 ? `Dikirim dari toko (${place})` : `Dikirim dari ${place}`;
}

export default function CartPage() {
  const cart = useCart();
  const store = useStoreSettings((s) => s.store_location).data ?? null;
  const maxLine = useStoreSettings((s) => s.max_line_quantity).data ?? defaultPaymentSettings.max_line_quantity;
  const notices = useCatalogRefresh(cart.items, maxLine);
  const groups = originGroups(cart.items, store);
  // Spec §5 rule 4's text stays, as information (decision 049): the whole cart is one checkout, each origin ships separately.
  const split = groups.length > 1;
  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-extrabold">Keranjang Anda kosong</h1>
        <div className="text-left">
          <RefreshNotices notices={notices} />
        </div>
        <p className="mt-2 text-stone-600">Yuk temukan produk lokal pilihan dari UMKM Kota Bandung.</p>
        <Link to="/catalog" className="mt-6 inline-block rounded-xl bg-green-800 px-6 py-3 font-bold text-white hover:bg-green-900">
          Mulai belanja
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-3xl font-extrabold">Keranjang</h1>
      <RefreshNotices notices={notices} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_340px]">
        {split ? (
          <div className="space-y-5">
            <div role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300" data-testid="origin-notice">
              <p className="font-semibold">{checkoutMessages.mixedOrigin}</p>
              {/* Not in the spec (decision 049): the cart is still bought in one go. */}
              <p className="mt-1">{checkoutMessages.originsShipSeparately(groups.length)}</p>
            </div>
            {groups.map((group) => (
              <section key={group.key} aria-labelledby={`origin-${group.key}`} className="rounded-2xl bg-stone-100 p-2 sm:p-3" data-testid="origin-group">
                <h2 id={`origin-${group.key}`} className="font-bold">
                  {groupTitle(group)}
                </h2>
                {group.businesses.length > 0 && <p className="text-xs text-stone-600">{group.businesses.join(', ')}</p>}
                <ul className="mt-3 space-y-3">
                  {group.items.map((line) => (
                    <LineRow key={line.id} line={line} items={cart.items} maxLine={maxLine} />
                  ))}
                </ul>
                <p className="mt-3 text-sm">
                  Subtotal ({group.totalItems} barang): <span className="font-bold">{formatRupiah(group.totalAmount)}</span>
                </p>
              </section>
            ))}
          </div>
        ) : (
          <ul className="space-y-3">
            {cart.items.map((line) => (
              <LineRow key={line.id} line={line} items={cart.items} maxLine={maxLine} />
            ))}
          </ul>
        )}
        <aside className="h-fit rounded-2xl bg-white p-5 ring-1 ring-stone-200" aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg font-bold">
            Ringkasan
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal ({cart.totalItems} barang)</dt>
              <dd data-testid="cart-subtotal">{formatRupiah(cart.totalAmount)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Ongkos kirim</dt>
              <dd>{formatRupiah(0)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Perkiraan pajak</dt>
              <dd>{formatRupiah(0)}</dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd>{formatRupiah(cart.totalAmount)}</dd>
            </div>
          </dl>
          <Link to="/checkout" className="mt-4 block rounded-xl bg-green-800 px-5 py-3 text-center font-bold text-white hover:bg-green-900">
            Lanjut ke checkout
          </Link>
          <Link to="/catalog" className="mt-2 block rounded-xl px-5 py-3 text-center font-semibold text-green-800 ring-1 ring-green-800 hover:bg-green-50">
            Lanjut belanja
          </Link>
          <ul className="mt-4 space-y-1 text-xs text-stone-600">
            <li>Harga sudah termasuk kemasan ramah lingkungan.</li>
            <li>Konfirmasi pembayaran dilakukan maksimal 24 jam setelah checkout.</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
