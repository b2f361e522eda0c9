/** Admin product fetchers and hooks. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '@pasar/core/categories';
import type { Business } from '@pasar/core/businesses';
import type { Product, ProductPage } from '@pasar/core/catalog';
import type { SortDirection } from '@pasar/core/common';
import type { AdminProductCuration } from '@pasar/core/curation';
import type { AdminProductSort, AdminProductStats } from '@pasar/core/products';
import { api, apiRequest } from '../../../lib/api-client';
import { useDeleteRowMutation, useInvalidatingMutation } from '../../../lib/mutations';

/** Each product carries where it stands with the office (issue 29: a partner's product may wait for curation). */
export type AdminProductPage = Omit<ProductPage, 'stats' | 'items'> & { items: (Product & AdminProductCuration)[]; stats: AdminProductStats };

export interface AdminProductFilters {
  q: string;
  category_id: string;
  business_id: string;
  active: 'all' | 'active' | 'inactive';
  low_stock: boolean;
  page: number;
  page_size: number;
  sort: AdminProductSort;
  dir: SortDirection;
}

export function useAdminProducts(filters: AdminProductFilters) {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(filters.page_size), active: filters.active, sort: filters.sort, dir: filters.dir });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category_id) params.set('category_id', filters.category_id);
  if (filters.business_id) params.set('business_id', filters.business_id);
  if (filters.low_stock) params.set('low_stock', 'true');
  return useQuery({
    queryKey: ['admin', 'products', params.toString()],
    queryFn: ({ signal }) => api<AdminProductPage>(`/products/?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useCategoryOptions = () => useQuery({ queryKey: ['admin', 'categories'], queryFn: ({ signal }) => api<AdminCategory[]>('/categories/', { signal }) });
export const useBusinessOptions = () => useQuery({ queryKey: ['admin', 'businesses'], queryFn: ({ signal }) => api<Business[]>('/businesses/', { signal }) });

/** JSON when no file is chosen, multipart otherwise (spec §7: JSON-valued fields sent as strings). */
export function useSaveProduct() {
  return useInvalidatingMutation(
    ({ id, body }: { id?: number; body: Record<string, unknown> | FormData }) =>
      apiRequest<Product>(id ? `/products/${id}` : '/products/', { method: id ? 'PUT' : 'POST', body }),
    [['admin', 'products'], ['catalog']],
  );
}

export const useDeleteProduct = () => useDeleteRowMutation<{ outcome: 'deleted' | 'deactivated' }>('/products', [['admin', 'products'], ['catalog']]);
