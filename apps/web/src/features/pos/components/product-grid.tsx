import type { Product } from '@pasar/core/catalog';
import { formatRupiah } from '@pasar/core/money';
import { unitPrice } from '@pasar/core/pricing';
import { posMessages } from '@pasar/core/pos';
import { buttonStyles, ErrorBanner } from '../../../components/admin/admin-ui';
import { Modal } from '../../../components/modal';
import { ProductImage } from '../../../components/product-image';
import type { usePosCatalog } from '../use-pos-catalog';

/** The POS product grid (docs/requirements/back-office.md §2 Point of sale): search, category chips, products, pages. */
export function ProductGrid({ catalog, onPick, onOpenSettings }: { catalog: ReturnType<typeof usePosCatalog>; onPick: (product: Product) => void; onOpenSettings: () => void }) {
  const { products, categories, categoryId, page } = catalog;
  return (
    <section aria-label="Produk" className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Kasir (POS)</h1>
        <button type="button" className={buttonStyles.small} onClick={onOpenSettings}>
          Pengaturan POS
        </button>
      </div>
      <input type="search" aria-label="Cari produk" value={catalog.search} onChange={(e) => catalog.setSearch(e.target.value)} placeholder="Cari produk…" className="mb-3 block w-full rounded-lg border border-stone-300 px-3 py-2" />
      <div role="group" aria-label="Kategori" className="mb-3 flex gap-2 overflow-x-auto pb-1">
        {[{ id: null as number | null, name: 'Semua' }, ...(categories.data ?? [])].map((c) => (
          <button
            key={c.id ?? 'all'}
            type="button"
            aria-pressed={categoryId === c.id}
            onClick={() => catalog.chooseCategory(c.id)}
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
                onClick={() => onPick(p)}
                className={`flex h-full w-full flex-col overflow-hidden rounded-xl border bg-white text-left shadow-sm hover:border-green-700 ${out ? 'border-dashed border-stone-400' : ''}`}
              >
                {/* The card's own text is its name ("Tambah <name> … <price> Stok <n>"): an aria-label hid
                    the price and stock a sighted cashier reads (issue 31 item 27). Sold out is said by
                    the dashed border, the grey photo and "Stok habis", never by fading the text. */}
                <ProductImage path={p.image_url} alt="" sizes="160px" className={`aspect-square w-full object-cover ${out ? 'grayscale' : ''}`} />
                <span className="flex flex-1 flex-col p-2">
                  <span className="line-clamp-2 text-sm font-semibold">
                    <span className="sr-only">Tambah </span>
                    {p.name}
                  </span>
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
          <button type="button" className={buttonStyles.small} disabled={page <= 1} onClick={() => catalog.setPage(page - 1)}>
            Sebelumnya
          </button>
          <span>
            {page} / {products.data.total_pages}
          </span>
          <button type="button" className={buttonStyles.small} disabled={page >= products.data.total_pages} onClick={() => catalog.setPage(page + 1)}>
            Berikutnya
          </button>
        </div>
      )}
    </section>
  );
}

/** Spec §2: a product with sizes asks which one before it goes into the cart. */
export function VariantChooser({ product, onChoose, onClose }: { product: Product; onChoose: (variant: string) => void; onClose: () => void }) {
  return (
    <Modal title={`Pilih ukuran ${product.name}`} onClose={onClose}>
      <ul className="grid gap-2">
        {product.size_variants.map((v) => (
          <li key={v.label}>
            <button type="button" className={`${buttonStyles.secondary} w-full justify-between`} onClick={() => onChoose(v.label)}>
              <span>{v.label}</span>
              <span>
                {formatRupiah(unitPrice(product, v.label))} · stok {v.stock}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
