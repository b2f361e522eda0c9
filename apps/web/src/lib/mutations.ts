/**
 * The one way a write reloads what it touched: every list under `keys` is refetched once the
 * write settles, a failed one too (a refused save usually means another person changed the row,
 * and the reloaded list then shows their change).
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export function useInvalidatingMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, keys: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * A back-office row's save: PUT `${base}/${id}` with the version the form was opened on (the
 * server refuses a stale one with 409), or POST `createPath` for a new row.
 */
export function useSaveRowMutation<TData, TBody extends object>(base: string, createPath: string, keys: readonly QueryKey[]) {
  return useInvalidatingMutation(
    ({ id, body, version }: { id?: number; body: TBody; version?: number }) =>
      id ? apiRequest<TData>(`${base}/${id}`, { method: 'PUT', body: { ...body, version } }) : apiRequest<TData>(createPath, { method: 'POST', body }),
    keys,
  );
}

/** A back-office row's delete: DELETE `${base}/${id}`. */
export function useDeleteRowMutation<TData = null>(base: string, keys: readonly QueryKey[]) {
  return useInvalidatingMutation((id: number) => apiRequest<TData>(`${base}/${id}`, { method: 'DELETE' }), keys);
}
