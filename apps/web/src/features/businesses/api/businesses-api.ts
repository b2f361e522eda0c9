import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminBusiness, BusinessInput, BusinessListQuery } from '@pasar/core/businesses';
import { api } from '../../../lib/api-client';
import { useDeleteRowMutation, useSaveRowMutation } from '../../../lib/mutations';
import { useStoreSettings } from '../../../lib/store-settings';

const key = ['admin', 'businesses'] as const;

/** The server sorts (core's businessListQuerySchema); the cards stay on screen while another order loads. */
export const useBusinesses = (order: BusinessListQuery) =>
  useQuery({
    queryKey: [...key, order],
    queryFn: ({ signal }) => api<AdminBusiness[]>(`/businesses/?${new URLSearchParams(order).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The store's province comes from its settings, in the numbering the locations API serves. */
export const useStoreProvince = () => useStoreSettings((s) => s.store_location?.province_id ?? null);

export const useSaveBusiness = () => useSaveRowMutation<AdminBusiness, BusinessInput>('/businesses', '/businesses/', [key]);

// Its products stay, without a partner: their cards change too.
export const useDeleteBusiness = () => useDeleteRowMutation<{ unlinked_products: number }>('/businesses', [key, ['admin', 'products'], ['catalog']]);
