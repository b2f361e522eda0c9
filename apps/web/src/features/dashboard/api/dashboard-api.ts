import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@pasar/core/dashboard';
import { api } from '../../../lib/api-client';

export const useDashboardSummary = (enabled: boolean) =>
  useQuery({ queryKey: ['admin', 'dashboard'], queryFn: ({ signal }) => api<DashboardSummary>('/dashboard/summary', { signal }), enabled, refetchInterval: 60_000, refetchOnWindowFocus: true });
