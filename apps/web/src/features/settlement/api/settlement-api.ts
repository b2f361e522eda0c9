import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PartnerProgram } from '@pasar/core/partners';
import type { PartnerSales, Payout, PayoutBody, PayoutList, PayoutSummary, StatementFormat } from '@pasar/core/settlement';
import { api, apiFile, apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/mutations';

const adminKey = ['admin', 'payouts'] as const;
// Under the corner's 'mitra' prefix, so signing out of the corner forgets these too.
const partnerKey = ['mitra', 'sales'] as const;

export const usePayoutSummary = (from: string, to: string) =>
  useQuery({
    queryKey: [...adminKey, 'summary', from, to],
    queryFn: ({ signal }) => api<PayoutSummary>(`/payouts/summary?${new URLSearchParams({ from, to }).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePayouts = (businessId: number | null) =>
  useQuery({
    queryKey: [...adminKey, 'list', businessId],
    queryFn: ({ signal }) => api<PayoutList>(`/payouts${businessId ? `?business_id=${businessId}` : ''}`, { signal }),
  });

export function useRecordPayout() {
  return useInvalidatingMutation(
    (body: PayoutBody) => apiRequest<Payout>('/payouts', { method: 'POST', body }),
    [adminKey],
  );
}

export function useSavePartnerCommission() {
  return useInvalidatingMutation(
    ({ businessId, percent }: { businessId: number; percent: number | null }) =>
      apiRequest<{ business_id: number; commission_percent: number | null }>(`/payouts/partners/${businessId}/commission`, { method: 'PUT', body: { commission_percent: percent } }),
    [adminKey],
  );
}

const programKey = ['admin', 'settings', 'partner-program'] as const;

export const usePartnerProgram = () => useQuery({ queryKey: programKey, queryFn: ({ signal }) => api<PartnerProgram>('/settings/partner-program', { signal }) });

/** The setting is one object (commission and curation together): the whole of it goes back, changed. */
export function useSavePartnerProgram() {
  return useInvalidatingMutation(
    (program: PartnerProgram) => apiRequest<PartnerProgram>('/settings/partner-program', { method: 'PUT', body: program }),
    [programKey, adminKey],
  );
}

export const usePartnerSales = (from: string, to: string) =>
  useQuery({
    queryKey: [...partnerKey, from, to],
    queryFn: ({ signal }) => api<PartnerSales>(`/mitra/sales?${new URLSearchParams({ from, to }).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePartnerPayouts = () => useQuery({ queryKey: [...partnerKey, 'payouts'], queryFn: ({ signal }) => api<PayoutList>('/mitra/payouts', { signal }) });

/** A statement comes with the bearer token, so it is fetched and handed to the browser as a file. */
async function download(path: string, fallback: string): Promise<void> {
  const file = await apiFile(path);
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename ?? fallback;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadStatement = (businessId: number, from: string, to: string, format: Exclude<StatementFormat, 'json'>) =>
  download(`/payouts/statement?${new URLSearchParams({ business_id: String(businessId), from, to, format }).toString()}`, `laporan-mitra.${format}`);

export const downloadOwnStatement = (from: string, to: string, format: Exclude<StatementFormat, 'json'>) =>
  download(`/mitra/statement?${new URLSearchParams({ from, to, format }).toString()}`, `laporan-penjualan.${format}`);
