/**
 * Shopper questions the assistant could not answer (issue 7), most asked first, so the admin can
 * turn them into knowledge entries. Questions are kept without e-mail addresses or phone numbers.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';
import { buttonStyles, ErrorBanner } from '../../components/admin/admin-ui';
import { formatDateTime } from '@pasar/core/time';

interface Question {
  id: number;
  question: string;
  times_asked: number;
  first_asked_at: string;
  last_asked_at: string;
  resolved: boolean;
}

const key = ['admin', 'assistant-questions'] as const;

export function UnansweredQuestions({ onUse }: { onUse: (question: string) => void }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => api<Question[]>('/assistant/admin/questions', { signal }) });
  const resolve = useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/assistant/admin/questions/${id}`, { method: 'PUT', body: { resolved: true } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <section aria-labelledby="unanswered-title" className="mt-8">
      <h2 id="unanswered-title" className="text-lg font-bold">
        Pertanyaan yang belum terjawab
      </h2>
      <p className="mb-3 text-sm text-stone-600">Pertanyaan pembeli yang tidak dapat dijawab asisten. Jadikan entri pengetahuan agar asisten bisa menjawabnya.</p>
      <ErrorBanner message={list.isError ? 'Gagal memuat pertanyaan yang belum terjawab.' : resolve.isError ? 'Gagal menandai pertanyaan.' : null} />
      {list.data && list.data.length === 0 && <p className="rounded-xl border border-dashed border-stone-300 p-4 text-center text-sm text-stone-600">Semua pertanyaan pembeli sudah terjawab.</p>}
      {list.data && list.data.length > 0 && (
        <ul aria-label="Pertanyaan yang belum terjawab" className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm">
          {list.data.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{q.question}</p>
                <p className="text-xs text-stone-500">
                  Ditanyakan {q.times_asked}× · terakhir {formatDateTime(q.last_asked_at)}
                </p>
              </div>
              <button type="button" className={buttonStyles.small} onClick={() => onUse(q.question)}>
                Jadikan entri
              </button>
              <button type="button" className={buttonStyles.small} onClick={() => resolve.mutate(q.id)} disabled={resolve.isPending}>
                Tandai selesai
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
