/** The partner's own business (issue 29, /mitra/usaha): GET /mitra/me, PUT /mitra/certificates. */
import { useQuery } from '@tanstack/react-query';
import type { CertificateNumbers } from '@pasar/core/businesses';
import type { Certificate, PartnerProfile } from '@pasar/core/partners';
import { api, apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/mutations';

/**
 * The key mitra-shell's usePartnerProfile reads (features do not import each other): one cache
 * entry for the profile, so a save here refreshes the corner's header too; under the corner's
 * 'mitra' prefix, so signing out forgets it.
 */
const profileKey = ['mitra', 'me'] as const;

export const usePartnerBusiness = () =>
  useQuery({ queryKey: profileKey, queryFn: ({ signal }) => api<PartnerProfile>('/mitra/me', { signal }), staleTime: 60_000 });

export function useSaveCertificates() {
  return useInvalidatingMutation(
    (body: CertificateNumbers) => apiRequest<Certificate[]>('/mitra/certificates', { method: 'PUT', body }),
    // A changed number leaves its badge in the shop at once: the catalogue's answers change too.
    [profileKey, ['catalog']],
  );
}
