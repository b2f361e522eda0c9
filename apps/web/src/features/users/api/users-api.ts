import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '@pasar/core/accounts';
import type { SortDirection } from '@pasar/core/common';
import type { AdminUser, UserCreate, UserPage, UserSort, UserUpdate } from '@pasar/core/users';
import { api, apiRequest } from '../../../lib/api-client';
import { useDeleteRowMutation, useInvalidatingMutation } from '../../../lib/mutations';

const key = ['admin', 'users'] as const;

export interface UserFilters {
  q: string;
  role_id: string;
  page: number;
  page_size: number;
  sort: UserSort;
  dir: SortDirection;
}

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useUsers(filters: UserFilters) {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(filters.page_size), sort: filters.sort, dir: filters.dir });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.role_id) params.set('role_id', filters.role_id);
  return useQuery({
    queryKey: [...key, params.toString()],
    queryFn: ({ signal }) => api<UserPage>(`/users/?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
export const useRoles = () => useQuery({ queryKey: ['admin', 'roles'], queryFn: ({ signal }) => api<Role[]>('/roles/', { signal }), staleTime: 10 * 60_000 });

export function useSaveUser() {
  return useInvalidatingMutation(
    (input: { id: number; body: UserUpdate } | { id?: undefined; body: UserCreate }) =>
      input.id ? apiRequest<AdminUser>(`/users/${input.id}`, { method: 'PUT', body: input.body }) : apiRequest<AdminUser>('/users/', { method: 'POST', body: input.body }),
    [key],
  );
}

export const useDeleteUser = () => useDeleteRowMutation('/users', [key]);

export function useResetPassword() {
  return useMutation({ mutationFn: ({ id, password }: { id: number; password: string }) => apiRequest<null>(`/users/${id}/password`, { method: 'POST', body: { password } }) });
}
