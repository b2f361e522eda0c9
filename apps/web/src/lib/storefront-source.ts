/**
 * The browser's StorefrontSource (docs/decisions/026-server-rendered-storefront.md): the public
 * catalogue and store facts over HTTP. On the server the API hands the renderer its own source,
 * which calls the services directly; both answer the same shapes.
 */
import type { Category, Product, ProductPage, ProductPageQuery, StorefrontSource } from '@pasar/core/catalog';
import type { PublicStoreSettings } from '@pasar/core/settings';
import { api, ApiError } from './api-client';

function productPageSearch(query: ProductPageQuery): string {
  const params = new URLSearchParams({ page: String(query.page), page_size: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  if (query.categoryId) params.set('category_id', String(query.categoryId));
  if (query.halal) params.set('halal', 'true');
  return params.toString();
}

/** A source the browser's queries can call: its requests may be cancelled. */
export type BrowserSource = StorefrontSource<AbortSignal>;

/** One active product, or null when none has this id (the page's "not found", the same answer the server renders). */
async function readProduct(id: number, signal: AbortSignal | undefined, headers?: Record<string, string>): Promise<Product | null> {
  try {
    return await api<Product>(`/catalog/products/${id}`, { signal, ...(headers ? { headers } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The product as the server has it now: the catalogue's answers may be reused by the browser for a
 * few seconds (Cache-Control max-age), which the cart's refresh must not see (issue 31); asked to
 * revalidate, the browser usually gets a 304 for an unchanged product.
 */
export function currentProduct(id: number, signal?: AbortSignal): Promise<Product | null> {
  return readProduct(id, signal, { 'Cache-Control': 'max-age=0' });
}

export const httpSource: BrowserSource = {
  categories: (signal) => api<Category[]>('/catalog/categories/', { signal }),
  productPage: (query, signal) => api<ProductPage>(`/catalog/products/?${productPageSearch(query)}`, { signal }),
  product: (id, signal) => readProduct(id, signal),
  shelf: (categoryId, limit, signal) => api<Product[]>(`/catalog/products/by-category?category_id=${categoryId}&limit=${limit}&order=random`, { signal }),
  storeSettings: (signal) => api<PublicStoreSettings>('/settings/store', { signal }),
};
