/**
 * Point of sale (docs/requirements/back-office.md §2, §4, §5, §8, §9): the product grid (use-pos-catalog), the
 * sale (use-pos-sale: core's cart, customer, payment with the spec's switching rules, notes),
 * pickup information, the QRIS code and the receipt.
 */
import { useRef, useState } from 'react';
import { UserRound } from 'lucide-react';
import type { Product } from '@pasar/core/catalog';
import { formatRupiah } from '@pasar/core/money';
import { buttonStyles, confirmAction, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { useStoreSettings } from '../../lib/store-settings';
import { usePosSettings } from './api/pos-api';
import { CartLines, PaymentFields, PickupInfo } from './components/cart-panel';
import { CustomerModal } from './components/customer-modal';
import { PosSettingsModal } from './components/pos-settings-modal';
import { PriceChangeNotice } from './components/price-change-notice';
import { ProductGrid, VariantChooser } from './components/product-grid';
import { QrisModal } from './components/qris-modal';
import { Receipt } from './components/receipt';
import { usePosCatalog } from './use-pos-catalog';
import { usePosSale } from './use-pos-sale';
import { Field } from '../../components/form';
import { DrawerCard } from './components/drawer-card';

export default function PosPage() {
  const catalog = usePosCatalog();
  const sale = usePosSale();
  const settings = usePosSettings();
  const store = useStoreSettings();
  const [choosing, setChoosing] = useState<Product | null>(null);
  const [customerOpen, setCustomerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const cartRef = useRef<HTMLElement>(null);

  const pickup = settings.data;
  const storeName = store.data?.store_profile?.name ?? 'Pasar UMKM';
  const pick = (product: Product) => (product.size_variants.length > 0 ? setChoosing(product) : sale.add(product, null));

  return (
    // The bottom padding leaves room for the phone's summary bar under the last product.
    <div className="grid gap-4 pb-24 lg:grid-cols-[1fr_24rem] lg:pb-0">
      <ProductGrid catalog={catalog} onPick={pick} onOpenSettings={() => setSettingsOpen(true)} />

      <aside ref={cartRef} aria-label="Keranjang kasir" className="scroll-mt-20 flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:self-start">
        <ErrorBanner message={sale.error} onClose={sale.dismissError} />
        <SuccessBanner message={sale.notice} onClose={() => sale.setNotice(null)} />
        <PriceChangeNotice change={sale.priceChange} onClose={sale.dismissPriceChange} />
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-bold">Keranjang ({sale.itemCount})</h2>
          <button type="button" className={buttonStyles.small} onClick={() => setCustomerOpen(true)}>
            {sale.customer.name ? (
              <>
                <UserRound aria-hidden="true" className="size-4" />
                {sale.customer.name}
              </>
            ) : (
              'Data pelanggan'
            )}
          </button>
        </div>
        <CartLines sale={sale} />
        {sale.lines.length > 0 && (
          <button type="button" className="self-start text-sm text-red-700 underline" onClick={() => confirmAction('Kosongkan keranjang kasir?') && sale.clear()}>
            Kosongkan keranjang
          </button>
        )}
        <p className="flex items-center justify-between border-t border-stone-200 pt-2 text-lg font-extrabold">
          <span>Total</span>
          <span data-testid="pos-total">{formatRupiah(sale.total)}</span>
        </p>
        <PaymentFields sale={sale} />
        <Field as="textarea" id="pos-notes" label="Catatan" value={sale.notes} onChange={(e) => sale.setNotes(e.target.value)} rows={2} />
        <button type="button" className={`${buttonStyles.primary} py-3 text-base`} onClick={() => void sale.pay()} disabled={sale.saving}>
          {sale.saving ? 'Menyimpan…' : `Bayar ${formatRupiah(sale.total)}`}
        </button>
        <PickupInfo pickup={pickup} failed={settings.isError} />
        <DrawerCard />
      </aside>

      {/* On a phone the cart is below a long grid (issue 17): the count and total stay at the bottom
          of the screen, and one tap brings the cart and its payment into view. */}
      <div role="region" aria-label="Ringkasan keranjang" className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-stone-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] lg:hidden">
        <p className="text-sm">
          <span className="block text-stone-600">{sale.itemCount} barang</span>
          <span className="text-lg font-extrabold" data-testid="pos-bar-total">
            {formatRupiah(sale.total)}
          </span>
        </p>
        <button type="button" className={`${buttonStyles.primary} py-3`} onClick={() => cartRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
          Ke pembayaran
        </button>
      </div>

      {choosing && (
        <VariantChooser
          product={choosing}
          onChoose={(variant) => {
            sale.add(choosing, variant);
            setChoosing(null);
          }}
          onClose={() => setChoosing(null)}
        />
      )}
      {customerOpen && <CustomerModal customer={sale.customer} onChange={sale.setCustomer} onClose={() => setCustomerOpen(false)} />}
      {sale.qris && (
        <QrisModal
          payload={pickup?.qris_payload ?? ''}
          valid={pickup?.qris_valid ?? false}
          merchantName={pickup?.qris_merchant_name || storeName}
          amount={sale.total}
          notice={sale.qris.notice}
          onClose={sale.closeQris}
        />
      )}
      {settingsOpen && <PosSettingsModal current={pickup} onClose={() => setSettingsOpen(false)} onSaved={(m) => sale.setNotice(m)} />}
      {sale.receipt && <Receipt order={sale.receipt} settings={pickup} storeName={storeName} onClose={sale.closeReceipt} />}
    </div>
  );
}
