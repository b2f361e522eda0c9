import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxList, OutboxSort } from '@pasar/core/mail';
import type { SortDirection } from '@pasar/core/common';
import { listParams } from '../../../components/admin/sorting';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/mutations';

// Under 'admin' so that logging out drops it with the other back-office data.
const key = ['admin', 'outbox'] as const;

export const useOutbox = (paging: { page: number; page_size: number; q: string; sort: OutboxSort; dir: SortDirection }) =>
  useQuery({
    queryKey: [...key, paging],
    queryFn: ({ signal }) => api<OutboxList>(`/outbox?page=${paging.page}&page_size=${paging.page_size}&${listParams(paging)}`, { signal }),
    placeholderData: keepPreviousData,
    // The outbox job sends in the background; a waiting message turns into "Terkirim" on its own.
    refetchInterval: 30_000,
  });

/** "Kirim ulang": a failed message goes back to the queue; the list then shows it waiting. */
export function useResendMail() {
  return useInvalidatingMutation(
    (id: number) => api<null>(`/admin/mail/${id}/resend`, { method: 'POST', body: {} }),
    [key],
  );
}
