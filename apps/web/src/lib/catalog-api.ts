/** Public catalogue fetchers and their query hooks, shared by every storefront screen. */
import { useQuery } from '@tanstack/react-query';
import type { Category, Product, ProductPage } from '@pasar/core/catalog';
import { api } from './api-client';

export function useCategories() {
  return useQuery({ queryKey: ['catalog', 'categories'], queryFn: ({ signal }) => api<Category[]>('/catalog/categories/', { signal }), staleTime: 60_000 });
}

export interface ProductQuery {
  q?: string;
  categoryId?: number | undefined;
  page: number;
  pageSize: number;
}

export function useProductPage(query: ProductQuery) {
  const params = new URLSearchParams({ page: String(query.page), page_size: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  if (query.categoryId) params.set('category_id', String(query.categoryId));
  return useQuery({
    queryKey: ['catalog', 'products', query],
    queryFn: ({ signal }) => api<ProductPage>(`/catalog/products/?${params.toString()}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: ['catalog', 'product', id],
    queryFn: ({ signal }) => api<Product>(`/catalog/products/${id}`, { signal }),
    enabled: id !== undefined,
    retry: (count, error) => count < 1 && (error as { status?: number }).status !== 404,
  });
}

export function useCategoryShelf(categoryId: number, limit: number) {
  return useQuery({
    queryKey: ['catalog', 'shelf', categoryId, limit],
    queryFn: ({ signal }) => api<Product[]>(`/catalog/products/by-category?category_id=${categoryId}&limit=${limit}&order=random`, { signal }),
    staleTime: 5 * 60_000,
  });
}
