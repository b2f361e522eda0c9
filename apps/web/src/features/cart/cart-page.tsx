/** Cart (docs/requirements/storefront.md §2 Cart, §4 Cart). */
import { Link } from 'react-router';
import { isFreeStock, lineStock, maxQuantity } from '@pasar/core/cart';
import { formatRupiah } from '@pasar/core/money';
import { ProductImage } from '../../components/product-image';
import { QuantityStepper } from '../../components/quantity-stepper';
import { cartActions, useCart } from '../../lib/cart';

export default function CartPage() {
  const cart = useCart();
  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-extrabold">Keranjang Anda kosong</h1>
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
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_340px]">
        <ul className="space-y-3">
          {cart.items.map((line) => {
            const stock = lineStock(line);
            return (
              <li key={line.id} className="flex gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200" data-testid="cart-line">
                <div className="h-24 w-24 shrink-0 overflow-hidden rounded-xl">
                  <ProductImage path={line.product.image} alt={line.product.name} sizes="96px" className="h-full w-full" />
                </div>
                <div className="flex flex-1 flex-col gap-1">
                  <div className="flex items-start justify-between gap-2">
                    <div>
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
                    <p className="text-right font-bold text-green-800" data-testid="line-total">
                      {formatRupiah(line.unit_price * line.quantity)}
                    </p>
                  </div>
                  <p className="text-xs text-stone-600">{formatRupiah(line.unit_price)} / barang</p>
                  <div className="mt-1 flex flex-wrap items-center gap-3">
                    <QuantityStepper
                      value={line.quantity}
                      max={maxQuantity(line)}
                      allowBelowMin
                      label={`Jumlah ${line.product.name}`}
                      onChange={(q) => (q < 1 ? cartActions.remove(line.id) : cartActions.update(line.id, Math.min(q, maxQuantity(line))))}
                    />
                    <span className="text-xs text-stone-600">Stok: {isFreeStock(line) ? 'Bebas' : stock}</span>
                    <button type="button" onClick={() => cartActions.remove(line.id)} className="ml-auto text-sm font-semibold text-red-700 hover:underline">
                      Hapus<span className="sr-only"> {line.product.name}</span>
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
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
