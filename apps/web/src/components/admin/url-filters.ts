/**
 * The filters of a back-office list kept in the address beside its order (useListSort), so a
 * reload, the back button and a shared link open the same view. The search box writes `q` a
 * moment after the last key.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A change to the filters: a value, or null (or '') to drop it. */
export type FilterPatch<K extends string> = Partial<Record<K, string | null>>;

export function useUrlFilters<K extends string>() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);

  /** A changed filter goes back to page 1 unless `resetPage` is false or the patch names a page. */
  const update = (patch: FilterPatch<K | 'q'>, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || v === undefined) next.delete(k);
          else next.set(k, v);
        }
        if (resetPage && !('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  // Search as the admin types, a moment after the last key.
  useEffect(() => {
    if (search === q) return;
    const timer = window.setTimeout(() => update({ q: search } as FilterPatch<K | 'q'>), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  return { params, update, search, setSearch };
}
