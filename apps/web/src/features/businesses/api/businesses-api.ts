import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBusiness, BusinessInput, BusinessListQuery } from '@pasar/core/businesses';
import type { Area } from '@pasar/core/locations';
import { api, apiRequest } from '../../../lib/api-client';
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

export const useProvinceCities = (provinceId: number | null | undefined) =>
  useQuery({
    queryKey: ['locations', 'cities', provinceId],
    queryFn: ({ signal }) => api<Area[]>(`/locations/rajaongkir/provinces/${provinceId}/cities`, { signal }),
    enabled: typeof provinceId === 'number',
    staleTime: Infinity,
  });

export const useCityDistricts = (cityId: number | null) =>
  useQuery({
    queryKey: ['locations', 'districts', cityId],
    queryFn: ({ signal }) => api<Area[]>(`/locations/rajaongkir/cities/${cityId}/districts`, { signal }),
    enabled: cityId !== null,
    staleTime: Infinity,
  });

export function useSaveBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: number; body: BusinessInput; version?: number }) =>
      id ? apiRequest<AdminBusiness>(`/businesses/${id}`, { method: 'PUT', body: { ...body, version } }) : apiRequest<AdminBusiness>('/businesses/', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ unlinked_products: number }>(`/businesses/${id}`, { method: 'DELETE' }),
    // Its products stay, without a partner: their cards change too.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['admin', 'products'] }), client.invalidateQueries({ queryKey: ['catalog'] })]),
  });
}
