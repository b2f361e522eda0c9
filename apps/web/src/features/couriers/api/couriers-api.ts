import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Courier, CourierInput, CourierListQuery, CourierPrice, CourierPriceInput } from '@pasar/core/couriers';
import type { Area } from '@pasar/core/locations';
import { listParams } from '../../../components/admin/sorting';
import { api, apiRequest } from '../../../lib/api-client';
import { useStoreSettings } from '../../../lib/store-settings';

const key = ['admin', 'couriers'] as const;


/** Every courier, or (the list page) searched and sorted by the server (core's courierListQuerySchema). */
export const useCouriers = (query?: CourierListQuery) =>
  useQuery({
    queryKey: [...key, query ?? 'all'],
    queryFn: ({ signal }) => api<Courier[]>(query ? `/couriers?${listParams(query)}` : '/couriers', { signal }),
    placeholderData: keepPreviousData,
  });

export const useStoreLocation = () => useStoreSettings((s) => s.store_location);

export const useAreas = (path: string | null) =>
  useQuery({ queryKey: ['locations', path], queryFn: ({ signal }) => api<Area[]>(path!, { signal }), enabled: path !== null, staleTime: Infinity });

export function useSaveCourier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: number; body: CourierInput; version?: number }) =>
      id ? apiRequest<Courier>(`/couriers/${id}`, { method: 'PUT', body: { ...body, version } }) : apiRequest<Courier>('/couriers', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteCourier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/couriers/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useSavePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, courierId, body, version }: { id?: number; courierId: number; body: CourierPriceInput; version?: number }) =>
      id
        ? apiRequest<CourierPrice>(`/couriers/prices/${id}`, { method: 'PUT', body: { ...body, version } })
        : apiRequest<CourierPrice>('/couriers/prices', { method: 'POST', body: { ...body, courier_id: courierId } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeletePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/couriers/prices/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
