import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KnowledgeEntry, KnowledgeListQuery } from '@pasar/core/knowledge';
import { listParams } from '../../../components/admin/sorting';
import { api, apiRequest } from '../../../lib/api-client';
import { useDeleteRowMutation, useInvalidatingMutation } from '../../../lib/mutations';

const key = ['admin', 'knowledge'] as const;

/** Searched and sorted by the server (core's knowledgeListQuerySchema); the rows stay on screen while another answer loads. */
export const useKnowledge = (query: KnowledgeListQuery) =>
  useQuery({ queryKey: [...key, query], queryFn: ({ signal }) => api<KnowledgeEntry[]>(`/knowledge/?${listParams(query)}`, { signal }), placeholderData: keepPreviousData });
export const useProductOptions = () =>
  useQuery({ queryKey: ['admin', 'product-options'], queryFn: ({ signal }) => api<{ id: number; name: string; is_active: boolean }[]>('/products/options', { signal }) });

export interface KnowledgeBody {
  title: string;
  file: string;
  description: string;
  product_id: number;
}

/** JSON as the spec sends it; multipart/form-data (same fields as text) when a file is uploaded. */
function bodyOf(body: KnowledgeBody, version: number | undefined, upload: File | null): Record<string, unknown> | FormData {
  if (!upload) return version === undefined ? { ...body } : { ...body, version };
  const form = new FormData();
  form.append('title', body.title);
  form.append('description', body.description);
  form.append('product_id', String(body.product_id));
  if (version !== undefined) form.append('version', String(version));
  form.append('file', upload);
  return form;
}

export function useSaveKnowledge() {
  return useInvalidatingMutation(
    ({ id, body, version, upload = null }: { id?: number; body: KnowledgeBody; version?: number; upload?: File | null }) =>
      id
        ? apiRequest<KnowledgeEntry>(`/knowledge/${id}`, { method: 'PUT', body: bodyOf(body, version, upload) })
        : apiRequest<KnowledgeEntry>('/knowledge/', { method: 'POST', body: bodyOf(body, undefined, upload) }),
    [key],
  );
}

export const useDeleteKnowledge = () => useDeleteRowMutation('/knowledge', [key]);
