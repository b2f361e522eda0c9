import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@pasar/core/accounts';
import type { AdminUser, UserCreate, UserUpdate } from '@pasar/core/users';
import { api, apiRequest } from '../../../lib/api-client';

const key = ['admin', 'users'] as const;

export const useUsers = () => useQuery({ queryKey: key, queryFn: ({ signal }) => api<AdminUser[]>('/users/', { signal }) });
export const useRoles = () => useQuery({ queryKey: ['admin', 'roles'], queryFn: ({ signal }) => api<Role[]>('/roles/', { signal }), staleTime: 10 * 60_000 });

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; body: UserUpdate } | { id?: undefined; body: UserCreate }) =>
      input.id ? apiRequest<AdminUser>(`/users/${input.id}`, { method: 'PUT', body: input.body }) : apiRequest<AdminUser>('/users/', { method: 'POST', body: input.body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/users/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: ({ id, password }: { id: number; password: string }) => apiRequest<null>(`/users/${id}/password`, { method: 'POST', body: { password } }) });
}
