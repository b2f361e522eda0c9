import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductPage } from '@pasar/core/catalog';
import type { AdminOrder } from '@pasar/core/orders';
import { posPriceChangedSchema, type PosPriceChanged, type PosSaleInput, type PosSettings, type PosSettingsView } from '@pasar/core/pos';
import { api, ApiError, apiRequest } from '../../../lib/api-client';

/** Active products with live stock (the admin list is not cached like the public catalogue). */
export const usePosProducts = (q: string, categoryId: number | null, page: number) => {
  const params = new URLSearchParams({ active: 'active', page_size: '48', page: String(page) });
  if (q) params.set('q', q);
  if (categoryId) params.set('category_id', String(categoryId));
  return useQuery({
    queryKey: ['pos', 'products', params.toString()],
    queryFn: ({ signal }) => api<ProductPage>(`/products/?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const usePosSettings = () => useQuery({ queryKey: ['pos', 'settings'], queryFn: ({ signal }) => api<PosSettingsView>('/orders/pos/settings', { signal }) });

export function useSavePosSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PosSettings) => apiRequest<PosSettingsView>('/orders/pos/settings', { method: 'PUT', body }),
    onSuccess: ({ data }) => client.setQueryData(['pos', 'settings'], data),
  });
}

export function useRecordSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sale: PosSaleInput) => apiRequest<AdminOrder>('/orders/pos', { method: 'POST', body: sale }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['pos', 'products'] });
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** The server's 409 PRICE_CHANGED answer (current prices and total), or null for any other failure. */
export function priceChangedOf(error: unknown): PosPriceChanged | null {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return null;
  const parsed = posPriceChangedSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
