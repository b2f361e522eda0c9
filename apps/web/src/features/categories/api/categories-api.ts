import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CategoryInput, CategoryListQuery } from '@pasar/core/categories';
import { api, apiRequest } from '../../../lib/api-client';
import { listParams } from '../../../components/admin/sorting';

const key = ['admin', 'categories'] as const;

/** Searched and sorted by the server (core's categoryListQuerySchema); the rows stay on screen while another answer loads. */
export const useAdminCategories = (query: CategoryListQuery) =>
  useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => api<AdminCategory[]>(`/categories/?${listParams(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id?: number; input: CategoryInput; version?: number }) =>
      id ? apiRequest<AdminCategory>(`/categories/${id}`, { method: 'PUT', body: { ...input, version } }) : apiRequest<AdminCategory>('/categories/', { method: 'POST', body: input }),
    // Every save reloads the list (spec §4), a stale one too: the admin then sees the other change.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['catalog'] })]),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/categories/${id}`, { method: 'DELETE' }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['catalog'] })]),
  });
}
