import { useQuery } from '@tanstack/react-query';
import type { PartnerProfile } from '@pasar/core/partners';
import { api } from '../../../lib/api-client';

/** Every query of the partner's corner starts with this key, so signing out forgets them all. */
export const mitraKey = ['mitra'] as const;

export const usePartnerProfile = () =>
  useQuery({ queryKey: [...mitraKey, 'me'], queryFn: ({ signal }) => api<PartnerProfile>('/mitra/me', { signal }), staleTime: 60_000 });
