import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@pasar/core/dashboard';
import { api } from '../../../lib/api-client';

/** Live figures: fetched afresh whenever the dashboard opens or the window regains focus, and every minute. */
export const useDashboardSummary = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api<DashboardSummary>('/dashboard/summary', { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
