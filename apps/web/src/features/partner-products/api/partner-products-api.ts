/** The partner's own products (issue 29, /mitra/produk): GET/POST/PUT /mitra/products. */
import { useQuery } from '@tanstack/react-query';
import type { Category } from '@pasar/core/catalog';
import type { PartnerProduct } from '@pasar/core/curation';
import { api, apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/mutations';

/**
 * Under the corner's 'mitra' key prefix (mitra-shell's mitraKey; features do not import each
 * other), so signing out of the corner forgets them.
 */
const key = ['mitra', 'products'] as const;

export const usePartnerProducts = () => useQuery({ queryKey: key, queryFn: ({ signal }) => api<PartnerProduct[]>('/mitra/products', { signal }) });

/** The shop's active categories: what a partner may file its product under. */
export const usePartnerCategories = () =>
  useQuery({ queryKey: ['mitra', 'categories'], queryFn: ({ signal }) => api<Category[]>('/catalog/categories/', { signal }), staleTime: 5 * 60_000 });

/** JSON when no file is chosen, multipart otherwise, as the admin's form sends it. */
export function useSavePartnerProduct() {
  return useInvalidatingMutation(
    ({ id, body }: { id?: number; body: Record<string, unknown> | FormData }) =>
      apiRequest<PartnerProduct>(id ? `/mitra/products/${id}` : '/mitra/products', { method: id ? 'PUT' : 'POST', body }),
    [key, ['catalog']],
  );
}
