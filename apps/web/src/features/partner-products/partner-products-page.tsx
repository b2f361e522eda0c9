/**
 * Produk, the partner's own products (issue 29 §2), phone first (360 px): a card per product with
 * its picture, price, stock and where it stands with the office ("Menunggu kurasi", "Ditolak:
 * <alasan>", "Aktif", "Nonaktif"); add and edit with the back office's own product form (without
 * the business select: the server files every product under the partner's business); and a quick
 * price and stock edit, which applies at once (decision 055).
 */
import { useState } from 'react';
import { formatRupiah } from '@pasar/core/money';
import { unitPrice } from '@pasar/core/pricing';
import { partnerChangeNote, partnerProductBadge, type PartnerProduct } from '@pasar/core/curation';
import { isLowStock, productMessages } from '@pasar/core/products';
import { ProductImage } from '../../components/product-image';
import { buttonStyles, EmptyState, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { failureMessage, submitWith, useReopenDraft } from '../../components/form';
import { PRODUCT_DRAFT, ProductFormModal } from '../../components/product-form/product-form-modal';
import { SkeletonGrid } from '../../components/skeleton';
import { usePartnerCategories, usePartnerProducts, useSavePartnerProduct } from './api/partner-products-api';
import { editableValues, quickEditBody } from './partner-product-values';
import { closeThen } from '../../components/modal';

const badgeTone = {
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-800',
  green: 'bg-green-100 text-green-800',
  stone: 'bg-stone-200 text-stone-700',
} as const;

const curationNotice = (
  <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
    Produk baru serta perubahan nama, deskripsi, kategori, atau gambar dapat menunggu kurasi Dinas sebelum tampil di toko. Harga, diskon, stok, dan varian langsung berlaku.
  </p>
);

const toInt = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : NaN);

/** Price and stock of one product (each variant's when it has variants), saved through the same PUT as the full form. */
function QuickEdit({ product, onDone }: { product: PartnerProduct; onDone: (message: string) => void }) {
  const save = useSavePartnerProduct();
  const [price, setPrice] = useState(String(product.price));
  const [stock, setStock] = useState(String(product.stock));
  const [variants, setVariants] = useState(product.size_variants.map((v) => ({ price: String(v.price), stock: String(v.stock) })));
  const [error, setError] = useState<string | null>(null);
  const withVariants = product.size_variants.length > 0;

  const submit = async () => {
    setError(null);
    const numbers = { price: toInt(price), stock: toInt(stock), variants: variants.map((v) => ({ price: toInt(v.price), stock: toInt(v.stock) })) };
    const bad = withVariants ? numbers.variants.some((v) => !(v.price > 0) || !(v.stock >= 0)) : !(numbers.price > 0) || !(numbers.stock >= 0);
    if (bad) {
      setError(withVariants ? productMessages.variants : !(numbers.price > 0) ? productMessages.priceRequired : productMessages.stockRequired);
      return;
    }
    try {
      const result = await save.mutateAsync({ id: product.id, body: quickEditBody(product, numbers) });
      onDone(result.message ?? productMessages.updated);
    } catch (e) {
      setError(failureMessage(e, productMessages.saveFailed));
    }
  };

  const input = 'mt-1 block w-full rounded-lg border border-stone-300 px-2 py-1.5 text-sm';
  return (
    <form className="mt-2 space-y-2 rounded-xl bg-stone-50 p-2" aria-label={`Harga dan stok ${product.name}`} noValidate onSubmit={submitWith(submit)}>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {withVariants ? (
        product.size_variants.map((v, i) => (
          <div key={v.label} className="grid grid-cols-2 gap-2">
            <label className="text-xs font-semibold">
              {v.label}: harga (Rp)
              <input className={input} type="number" inputMode="numeric" min={1} step={1} value={variants[i]?.price ?? ''} onChange={(e) => setVariants((rows) => rows.map((r, j) => (j === i ? { ...r, price: e.target.value } : r)))} />
            </label>
            <label className="text-xs font-semibold">
              {v.label}: stok
              <input className={input} type="number" inputMode="numeric" min={0} step={1} value={variants[i]?.stock ?? ''} onChange={(e) => setVariants((rows) => rows.map((r, j) => (j === i ? { ...r, stock: e.target.value } : r)))} />
            </label>
          </div>
        ))
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <label className="text-xs font-semibold">
            Harga (Rp)
            <input className={input} type="number" inputMode="numeric" min={1} step={1} value={price} onChange={(e) => setPrice(e.target.value)} />
          </label>
          <label className="text-xs font-semibold">
            Stok
            <input className={input} type="number" inputMode="numeric" min={0} step={1} value={stock} onChange={(e) => setStock(e.target.value)} />
          </label>
        </div>
      )}
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={save.isPending}>
        {save.isPending ? 'Menyimpan…' : 'Simpan harga & stok'}
      </button>
    </form>
  );
}

function ProductCard({ product, onEdit, onSaved }: { product: PartnerProduct; onEdit: () => void; onSaved: (message: string) => void }) {
  const [quick, setQuick] = useState(false);
  const badge = partnerProductBadge(product);
  const note = partnerChangeNote(product);
  const low = isLowStock(product.stock);
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
      <div className="flex gap-3">
        <ProductImage path={product.image_url} alt={product.name} sizes="80px" className="h-20 w-20 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <span className={`inline-block max-w-full rounded-full px-2 py-0.5 text-xs font-semibold ${badgeTone[badge.tone]}`}>{badge.text}</span>
          <h2 className="mt-1 font-semibold leading-snug">{product.name}</h2>
          <p className="text-sm">
            <span className="font-bold">{formatRupiah(unitPrice(product))}</span>
            <span className={`ml-2 ${product.stock === 0 ? 'font-semibold text-red-700' : low ? 'font-semibold text-amber-800' : 'text-stone-600'}`}>Stok {product.stock}</span>
          </p>
          {product.category && <p className="truncate text-xs text-stone-500">{product.category.name}</p>}
        </div>
      </div>
      {note && <p className={`mt-2 rounded-lg px-2 py-1 text-xs ${product.curation.pending_change ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'}`}>{note}</p>}
      <div className="mt-2 grid grid-cols-2 gap-2">
        <button type="button" className={buttonStyles.small} onClick={onEdit} aria-label={`Ubah ${product.name}`}>
          Ubah
        </button>
        <button type="button" className={buttonStyles.small} aria-expanded={quick} onClick={() => setQuick((q) => !q)} aria-label={`Harga & stok ${product.name}`}>
          Harga & stok
        </button>
      </div>
      {quick && (
        <QuickEdit
          product={product}
          onDone={(message) => {
            setQuick(false);
            onSaved(message);
          }}
        />
      )}
    </li>
  );
}

export default function PartnerProductsPage() {
  const products = usePartnerProducts();
  const categories = usePartnerCategories();
  const save = useSavePartnerProduct();
  const [editing, setEditing] = useState<PartnerProduct | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const list = products.data;
  useReopenDraft(PRODUCT_DRAFT, list, setEditing);
  const waiting = list?.filter((p) => p.curation.pending_change).length ?? 0;

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-3 flex items-center justify-between gap-2">
        <div>
          <h1 className="text-xl font-bold">Produk</h1>
          {list && (
            <p className="text-sm text-stone-600">
              {list.length} produk{waiting > 0 ? ` · ${waiting} menunggu kurasi` : ''}
            </p>
          )}
        </div>
        <button type="button" className={`${buttonStyles.primary} shrink-0 whitespace-nowrap`} onClick={() => setEditing(null)}>
          + Tambah
        </button>
      </div>
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      {products.isError && <ErrorBanner message={failureMessage(products.error, productMessages.loadFailed)} />}
      {products.isPending && <SkeletonGrid count={3} layout="list" />}
      {list && list.length === 0 && <EmptyState title="Belum ada produk.">Tambahkan produk pertama Anda; Dinas memeriksanya sebelum tampil di toko.</EmptyState>}
      {list && list.length > 0 && (
        <ul aria-label="Produk saya" className="grid gap-3 sm:grid-cols-2">
          {list.map((p) => (
            <ProductCard key={p.id} product={p} onEdit={() => setEditing(p)} onSaved={setNotice} />
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <ProductFormModal
          key={editing?.id ?? 'new'}
          product={editing ? editableValues(editing) : null}
          categories={categories.data}
          save={save}
          notice={curationNotice}
          onClose={() => setEditing(undefined)}
          onSaved={closeThen(() => setEditing(undefined), setNotice)}
        />
      )}
    </div>
  );
}
