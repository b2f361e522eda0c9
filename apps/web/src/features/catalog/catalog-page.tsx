/** Catalogue (docs/requirements/storefront.md §2 Catalogue): search, category chips, stats, paging, grid/list. */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { approximateStatsNote, CATALOG_PAGE_SIZES, catalogTileValue, SEARCH_COUNT_CAP } from '@pasar/core/catalog';
import { ValueOptions } from '../../components/form/named-options';
import { ProductCard } from '../../components/product-card';
import { SkeletonGrid } from '../../components/skeleton';
import { cartBadge, useCart } from '../../lib/cart';
import { clampedPageSearch, productQueryFromSearch, useCategories, useProductPage } from '../../lib/catalog-api';
import { useHydrated } from '../../lib/hydrated';

export default function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const cart = useCart();
  const categories = useCategories();
  // The same reading of the address as the route's loader (lib/catalog-api.ts), so the page the
  // server drew is the page in the cache.
  const { q = '', categoryId, halal, page, pageSize } = productQueryFromSearch(params);
  const layout = params.get('view') === 'list' ? 'list' : 'grid';
  const [search, setSearch] = useState(q);
  const products = useProductPage({ q, categoryId, halal, page, pageSize });
  const [stateNotice] = useState<string | undefined>(() => (location.state as { notice?: string } | null)?.notice);
  // The history entry's state is the browser's alone: shown once the server's page is hydrated.
  const notice = useHydrated() ? stateNotice : undefined;

  // Changes apply to the URL as it is when they land, never to a stale copy. Each is a new history
  // entry (issue 31: they replaced it, and Back left the catalogue instead of returning to page 1).
  const update = (changes: Record<string, string | undefined>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        next.delete('category');
        return next;
      },
    );
  };

  // Search as the shopper types, a moment after they stop typing.
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSearchChange = (value: string) => {
    setSearch(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => update({ q: value.trim() || undefined }), 350);
  };
  useEffect(() => () => clearTimeout(typing.current), []);
  useEffect(() => setSearch(q), [q]);

  const data = products.data;
  const totalPages = data?.total_pages ?? 1;
  // Issue 16: a page past the last (an old link, /catalog?page=99) showed 'Halaman 5 dari 5' over
  // nothing; the server redirects such an address (app/loaders.ts), and a page drawn here replaces
  // it with the last page. A placeholder (the previous query's answer while the next loads) does
  // not count.
  const lastPage = products.isPlaceholderData ? undefined : data?.total_pages;
  useEffect(() => {
    if (lastPage === undefined || lastPage < 1 || page <= lastPage) return;
    setParams((current) => clampedPageSearch(current, lastPage) ?? current, { replace: true });
  }, [lastPage, page, setParams]);

  // Issue 16: 'Selanjutnya' at the foot of a phone's page left the shopper at the foot of the new
  // page; another page starts at the top of the results (below the sticky header: scroll-mt-20).
  const resultsTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    update({ page: String(next) });
    const top = resultsTop.current;
    if (top && top.getBoundingClientRect().top < 80) top.scrollIntoView({ block: 'start' });
  };
  const chip = (active: boolean) =>
    `shrink-0 rounded-full px-4 py-2 text-sm font-semibold ring-1 ${active ? 'bg-green-800 text-white ring-green-800' : 'bg-white text-stone-700 ring-stone-300 hover:bg-green-50'}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      {notice && (
        <div role="alert" className="mb-4 rounded-xl bg-green-100 p-4 font-semibold text-green-900 ring-1 ring-green-300">
          {notice}
        </div>
      )}
      <div className="flex items-center justify-between gap-2">
        <Link to="/" className="text-sm font-semibold text-green-800 hover:underline">
          ← Beranda
        </Link>
        <Link to="/cart" className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-stone-300">
          Keranjang
          <span className="rounded-full bg-amber-400 px-2 text-xs font-bold text-stone-900">{cartBadge(cart.totalItems)}</span>
        </Link>
      </div>
      <h1 className="mt-4 text-3xl font-extrabold">Katalog Produk</h1>

      {/* Without JavaScript the browser sends this form itself: `q`, the address the server renders (issue 31). */}
      <form role="search" action="/catalog" className="mt-4" onSubmit={(e) => { e.preventDefault(); clearTimeout(typing.current); update({ q: search.trim() || undefined }); }}>
        <label htmlFor="catalog-search" className="sr-only">
          Cari produk
        </label>
        <input
          id="catalog-search"
          name="q"
          type="search"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          placeholder="Cari produk, deskripsi atau nama mitra…"
          className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base shadow-sm focus:border-green-700 focus:outline-none focus:ring-2 focus:ring-green-700/30"
        />
      </form>

      <div className="mt-4 flex gap-2 overflow-x-auto pb-2" role="group" aria-label="Kategori">
        <button type="button" className={chip(!categoryId)} aria-pressed={!categoryId} onClick={() => update({ category_id: undefined })}>
          Semua Produk
        </button>
        {categories.data?.map((c) => (
          <button key={c.id} type="button" className={chip(categoryId === c.id)} aria-pressed={categoryId === c.id} onClick={() => update({ category_id: String(c.id) })}>
            {c.name}
          </button>
        ))}
      </div>
      {/* Issue 29: only partners whose Halal certificate the Dinas verified; the address keeps it (halal=true). */}
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Filter">
        <button type="button" className={chip(halal === true)} aria-pressed={halal === true} onClick={() => update({ halal: halal ? undefined : 'true' })}>
          Halal
          <span className="sr-only"> (hanya mitra bersertifikat halal terverifikasi Dinas)</span>
        </button>
      </div>
      {categories.isError && <p className="mt-2 text-sm text-red-700">Kategori tidak dapat dimuat saat ini.</p>}

      <dl className="mt-4 grid grid-cols-3 gap-3">
        {([
          ['Total produk', data?.stats.total_products],
          ['Mitra', data?.stats.partners],
          ['Tersedia', data?.stats.in_stock],
        ] as const).map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-3 text-center ring-1 ring-stone-200">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-xl font-bold text-green-800">{value === undefined ? '–' : catalogTileValue(value, data?.stats.approximate)}</dd>
          </div>
        ))}
      </dl>
      {/* Issue 15: a broad search stops counting at a cap; its tiles are lower bounds and say so. */}
      {data?.stats.approximate && <p className="mt-2 text-xs text-stone-600">{approximateStatsNote(SEARCH_COUNT_CAP)}</p>}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <label htmlFor="page-size" className="text-sm text-stone-700">
            Per halaman
          </label>
          <select id="page-size" value={pageSize} onChange={(e) => update({ page_size: e.target.value })} className="rounded-lg border border-stone-300 bg-white px-2 py-1.5">
            <ValueOptions values={CATALOG_PAGE_SIZES} />
          </select>
        </div>
        <div className="flex items-center gap-2">
          <div role="group" aria-label="Tampilan" className="inline-flex overflow-hidden rounded-lg ring-1 ring-stone-300">
            {(['grid', 'list'] as const).map((v) => (
              <button key={v} type="button" aria-pressed={layout === v} onClick={() => update({ view: v === 'grid' ? undefined : 'list', page: String(page) })} className={`px-3 py-1.5 text-sm font-semibold ${layout === v ? 'bg-green-800 text-white' : 'bg-white text-stone-700'}`}>
                {v === 'grid' ? 'Grid' : 'Daftar'}
              </button>
            ))}
          </div>
          <button type="button" onClick={() => { clearTimeout(typing.current); setSearch(''); setParams(new URLSearchParams()); }} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-green-800 ring-1 ring-green-800 hover:bg-green-50">
            Reset filter
          </button>
        </div>
      </div>

      <h2 className="sr-only">Daftar produk</h2>
      <div ref={resultsTop} className="mt-4 scroll-mt-20" aria-live="polite" aria-busy={products.isFetching}>
        {products.isPending ? (
          <SkeletonGrid count={layout === 'list' ? 6 : Math.min(12, pageSize)} layout={layout} />
        ) : products.isError ? (
          <p className="rounded-xl bg-red-50 p-4 text-red-800" role="alert">
            Gagal memuat produk. Silakan coba lagi.
          </p>
        ) : data && data.items.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200">
            <p className="text-lg font-bold">Produk tidak ditemukan</p>
            <p className="mt-1 text-stone-600">Coba ubah kata kunci pencarian atau pilih kategori lain.</p>
          </div>
        ) : (
          <div className={layout === 'list' ? 'space-y-3' : 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4'}>
            {data?.items.map((p, i) => (
              <ProductCard key={p.id} product={p} layout={layout} eager={i < 2} />
            ))}
          </div>
        )}
      </div>

      {/* On a 360 px phone the three did not fit on one row (the page scrolled sideways): smaller buttons, the text may wrap. */}
      <nav aria-label="Halaman" className="mt-6 flex items-center justify-between gap-2">
        <button type="button" disabled={page <= 1} onClick={() => goToPage(page - 1)} className="shrink-0 rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-stone-300 disabled:opacity-40 sm:px-4 sm:text-base">
          Sebelumnya
        </button>
        <span className="min-w-0 text-center text-sm text-stone-700">
          Halaman {Math.min(page, totalPages)} dari {totalPages}
        </span>
        <button type="button" disabled={page >= totalPages} onClick={() => goToPage(page + 1)} className="shrink-0 rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-stone-300 disabled:opacity-40 sm:px-4 sm:text-base">
          Selanjutnya
        </button>
      </nav>
    </div>
  );
}
