/** Becoming a partner (issue 29 §1): the applicant's calls and the office's "Pendaftaran mitra". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, User } from '@pasar/core/accounts';
import type { Business } from '@pasar/core/businesses';
import type {
  ApplicationStatus,
  MyApplication,
  PartnerApplication,
  PartnerApplicationBusinessInput,
  PartnerApplicationInput,
} from '@pasar/core/partner-applications';
import { api, apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/mutations';
import { sessionStore } from '../../../lib/session';

const mineKey = ['partner-applications', 'mine'] as const;
const adminKey = ['admin', 'partner-applications'] as const;

export const useMyApplications = (enabled: boolean) =>
  useQuery({ queryKey: mineKey, queryFn: ({ signal }) => api<MyApplication[]>('/partner-applications/mine', { signal }), enabled });

/** A visitor's application makes its account and signs it in, as registration does. */
export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerApplicationInput) => apiRequest<AuthResult & { application: MyApplication }>('/partner-applications', { method: 'POST', body }),
    onSuccess: ({ data }) => {
      sessionStore.signIn(data.user, data.token);
      client.setQueryData(mineKey, [data.application]);
    },
  });
}

/** A signed-in customer applies with its own account. */
export function useApplyAsAccount() {
  return useInvalidatingMutation(
    (body: PartnerApplicationBusinessInput) => apiRequest<MyApplication>('/partner-applications/mine', { method: 'POST', body }),
    [mineKey],
  );
}

/** The stored user learns of an approval (its role is now mitra), so the header shows "Toko saya". */
export async function refreshSessionUser(): Promise<void> {
  sessionStore.updateUser(await api<User>('/profile'));
}

export const useApplications = (status: ApplicationStatus) =>
  useQuery({ queryKey: [...adminKey, status], queryFn: ({ signal }) => api<PartnerApplication[]>(`/partner-applications?status=${status}`, { signal }) });

/** Every business, for linking an approval to one the office already knows. */
export const useAllBusinesses = (enabled: boolean) =>
  useQuery({ queryKey: ['admin', 'businesses', { sort: 'name', dir: 'asc' }], queryFn: ({ signal }) => api<Business[]>('/businesses/?sort=name&dir=asc', { signal }), enabled });

export function useDecideApplication() {
  return useInvalidatingMutation(
    (input: { id: number; version: number } & ({ decision: 'approve'; business_id: number | null } | { decision: 'reject'; reason: string })) =>
      apiRequest<PartnerApplication>(`/partner-applications/${input.id}/${input.decision}`, {
        method: 'POST',
        body: input.decision === 'approve' ? { version: input.version, business_id: input.business_id } : { version: input.version, reason: input.reason },
      }),
    // An approval may add a business and a partner account.
    [adminKey, ['admin', 'businesses'], ['admin', 'users']],
  );
}
