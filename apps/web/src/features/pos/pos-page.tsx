/**
 * Point of sale (back-office spec §2, §4, §5, §8, §9): product grid with search and category
 * chips, the cart keyed by product and variant (core/pos posCartReducer), customer data, payment
 * (Tunai, QRIS, debit, transfer) with the spec's switching rules, cash in steps of 1000 and change,
 * notes, pickup information, and the receipt. The sale carries the prices and total the cart shows;
 * the server refuses it when they are no longer current (issue 13 §9), and the cart then takes the
 * current prices, says what changed and, for QRIS, shows a code for the new total.
 */
import { useEffect, useReducer, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@pasar/core/catalog';
import type { AdminOrder } from '@pasar/core/orders';
import type { StoreProfile } from '@pasar/core/settings';
import { formatRupiah } from '@pasar/core/money';
import { availableStock, lineTotal, unitPrice } from '@pasar/core/pricing';
import {
  CASH_STEP,
  POS_PAYMENT_METHODS,
  changeDue,
  describePriceChanges,
  emptyPosCart,
  posCartCount,
  posCartReducer,
  posCartTotal,
  posMessages,
  posPaymentLabels,
  posSaleError,
  posSaleLines,
  uangPas,
  type PosPaymentMethod,
} from '@pasar/core/pos';
import { ProductImage } from '../../components/product-image';
import { Modal } from '../../components/modal';
import { buttonStyles, ErrorBanner, failureMessage, SuccessBanner, TextAreaField, TextField } from '../../components/admin/admin-ui';
import { api } from '../../lib/api-client';
import { useCategories } from '../../lib/catalog-api';
import { priceChangedOf, usePosProducts, usePosSettings, useRecordSale } from './api/pos-api';
import { PriceChangeNotice, type PriceChange } from './price-change-notice';
import { PosSettingsModal } from './pos-settings-modal';
import { QrisModal } from './qris-modal';
import { Receipt } from './receipt';

interface Customer {
  name: string;
  phone: string;
  email: string;
}

const emptyCustomer: Customer = { name: '', phone: '', email: '' };

export default function PosPage() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const products = usePosProducts(q, categoryId, page);
  const categories = useCategories();
  const settings = usePosSettings();
  const store = useQuery({ queryKey: ['settings', 'store'], queryFn: ({ signal }) => api<{ store_profile: StoreProfile | null }>('/settings/store', { signal }), staleTime: 5 * 60_000 });
  const record = useRecordSale();

  const [cart, dispatch] = useReducer(posCartReducer, emptyPosCart);
  const [customer, setCustomer] = useState<Customer>(emptyCustomer);
  const [method, setMethod] = useState<PosPaymentMethod>('cash');
  const [cash, setCash] = useState('');
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [choosing, setChoosing] = useState<Product | null>(null);
  const [customerOpen, setCustomerOpen] = useState(false);
  const [qrisOpen, setQrisOpen] = useState(false);
  const [qrisNotice, setQrisNotice] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [receipt, setReceipt] = useState<AdminOrder | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const lines = cart.lines;
  const total = posCartTotal(lines);
  const cashValue = cash === '' ? null : Math.max(0, Math.round(Number(cash)));
  const change = changeDue(method, cashValue, total);
  const itemCount = posCartCount(lines);
  // A failed save and a refused cart action share the banner; the newer one is what is shown.
  const shownError = error ?? cart.problem;

  const add = (product: Product, variant: string | null) => {
    setError(null);
    setNotice(null);
    // The line keeps the price the grid shows now: it is sent with the sale and checked there.
    dispatch({ type: 'add', item: { product_id: product.id, name: product.name, variant_label: variant, price: unitPrice(product, variant), stock: availableStock(product, variant) } });
  };

  const pick = (product: Product) => (product.size_variants.length > 0 ? setChoosing(product) : add(product, null));

  const setQuantity = (key: string, wanted: number) => {
    setError(null);
    dispatch({ type: 'quantity', key, quantity: wanted });
  };

  const chooseMethod = (next: PosPaymentMethod) => {
    // Spec §4: leaving cash clears the cash received; going to cash clears the reference.
    if (next !== 'cash') setCash('');
    if (next === 'cash') setReference('');
    setMethod(next);
    if (next === 'qris') {
      setQrisNotice(null);
      setQrisOpen(true);
    }
  };

  const reset = () => {
    dispatch({ type: 'clear' });
    setPriceChange(null);
    setCustomer(emptyCustomer);
    setNotes('');
    setCash('');
    setReference('');
    setMethod('cash');
  };

  const pay = async () => {
    setNotice(null);
    setPriceChange(null);
    dispatch({ type: 'dismiss' });
    const rule = posSaleError({ itemCount: lines.length, method, cashReceived: cashValue ?? 0, total });
    if (rule) return setError(rule);
    setError(null);
    try {
      const result = await record.mutateAsync({
        customer_name: customer.name || null,
        customer_phone: customer.phone || null,
        customer_email: customer.email || null,
        notes: notes || null,
        payment_method: method,
        payment_reference: method === 'cash' ? null : reference || null,
        cash_received: method === 'cash' ? cashValue : null,
        // The prices and total on screen: what the customer was told, counted or asked by QRIS.
        ...posSaleLines(lines),
      });
      reset();
      setNotice(result.message ?? posMessages.saved);
      setReceipt(result.data);
    } catch (err) {
      const changed = priceChangedOf(err);
      if (!changed) return setError(failureMessage(err, posMessages.saveFailed));
      // Nothing was recorded: the cart keeps its lines at the current prices and the cashier,
      // having told the customer, presses Bayar again. A QRIS code for the old total is useless,
      // so a new one is drawn for the new total straight away.
      dispatch({ type: 'reprice', prices: changed.prices });
      setPriceChange({ changes: describePriceChanges(changed.prices), total: changed.total_amount });
      if (method === 'qris') {
        setQrisNotice(posMessages.qrisRedrawn);
        setQrisOpen(true);
      }
    }
  };

  const pickup = settings.data;
  const storeName = store.data?.store_profile?.name ?? 'Pasar UMKM';

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_24rem]">
      <section aria-label="Produk" className="min-w-0">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">Kasir (POS)</h1>
          <button type="button" className={buttonStyles.small} onClick={() => setSettingsOpen(true)}>
            Pengaturan POS
          </button>
        </div>
        <input type="search" aria-label="Cari produk" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Cari produk…" className="mb-3 block w-full rounded-lg border border-stone-300 px-3 py-2" />
        <div role="group" aria-label="Kategori" className="mb-3 flex gap-2 overflow-x-auto pb-1">
          {[{ id: null as number | null, name: 'Semua' }, ...(categories.data ?? [])].map((c) => (
            <button
              key={c.id ?? 'all'}
              type="button"
              aria-pressed={categoryId === c.id}
              onClick={() => {
                setCategoryId(c.id);
                setPage(1);
              }}
              className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold ${categoryId === c.id ? 'bg-green-700 text-white' : 'bg-white ring-1 ring-stone-300'}`}
            >
              {c.name}
            </button>
          ))}
        </div>
        {products.isError && <ErrorBanner message={posMessages.productsFailed} />}
        {products.isPending && <p role="status">Memuat produk…</p>}
        {products.data && products.data.items.length === 0 && <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-600">Tidak ada produk yang cocok.</p>}
        <ul aria-label="Daftar produk POS" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {products.data?.items.map((p) => {
            const out = p.stock <= 0;
            return (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => pick(p)}
                  aria-label={`Tambah ${p.name}`}
                  className={`flex h-full w-full flex-col overflow-hidden rounded-xl border bg-white text-left shadow-sm hover:border-green-700 ${out ? 'opacity-60' : ''}`}
                >
                  <ProductImage path={p.image_url} alt="" sizes="160px" className="aspect-square w-full object-cover" />
                  <span className="flex flex-1 flex-col p-2">
                    <span className="line-clamp-2 text-sm font-semibold">{p.name}</span>
                    <span className="text-xs text-stone-500">{p.business_name ?? p.category?.name}</span>
                    <span className="mt-auto font-bold text-green-800">{formatRupiah(unitPrice(p, null))}</span>
                    <span className={`text-xs ${out ? 'font-bold text-red-700' : 'text-stone-600'}`}>{out ? 'Stok habis' : `Stok ${p.stock}`}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {products.data && products.data.total_pages > 1 && (
          <div className="mt-3 flex items-center justify-center gap-2 text-sm">
            <button type="button" className={buttonStyles.small} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Sebelumnya
            </button>
            <span>
              {page} / {products.data.total_pages}
            </span>
            <button type="button" className={buttonStyles.small} disabled={page >= products.data.total_pages} onClick={() => setPage(page + 1)}>
              Berikutnya
            </button>
          </div>
        )}
      </section>

      <aside aria-label="Keranjang kasir" className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:self-start">
        <ErrorBanner
          message={shownError}
          onClose={() => {
            setError(null);
            dispatch({ type: 'dismiss' });
          }}
        />
        <SuccessBanner message={notice} onClose={() => setNotice(null)} />
        <PriceChangeNotice change={priceChange} onClose={() => setPriceChange(null)} />
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-bold">Keranjang ({itemCount})</h2>
          <button type="button" className={buttonStyles.small} onClick={() => setCustomerOpen(true)}>
            {customer.name ? `👤 ${customer.name}` : 'Data pelanggan'}
          </button>
        </div>
        {lines.length === 0 ? (
          <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-600">Keranjang kosong. Pilih produk di kiri.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {lines.map((l) => (
              <li key={l.key} data-line={l.key} className="py-2">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="font-semibold">
                    {l.name}
                    {l.variant_label && <span className="font-normal text-stone-600"> · {l.variant_label}</span>}
                  </span>
                  <span className="font-semibold">{formatRupiah(lineTotal(l.price, l.quantity))}</span>
                </div>
                <div className="mt-1 flex items-center gap-2 text-sm">
                  <button type="button" className={buttonStyles.small} aria-label={`Kurangi ${l.name}`} onClick={() => setQuantity(l.key, l.quantity - 1)} disabled={l.quantity <= 1}>
                    −
                  </button>
                  <input
                    type="number"
                    aria-label={`Jumlah ${l.name}`}
                    min={1}
                    max={l.stock}
                    value={l.quantity}
                    onChange={(e) => setQuantity(l.key, Number(e.target.value))}
                    className="w-16 rounded-lg border border-stone-300 px-2 py-1 text-center"
                  />
                  <button type="button" className={buttonStyles.small} aria-label={`Tambah jumlah ${l.name}`} onClick={() => setQuantity(l.key, l.quantity + 1)}>
                    +
                  </button>
                  <span className="text-stone-500" data-testid="pos-line-price">
                    × {formatRupiah(l.price)}
                  </span>
                  <button
                    type="button"
                    className="ml-auto text-red-700 underline"
                    onClick={() => {
                      setError(null);
                      dispatch({ type: 'remove', key: l.key });
                    }}
                  >
                    Hapus
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="flex items-center justify-between border-t border-stone-200 pt-2 text-lg font-extrabold">
          <span>Total</span>
          <span data-testid="pos-total">{formatRupiah(total)}</span>
        </p>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">Metode pembayaran</legend>
          <div className="grid grid-cols-4 gap-1">
            {POS_PAYMENT_METHODS.map((m) => (
              <button key={m} type="button" aria-pressed={method === m} onClick={() => chooseMethod(m)} className={`rounded-lg px-2 py-2 text-sm font-semibold ${method === m ? 'bg-green-700 text-white' : 'bg-stone-100'}`}>
                {posPaymentLabels[m]}
              </button>
            ))}
          </div>
        </fieldset>
        {method === 'cash' ? (
          <div>
            <TextField id="pos-cash" label="Uang diterima (Rp)" type="number" min={0} step={CASH_STEP} inputMode="numeric" value={cash} onChange={(e) => setCash(e.target.value)} />
            <div className="mt-1 flex flex-wrap gap-1">
              {total > 0 && (
                // Exactly the total (issue 13 §9): rounding it up to the cash step recorded money never counted.
                <button type="button" className={buttonStyles.small} onClick={() => setCash(String(uangPas(total)))}>
                  Uang pas
                </button>
              )}
              {[20000, 50000, 100000].map((v) => (
                <button key={v} type="button" className={buttonStyles.small} onClick={() => setCash(String(v))}>
                  {formatRupiah(v)}
                </button>
              ))}
            </div>
            <p className="mt-2 flex justify-between text-sm">
              <span>Kembalian</span>
              <span className="font-bold" data-testid="pos-change">
                {formatRupiah(change)}
              </span>
            </p>
          </div>
        ) : (
          <div>
            <TextField id="pos-reference" label="Referensi pembayaran (opsional)" value={reference} onChange={(e) => setReference(e.target.value)} />
            {method === 'qris' && (
              <button
                type="button"
                className={`${buttonStyles.small} mt-2`}
                onClick={() => {
                  setQrisNotice(null);
                  setQrisOpen(true);
                }}
              >
                Tampilkan QRIS
              </button>
            )}
          </div>
        )}
        <TextAreaField id="pos-notes" label="Catatan" value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} />
        <button type="button" className={`${buttonStyles.primary} py-3 text-base`} onClick={() => void pay()} disabled={record.isPending}>
          {record.isPending ? 'Menyimpan…' : `Bayar ${formatRupiah(total)}`}
        </button>
        <section aria-label="Informasi pickup" className="rounded-xl bg-stone-50 p-3 text-sm">
          <h3 className="font-semibold">Lokasi pickup</h3>
          {settings.isError && <p className="text-red-700">{posMessages.pickupFailed}</p>}
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
      </aside>

      {choosing && (
        <Modal title={`Pilih ukuran ${choosing.name}`} onClose={() => setChoosing(null)}>
          <ul className="grid gap-2">
            {choosing.size_variants.map((v) => (
              <li key={v.label}>
                <button
                  type="button"
                  className={`${buttonStyles.secondary} w-full justify-between`}
                  onClick={() => {
                    add(choosing, v.label);
                    setChoosing(null);
                  }}
                >
                  <span>{v.label}</span>
                  <span>
                    {formatRupiah(unitPrice(choosing, v.label))} · stok {v.stock}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
      {customerOpen && (
        <Modal title="Data pelanggan" onClose={() => setCustomerOpen(false)}>
          <div className="grid gap-3">
            <TextField id="pos-customer-name" label="Nama (opsional)" value={customer.name} onChange={(e) => setCustomer({ ...customer, name: e.target.value })} />
            <TextField id="pos-customer-phone" label="Telepon (opsional)" type="tel" value={customer.phone} onChange={(e) => setCustomer({ ...customer, phone: e.target.value })} />
            <TextField id="pos-customer-email" label="Email (opsional)" type="email" value={customer.email} onChange={(e) => setCustomer({ ...customer, email: e.target.value })} />
            <div className="flex justify-end">
              <button type="button" className={buttonStyles.primary} onClick={() => setCustomerOpen(false)}>
                Simpan
              </button>
            </div>
          </div>
        </Modal>
      )}
      {qrisOpen && (
        <QrisModal
          payload={pickup?.qris_payload ?? ''}
          valid={pickup?.qris_valid ?? false}
          merchantName={pickup?.qris_merchant_name || storeName}
          amount={total}
          notice={qrisNotice}
          onClose={() => {
            setQrisOpen(false);
            setQrisNotice(null);
          }}
        />
      )}
      {settingsOpen && <PosSettingsModal current={pickup} onClose={() => setSettingsOpen(false)} onSaved={(m) => setNotice(m)} />}
      {receipt && <Receipt order={receipt} settings={pickup} storeName={storeName} onClose={() => setReceipt(null)} />}
    </div>
  );
}
