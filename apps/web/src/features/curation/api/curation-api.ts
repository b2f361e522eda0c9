/** Curation in the back office (issue 29 §3): the queue, the decisions, and what the partner_program setting curates. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurationQueueItem } from '@pasar/core/curation';
import type { PartnerProgram } from '@pasar/core/partners';
import { api, apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/mutations';

const queueKey = ['admin', 'curation'] as const;
const programKey = ['admin', 'settings', 'partner-program'] as const;

export const useCurationQueue = () => useQuery({ queryKey: queueKey, queryFn: ({ signal }) => api<CurationQueueItem[]>('/curation', { signal }) });

export function useDecideChange() {
  return useInvalidatingMutation(
    ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      apiRequest<{ id: number }>(`/curation/${id}/${decision}`, { method: 'POST', ...(decision === 'reject' ? { body: { reason } } : {}) }),
    // A decision changes the products screen's badges and, once approved, the storefront.
    [queueKey, ['admin', 'products'], ['catalog']],
  );
}

export const usePartnerProgram = () => useQuery({ queryKey: programKey, queryFn: ({ signal }) => api<PartnerProgram>('/settings/partner-program', { signal }) });

/**
 * The setting is one object (commission, curation, sending deadline): the switches read it fresh,
 * change their field and put the whole object back, so the commission set elsewhere is kept.
 */
export function useSaveCurationSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: Partial<Pick<PartnerProgram, 'curate_new_products' | 'curate_changes'>>) => {
      const current = await api<PartnerProgram>('/settings/partner-program');
      return apiRequest<PartnerProgram>('/settings/partner-program', { method: 'PUT', body: { ...current, ...patch } });
    },
    onSuccess: (result) => client.setQueryData(programKey, result.data),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'settings'] }),
  });
}
