/**
 * The filters of a back-office list kept in the address beside its order (useListSort), so a
 * reload, the back button and a shared link open the same view. The search box writes `q` a
 * moment after the last key.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageSizeChoice } from './pagination';

/** A change to the filters: a value, or null (or '') to drop it. */
export type FilterPatch<K extends string> = Partial<Record<K, string | null>>;

export function useUrlFilters<K extends string>() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);

  /** A changed filter goes back to page 1 unless `resetPage` is false or the patch names a page. */
  const update = (patch: FilterPatch<K | 'q'>, resetPage = true) => {
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
    if (search === q) return;
    const timer = window.setTimeout(() => update({ q: search } as FilterPatch<K | 'q'>), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  return { params, update, search, setSearch };
}

/** The page and size the address asks for: page 1, and the default size unless the list offers the one named. */
export function readPaging(params: URLSearchParams, sizes: readonly number[], defaultSize: number): { page: number; page_size: number } {
  const size = Number(params.get('page_size'));
  return { page: Math.max(1, Number(params.get('page')) || 1), page_size: sizes.includes(size) ? size : defaultSize };
}

/** What Pagination needs beside its label. */
interface UrlPager {
  page: number;
  pageCount: number;
  total: string;
  onPage: (page: number) => void;
  pageSize: PageSizeChoice;
}

/**
 * The pager of a counted list paged in the address (useUrlFilters), to spread into Pagination;
 * null until the first page has come. A page turn keeps the filters, a new size starts again at
 * page 1, and the total names its `unit` ("13 produk"). Past the last page (its last row was just
 * deleted, or an old link) it goes to the last page that exists rather than show "Halaman 3 dari 2"
 * over an empty list; only an answer for the page asked for counts, not the previous page kept on
 * screen meanwhile.
 */
export function useUrlPaging(
  query: { data?: { page: number; total_pages: number; total: number } | undefined; isPlaceholderData: boolean },
  update: (patch: FilterPatch<'page' | 'page_size'>, resetPage?: boolean) => void,
  size: { value: number; options: readonly number[] },
  unit: string,
): UrlPager | null {
  const page = query.data;
  const lastPage = page && !query.isPlaceholderData && page.page > page.total_pages ? page.total_pages : null;
  useEffect(() => {
    if (lastPage !== null) update({ page: lastPage > 1 ? String(lastPage) : null }, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastPage]);
  if (!page) return null;
  return {
    page: page.page,
    pageCount: page.total_pages,
    total: `${page.total} ${unit}`,
    onPage: (n) => update({ page: String(n) }, false),
    pageSize: { ...size, onChange: (n) => update({ page_size: String(n) }) },
  };
}
