/**
 * A save that lost a race (issue 31 item 16, docs/decisions/064-back-office-drafts-and-conflicts.md):
 * another admin saved the record first and the server answered 409 STALE_UPDATE. Instead of only
 * "reload the page" (which dropped the typing), the form shows which fields differ between what
 * was typed and the record's latest version, and offers both ways out:
 *
 * - "Muat versi terbaru": the form takes the latest version (the typing is dropped);
 * - "Simpan versi saya": the typed values are sent again against the latest version number, so
 *   they replace what the other admin saved.
 *
 * The 409 carries no record, so the latest version is read with the screen's own list or detail
 * call (`loadLatest`). Every edit form with a version uses this one hook: it holds the version the
 * next save sends, `caught` takes the failure from the save's catch, and `panel` is drawn inside
 * the form, where "Simpan versi saya" is the form's own submit.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { buttonStyles } from '../admin/admin-ui';
import { isStale } from './failure-message';
import { formDifferences, type FieldDifference, type ShowValue } from './form-diff';

export const conflictMessages = {
  title: 'Data ini sudah diubah oleh pengguna lain sejak Anda membukanya.',
  loading: 'Memuat versi terbaru…',
  differs: 'Isian yang berbeda dengan versi terbaru:',
  same: 'Isian Anda sama dengan versi terbaru.',
  unavailable: 'Versi terbaru tidak dapat dimuat (mungkin sudah dihapus). Tutup formulir lalu buka kembali.',
  loadLatest: 'Muat versi terbaru',
  keepMine: 'Simpan versi saya',
  mine: 'Isian Anda',
  latest: 'Versi terbaru',
} as const;

export interface LatestVersion<TValues> {
  values: TValues;
  version: number;
}

export interface EditConflictOptions<TValues> {
  /** The version the form was opened with; undefined for a new record (no conflict possible). */
  version: number | undefined;
  /** The record's id, for a form that edits one record after another (a latest version belongs to its record). */
  recordId?: number | undefined;
  /** The record as the server now holds it, as form values; null when it is gone. */
  loadLatest: () => Promise<LatestVersion<TValues> | null>;
  /** The fields compared and shown, by their labels on the form. */
  labels: Partial<Record<keyof TValues & string, string>>;
  show?: Partial<Record<keyof TValues & string, ShowValue>>;
}

type State<TValues> = { status: 'closed' } | { status: 'loading' } | { status: 'unavailable' } | { status: 'loaded'; latest: LatestVersion<TValues>; differences: FieldDifference[] };

export interface EditConflict<TValues extends FieldValues> {
  /** The version the next save sends: the opened record's, or the latest one once a conflict was seen. */
  version: () => number | undefined;
  /** For the save's catch: true when the failure was a lost race, now shown by the panel. */
  caught: (error: unknown, form: UseFormReturn<TValues, unknown, never> | UseFormReturn<TValues, unknown, unknown>) => boolean;
  /** Closes the panel (a new save is on its way). */
  dismiss: () => void;
  panel: ReactNode;
}

export function useEditConflict<TValues extends FieldValues>({ version, recordId, loadLatest, labels, show }: EditConflictOptions<TValues>): EditConflict<TValues> {
  const [state, setState] = useState<State<TValues>>({ status: 'closed' });
  const latestVersion = useRef<{ recordId: number | undefined; opened: number; latest: number } | null>(null);
  const formRef = useRef<{ reset: (values: TValues) => void; getValues: () => TValues } | null>(null);
  const attempt = useRef(0);

  const caught: EditConflict<TValues>['caught'] = (error, form) => {
    if (!isStale(error) || version === undefined) return false;
    formRef.current = form as unknown as { reset: (values: TValues) => void; getValues: () => TValues };
    const typed = form.getValues() as TValues;
    const current = ++attempt.current;
    setState({ status: 'loading' });
    loadLatest().then(
      (latest) => {
        if (current !== attempt.current) return;
        if (!latest) return setState({ status: 'unavailable' });
        latestVersion.current = { recordId, opened: version, latest: latest.version };
        setState({ status: 'loaded', latest, differences: formDifferences(typed, latest.values, labels as Record<string, string>, show as Record<string, ShowValue>) });
      },
      () => {
        if (current === attempt.current) setState({ status: 'unavailable' });
      },
    );
    return true;
  };

  // The save button is often at the foot of a long dialog, the panel at its head: bring it into view.
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status !== 'closed') panelRef.current?.scrollIntoView?.({ block: 'start' });
  }, [state.status]);

  const dismiss = () => {
    attempt.current++;
    setState({ status: 'closed' });
  };

  const panel =
    state.status === 'closed' ? null : (
      <div ref={panelRef} role="alert" className="scroll-mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <p className="font-semibold">{conflictMessages.title}</p>
        {state.status === 'loading' && <p className="mt-1">{conflictMessages.loading}</p>}
        {state.status === 'unavailable' && <p className="mt-1">{conflictMessages.unavailable}</p>}
        {state.status === 'loaded' && (
          <>
            <p className="mt-1">{state.differences.length > 0 ? conflictMessages.differs : conflictMessages.same}</p>
            {state.differences.length > 0 && (
              <ul aria-label="Isian yang berbeda" className="mt-2 grid gap-2">
                {state.differences.map((d) => (
                  <li key={d.field} className="rounded-lg bg-white p-2 ring-1 ring-amber-200">
                    <span className="font-semibold">{d.label}</span>
                    <span className="block break-words">
                      {conflictMessages.mine}: {d.mine}
                    </span>
                    <span className="block break-words">
                      {conflictMessages.latest}: {d.latest}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => {
                  formRef.current?.reset(state.latest.values);
                  dismiss();
                }}
              >
                {conflictMessages.loadLatest}
              </button>
              {/* The form's own submit: the typed values, checked as always, against the latest version. */}
              <button type="submit" className={buttonStyles.primary}>
                {conflictMessages.keepMine}
              </button>
            </div>
          </>
        )}
      </div>
    );

  const sendVersion = () => {
    const seen = latestVersion.current;
    return seen && seen.recordId === recordId && seen.opened === version ? seen.latest : version;
  };
  return { version: sendVersion, caught, dismiss, panel };
}
