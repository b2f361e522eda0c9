/**
 * Public catalogue queries, shared by every storefront screen and by the route loaders
 * (docs/decisions/026-server-rendered-storefront.md): one options factory per query, so the
 * server fills the cache under the very keys the screens read, and the browser, handed that
 * cache, asks nothing again on load.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZES, DEFAULT_CATALOG_PAGE_SIZE, type ProductPageQuery } from '@pasar/core/catalog';
import { currentProduct, httpSource, type BrowserSource } from './storefront-source';

export type ProductQuery = ProductPageQuery;

/** Products on each shelf of the landing page (docs/requirements/storefront.md §2: up to 4). */
export const SHELF_SIZE = 4;

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * The catalogue page asked for by the address (/catalog?q=&category_id=&halal=&page=&page_size=): the
 * screen and its loader read it with this one function, so both ask for the same page.
 */
export function productQueryFromSearch(params: URLSearchParams): ProductQuery {
  const pageSize = Number(params.get('page_size'));
  const categoryId = positive(params.get('category_id') ?? params.get('category'), 0);
  return {
    q: params.get('q') ?? '',
    categoryId: categoryId || undefined,
    // Issue 29: the catalogue's Halal filter; anything but "true" is no filter.
    halal: params.get('halal') === 'true' || undefined,
    page: positive(params.get('page'), 1),
    pageSize: (CATALOG_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_CATALOG_PAGE_SIZE,
  };
}

/**
 * The address of the last page when the address asks for a page past it (an old link,
 * /catalog?page=99 showed 'Halaman 5 dari 5' over nothing: issue 16), its other parameters kept;
 * undefined when the page exists (or the catalogue has no page at all). The server redirects there,
 * the screen replaces its address with it (a page the browser drew).
 */
export function clampedPageSearch(params: URLSearchParams, totalPages: number): URLSearchParams | undefined {
  if (totalPages < 1 || productQueryFromSearch(params).page <= totalPages) return undefined;
  const next = new URLSearchParams(params);
  if (totalPages > 1) next.set('page', String(totalPages));
  else next.delete('page');
  return next;
}

/** The id of /product/{id}, or undefined when it is not one (ids are int4: at most 9 digits here). */
export function productIdParam(value: string | undefined): number | undefined {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

export const catalogQueries = {
  categories: (source: BrowserSource = httpSource) =>
    queryOptions({ queryKey: ['catalog', 'categories'], queryFn: ({ signal }) => source.categories(signal), staleTime: 60_000 }),
  productPage: (query: ProductQuery, source: BrowserSource = httpSource) => {
    // An empty search and no category are one key, however the caller spelled them.
    const key: ProductQuery = { q: query.q || undefined, categoryId: query.categoryId || undefined, halal: query.halal || undefined, page: query.page, pageSize: query.pageSize };
    return queryOptions({ queryKey: ['catalog', 'products', key], queryFn: ({ signal }) => source.productPage(key, signal) });
  },
  /** null: no active product has this id. */
  product: (id: number, source: BrowserSource = httpSource) =>
    queryOptions({ queryKey: ['catalog', 'product', id], queryFn: ({ signal }) => source.product(id, signal) }),
  /** The same product, read past the browser's short HTTP cache (the cart's refresh, issue 31); one cache entry with `product`. */
  currentProduct: (id: number) => queryOptions({ queryKey: ['catalog', 'product', id], queryFn: ({ signal }) => currentProduct(id, signal) }),
  shelf: (categoryId: number, limit: number, source: BrowserSource = httpSource) =>
    queryOptions({ queryKey: ['catalog', 'shelf', categoryId, limit], queryFn: ({ signal }) => source.shelf(categoryId, limit, signal), staleTime: 5 * 60_000 }),
};

export function useCategories() {
  return useQuery(catalogQueries.categories());
}

export function useProductPage(query: ProductQuery) {
  return useQuery({ ...catalogQueries.productPage(query), placeholderData: (previous) => previous });
}

export function useProduct(id: number | undefined) {
  return useQuery({ ...catalogQueries.product(id ?? 0), enabled: id !== undefined });
}

export function useCategoryShelf(categoryId: number, limit = SHELF_SIZE) {
  return useQuery(catalogQueries.shelf(categoryId, limit));
}
