import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCategory, CategoryInput, CategoryListQuery } from '@pasar/core/categories';
import { api } from '../../../lib/api-client';
import { useDeleteRowMutation, useSaveRowMutation } from '../../../lib/mutations';
import { listParams } from '../../../components/admin/sorting';

const key = ['admin', 'categories'] as const;

/** Searched and sorted by the server (core's categoryListQuerySchema); the rows stay on screen while another answer loads. */
export const useAdminCategories = (query: CategoryListQuery) =>
  useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => api<AdminCategory[]>(`/categories/?${listParams(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

// Every save reloads the list (spec §4), a stale one too: the admin then sees the other change.
export const useSaveCategory = () => useSaveRowMutation<AdminCategory, CategoryInput>('/categories', '/categories/', [key, ['catalog']]);

export const useDeleteCategory = () => useDeleteRowMutation('/categories', [key, ['catalog']]);
