import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Courier, CourierInput, CourierListQuery, CourierPrice, CourierPriceInput } from '@pasar/core/couriers';
import { listParams } from '../../../components/admin/sorting';
import { api, apiRequest } from '../../../lib/api-client';
import { useDeleteRowMutation, useInvalidatingMutation, useSaveRowMutation } from '../../../lib/mutations';
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

export const useSaveCourier = () => useSaveRowMutation<Courier, CourierInput>('/couriers', '/couriers', [key]);

export const useDeleteCourier = () => useDeleteRowMutation('/couriers', [key]);

export function useSavePrice() {
  return useInvalidatingMutation(
    ({ id, courierId, body, version }: { id?: number; courierId: number; body: CourierPriceInput; version?: number }) =>
      id
        ? apiRequest<CourierPrice>(`/couriers/prices/${id}`, { method: 'PUT', body: { ...body, version } })
        : apiRequest<CourierPrice>('/couriers/prices', { method: 'POST', body: { ...body, courier_id: courierId } }),
    [key],
  );
}

export const useDeletePrice = () => useDeleteRowMutation('/couriers/prices', [key]);
