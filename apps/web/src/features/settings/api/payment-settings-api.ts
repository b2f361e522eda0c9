/** The store's payment settings (decision 013): GET and PUT /settings/payments, admin only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings } from '@pasar/core/settings';
import { api, apiRequest } from '../../../lib/api-client';

const key = ['admin', 'settings', 'payments'] as const;

export const usePaymentSettings = () => useQuery({ queryKey: key, queryFn: ({ signal }) => api<PaymentSettings>('/settings/payments', { signal }) });

export function useSavePaymentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettings) => apiRequest<PaymentSettings>('/settings/payments', { method: 'PUT', body }),
    onSuccess: ({ data }) => client.setQueryData(key, data),
    // The storefront's store facts carry the bank accounts too (GET /settings/store).
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['settings', 'store'] })]),
  });
}
