/**
 * Products (docs/requirements/back-office.md §2, §5, §8, §9): stats cards, filters (category, business, active,
 * low stock, search), an order (issue 17), a paged grid of 12/24/48 (default 12) and the create/edit modal.
 * Filters live in the URL so a link (from the dashboard, say) opens the same view.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Product } from '@pasar/core/catalog';
import { formatGrams, formatPercent, formatRupiah } from '@pasar/core/money';
import { hasDiscount, unitPrice } from '@pasar/core/pricing';
import type { SortDirection } from '@pasar/core/common';
import { curationLabels } from '@pasar/core/curation';
import { ADMIN_PRODUCT_PAGE_SIZES, ADMIN_PRODUCT_SORTS, DEFAULT_ADMIN_PRODUCT_PAGE_SIZE, DEFAULT_ADMIN_PRODUCT_SORT, isLowStock, productMessages, type AdminProductSort } from '@pasar/core/products';
import { ProductImage } from '../../components/product-image';
import { AdminPageHeader, buttonStyles, confirmAction, EmptyState, ErrorBanner, StatCard, SuccessBanner } from '../../components/admin/admin-ui';
import { draftKey, failureMessage, peekDraft } from '../../components/form';
import { PRODUCT_DRAFT } from '../../components/product-form/product-form-modal';
import { api } from '../../lib/api-client';
import { SortSelect, useListSort } from '../../components/admin/sorting';
import { SkeletonGrid } from '../../components/skeleton';
import { useAdminProducts, useBusinessOptions, useCategoryOptions, useDeleteProduct, type AdminProductFilters } from './api/products-api';
import { AiDescriptionButton } from './ai-description-button';
import { ProductFormModal } from './product-form-modal';

/** The grid is cards, so its order is a select (components/admin/sorting.tsx); one option per column and direction. */
const sortOptions: readonly { field: AdminProductSort; label: string; dir: SortDirection }[] = [
  { field: 'created_at', dir: 'desc', label: 'Terbaru' },
  { field: 'created_at', dir: 'asc', label: 'Terlama' },
  { field: 'name', dir: 'asc', label: 'Nama A–Z' },
  { field: 'name', dir: 'desc', label: 'Nama Z–A' },
  { field: 'price', dir: 'asc', label: 'Harga termurah' },
  { field: 'price', dir: 'desc', label: 'Harga termahal' },
  { field: 'stock', dir: 'asc', label: 'Stok tersedikit' },
  { field: 'stock', dir: 'desc', label: 'Stok terbanyak' },
  { field: 'category', dir: 'asc', label: 'Kategori A–Z' },
  { field: 'category', dir: 'desc', label: 'Kategori Z–A' },
  { field: 'business', dir: 'asc', label: 'Usaha mitra A–Z' },
  { field: 'business', dir: 'desc', label: 'Usaha mitra Z–A' },
];

function readFilters(params: URLSearchParams): Omit<AdminProductFilters, 'sort' | 'dir'> {
  const size = Number(params.get('page_size'));
  const active = params.get('active');
  return {
    q: params.get('q') ?? '',
    category_id: params.get('category_id') ?? '',
    business_id: params.get('business_id') ?? '',
    active: active === 'active' || active === 'inactive' ? active : 'all',
    low_stock: params.get('low_stock') === 'true',
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: (ADMIN_PRODUCT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_ADMIN_PRODUCT_PAGE_SIZE,
  };
}

export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const sort = useListSort(ADMIN_PRODUCT_SORTS, DEFAULT_ADMIN_PRODUCT_SORT);
  const filters: AdminProductFilters = { ...readFilters(params), sort: sort.sort, dir: sort.dir };
  const [search, setSearch] = useState(filters.q);
  const products = useAdminProducts(filters);
  const categories = useCategoryOptions();
  const businesses = useBusinessOptions();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  // Issue 31 item 18: a dialog whose session ran out mid-edit opens again, with its draft. The
  // product is read on its own: the list is paged and may no longer hold it.
  const [draftFor] = useState(() => peekDraft(draftKey(window.location.pathname, PRODUCT_DRAFT)));
  useEffect(() => {
    if (!draftFor) return;
    if (draftFor.recordId === null) {
      setEditing(null);
      return;
    }
    let live = true;
    api<Product>(`/products/${draftFor.recordId}`).then(
      (product) => live && setEditing(product),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [draftFor]);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const update = (patch: Partial<Record<keyof AdminProductFilters, string | null>>, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || v === undefined) next.delete(k);
          else next.set(k, v);
        }
        if (resetPage && !('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  // Search as the admin types, a moment after the last key.
  useEffect(() => {
    if (search === filters.q) return;
    const timer = window.setTimeout(() => update({ q: search }), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const del = async (p: Product) => {
    if (!confirmAction(productMessages.deleteConfirm(p.name))) return;
    setBanner(null);
    setNotice(null);
    try {
      const result = await remove.mutateAsync(p.id);
      setNotice(result.message ?? productMessages.deleted);
    } catch (error) {
      setBanner(failureMessage(error, productMessages.deleteFailed));
    }
  };

  const page = products.data;
  const stats = page?.stats;

  // Past the last page (the last item of the last page was deleted, or an old link): go to the last
  // page that exists rather than show "Halaman 3 dari 2" over an empty grid.
  // Only an answer for the page asked for counts, not the previous page kept on screen meanwhile.
  const lastPage = page && !products.isPlaceholderData && page.page > page.total_pages ? page.total_pages : null;
  useEffect(() => {
    if (lastPage !== null) update({ page: lastPage > 1 ? String(lastPage) : null }, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastPage]);
  return (
    <div>
      <AdminPageHeader
        title="Produk"
        description="Produk UMKM yang dijual di toko. Stok menipis berarti 5 atau kurang."
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => setEditing(null)}>
            + Tambah produk
          </button>
        }
      />
      <ErrorBanner message={banner} onClose={() => setBanner(null)} />
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />

      <section aria-label="Statistik produk" className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard label="Total produk" value={stats?.total ?? '…'} />
        <StatCard label="Aktif" value={stats?.active ?? '…'} hint={stats ? `${stats.inactive} nonaktif` : undefined} tone="green" />
        <StatCard label="Stok menipis (≤ 5)" value={stats?.low_stock ?? '…'} tone="amber" />
        <StatCard label="Stok habis" value={stats?.out_of_stock ?? '…'} tone="red" />
      </section>

      <section aria-label="Filter produk" className="mb-4 grid gap-2 rounded-2xl border border-stone-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-5">
        <label className="text-sm font-semibold lg:col-span-2">
          Cari
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Nama, deskripsi, usaha, atau ID" className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal" />
        </label>
        <label className="text-sm font-semibold">
          Kategori
          <select value={filters.category_id} onChange={(e) => update({ category_id: e.target.value })} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal">
            <option value="">Semua kategori</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Usaha mitra
          <select value={filters.business_id} onChange={(e) => update({ business_id: e.target.value })} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal">
            <option value="">Semua usaha</option>
            {businesses.data?.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Status
          <select value={filters.active} onChange={(e) => update({ active: e.target.value === 'all' ? null : e.target.value })} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal">
            <option value="all">Semua</option>
            <option value="active">Aktif</option>
            <option value="inactive">Nonaktif</option>
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" className="h-4 w-4 accent-green-700" checked={filters.low_stock} onChange={(e) => update({ low_stock: e.target.checked ? 'true' : null })} />
          Hanya stok menipis
        </label>
        <div className="flex items-center">
          <SortSelect id="products-sort" options={sortOptions} sort={sort} />
        </div>
      </section>

      {products.isError && <ErrorBanner message={failureMessage(products.error, productMessages.loadFailed)} />}
      {products.isPending && <SkeletonGrid count={3} />}
      {page && page.items.length === 0 && <EmptyState title="Tidak ada produk yang cocok dengan filter ini." />}
      {page && page.items.length > 0 && (
        <ul aria-label="Daftar produk" className={`grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 ${products.isFetching ? 'opacity-70' : ''}`}>
          {page.items.map((p) => {
            const low = isLowStock(p.stock);
            return (
              <li key={p.id} className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
                <ProductImage path={p.image_url} alt={p.name} sizes="96px" className="h-24 w-24 shrink-0 rounded-xl" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-1 text-xs">
                    <span className={`rounded-full px-2 py-0.5 font-semibold ${p.is_active ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}>{p.is_active ? 'Aktif' : 'Nonaktif'}</span>
                    {low && <span className={`rounded-full px-2 py-0.5 font-semibold ${p.stock === 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-800'}`}>{p.stock === 0 ? 'Stok habis' : 'Stok menipis'}</span>}
                    {/* What waits links to the queue where it is decided (issue 29). */}
                    {p.curation_status === 'pending' && (
                      <Link to="/admin/curation" className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800 hover:underline">
                        {curationLabels.pending}
                      </Link>
                    )}
                    {p.curation_status === 'rejected' && <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{curationLabels.rejected}</span>}
                    {p.curation_status === 'approved' && p.curation_pending_change && (
                      <Link to="/admin/curation" className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800 hover:underline">
                        Perubahan menunggu kurasi
                      </Link>
                    )}
                    {p.ai_status && <span className="rounded-full bg-sky-100 px-2 py-0.5 font-semibold text-sky-800">Deskripsi AI</span>}
                  </div>
                  <h2 className="mt-1 truncate font-semibold" title={p.name}>
                    {p.name}
                  </h2>
                  <p className="truncate text-xs text-stone-600">
                    #{p.id} · {p.category?.name ?? '—'} · {p.business_name ?? 'Tanpa usaha'}
                  </p>
                  <p className="mt-1 text-sm">
                    <span className="font-bold">{formatRupiah(unitPrice(p))}</span>
                    {hasDiscount(p) && <span className="ml-1 text-xs text-red-700">−{formatPercent(p.discount)}</span>}
                    <span className="ml-2 text-stone-600">
                      Stok {p.stock} · {formatGrams(p.weight_grams)}
                    </span>
                  </p>
                  {p.size_variants.length > 0 && <p className="truncate text-xs text-stone-600">Varian: {p.size_variants.map((v) => v.label).join(', ')}</p>}
                  <div className="mt-2 flex gap-2">
                    <button type="button" className={buttonStyles.small} onClick={() => setEditing(p)} aria-label={`Ubah ${p.name}`}>
                      Ubah
                    </button>
                    <button type="button" className={buttonStyles.danger} onClick={() => void del(p)} aria-label={`Hapus ${p.name}`} disabled={remove.isPending}>
                      Hapus
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {page && (
        <nav aria-label="Halaman produk" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="flex items-center gap-2">
            Per halaman
            <select value={filters.page_size} onChange={(e) => update({ page_size: e.target.value })} className="rounded-lg border border-stone-300 px-2 py-1">
              {ADMIN_PRODUCT_PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <span>
            Halaman {page.page} dari {page.total_pages} · {page.total} produk
          </span>
          <div className="flex gap-2">
            <button type="button" className={buttonStyles.small} disabled={page.page <= 1} onClick={() => update({ page: String(page.page - 1) }, false)}>
              Sebelumnya
            </button>
            <button type="button" className={buttonStyles.small} disabled={page.page >= page.total_pages} onClick={() => update({ page: String(page.page + 1) }, false)}>
              Berikutnya
            </button>
          </div>
        </nav>
      )}

      {editing !== undefined && (
        <ProductFormModal
          key={editing?.id ?? 'new'}
          product={editing}
          aiDescriptionTool={(apply, fields) => <AiDescriptionButton productId={editing?.id ?? null} apply={apply} fields={fields} />}
          onClose={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            setNotice(message);
          }}
        />
      )}
    </div>
  );
}
