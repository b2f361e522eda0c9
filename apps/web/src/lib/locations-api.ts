/**
 * The address pickers' lists (provinces, cities, districts, in the numbering the locations API
 * serves), shared by checkout, the business and courier forms and the partner application: one
 * cache key per list, so a list loaded on one screen is not asked for again on another. They
 * change only when the shop's data does, hence `staleTime: Infinity`.
 */
import { useQuery } from '@tanstack/react-query';
import type { Area } from '@pasar/core/locations';
import { api } from './api-client';

export const useProvinces = () => useQuery({ queryKey: ['locations', 'provinces'], queryFn: ({ signal }) => api<Area[]>('/locations/rajaongkir/provinces', { signal }), staleTime: Infinity });

/** The areas inside one parent (a province's cities, a city's districts); asked for once the parent is chosen. */
const useAreasIn = (level: 'cities' | 'districts', parentId: number | null | undefined, path: string) =>
  useQuery({
    queryKey: ['locations', level, parentId],
    queryFn: ({ signal }) => api<Area[]>(path, { signal }),
    enabled: typeof parentId === 'number',
    staleTime: Infinity,
  });

export const useCities = (provinceId: number | null | undefined) => useAreasIn('cities', provinceId, `/locations/rajaongkir/provinces/${provinceId}/cities`);

export const useDistricts = (cityId: number | null | undefined) => useAreasIn('districts', cityId, `/locations/rajaongkir/cities/${cityId}/districts`);
