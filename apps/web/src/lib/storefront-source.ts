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

export const httpSource: BrowserSource = {
  categories: (signal) => api<Category[]>('/catalog/categories/', { signal }),
  productPage: (query, signal) => api<ProductPage>(`/catalog/products/?${productPageSearch(query)}`, { signal }),
  async product(id, signal) {
    try {
      return await api<Product>(`/catalog/products/${id}`, { signal });
    } catch (error) {
      // No such active product: the page's "not found" state, the same answer the server renders.
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  shelf: (categoryId, limit, signal) => api<Product[]>(`/catalog/products/by-category?category_id=${categoryId}&limit=${limit}&order=random`, { signal }),
  storeSettings: (signal) => api<PublicStoreSettings>('/settings/store', { signal }),
};
