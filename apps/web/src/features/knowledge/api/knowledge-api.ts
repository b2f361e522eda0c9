import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeEntry } from '@pasar/core/knowledge';
import { api, apiRequest } from '../../../lib/api-client';

const key = ['admin', 'knowledge'] as const;

export const useKnowledge = () => useQuery({ queryKey: key, queryFn: ({ signal }) => api<KnowledgeEntry[]>('/knowledge/', { signal }) });
export const useProductOptions = () =>
  useQuery({ queryKey: ['admin', 'product-options'], queryFn: ({ signal }) => api<{ id: number; name: string; is_active: boolean }[]>('/products/options', { signal }) });

export interface KnowledgeBody {
  title: string;
  file: string;
  description: string;
  product_id: number;
}

export function useSaveKnowledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: number; body: KnowledgeBody; version?: number }) =>
      id ? apiRequest<KnowledgeEntry>(`/knowledge/${id}`, { method: 'PUT', body: { ...body, version } }) : apiRequest<KnowledgeEntry>('/knowledge/', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteKnowledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/knowledge/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
