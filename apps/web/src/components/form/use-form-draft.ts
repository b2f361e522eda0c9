/**
 * A session that runs out mid-edit (issue 31 item 18, decision 064): when a call answers 401 the
 * API client announces it (SESSION_EXPIRED_EVENT) before it sends the browser to /login. A form
 * with unsaved edits then writes its values to sessionStorage, keyed by the page's path and the
 * form's name, with the id of the record being edited. After signing in, /login returns to the
 * same page (its `next`), and the form takes the draft back once the record is there: the admin
 * finds the text as typed, still unsaved, and saves again.
 *
 * sessionStorage: the draft belongs to this tab, never outlives it, and is read once.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { SESSION_EXPIRED_EVENT } from '../../lib/api-client';

export interface FormDraft<TValues> {
  /** The record being edited when the session ran out; null for a new one. */
  recordId: number | null;
  values: TValues;
}

const PREFIX = 'pasar:draft:';

export function draftKey(path: string, scope: string): string {
  return `${PREFIX}${path}:${scope}`;
}

/** Files (an upload being picked) cannot be kept; they come back empty. */
function keepable(_key: string, value: unknown): unknown {
  return typeof Blob !== 'undefined' && value instanceof Blob ? null : value;
}

export function saveDraft<TValues>(key: string, draft: FormDraft<TValues>): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft, keepable));
  } catch {
    /* storage full or off: the draft is lost as before */
  }
}

/** The draft under `key`, left in place. */
function readDraft<TValues>(key: string): FormDraft<TValues> | null {
  try {
    const text = sessionStorage.getItem(key);
    if (text === null) return null;
    const draft = JSON.parse(text) as FormDraft<TValues>;
    return draft && typeof draft === 'object' && 'values' in draft ? draft : null;
  } catch {
    return null;
  }
}

function removeDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    /* storage off: nothing was kept */
  }
}

/** Reads and removes the draft under `key`. */
export function takeDraft<TValues>(key: string): FormDraft<TValues> | null {
  const draft = readDraft<TValues>(key);
  removeDraft(key);
  return draft;
}

/** Whether a draft waits under `key`, without taking it (a page reopening the dialog it belongs to). */
export function peekDraft(key: string): { recordId: number | null } | null {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? null : { recordId: (JSON.parse(text) as FormDraft<unknown>).recordId ?? null };
  } catch {
    return null;
  }
}

/**
 * Keeps `form`'s unsaved values when the session runs out, under the current path and `scope`;
 * returns the draft found for this path and scope when the form was mounted (taken once), for
 * the form to apply when its record is there (`applyDraft`).
 */
export function useFormDraft<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues, unknown, never>, 'getValues' | 'formState'> | Pick<UseFormReturn<TValues, unknown, unknown>, 'getValues' | 'formState'>,
  scope: string,
  recordId: number | null,
): FormDraft<TValues> | null {
  const key = draftKey(typeof window === 'undefined' ? '' : window.location.pathname, scope);
  // Read while rendering but removed only once this form is on the page: a render that is thrown away
  // (a lazy part of the page still loading) must leave the draft for the one that stays.
  const [found] = useState(() => (typeof window === 'undefined' ? null : readDraft<TValues>(key)));
  useEffect(() => {
    if (found) removeDraft(key);
    // Once, for the draft found at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Read while rendering: react-hook-form only keeps `isDirty` up to date for a form that reads it.
  const dirty = form.formState.isDirty;
  const latest = useRef({ form, recordId, key, dirty });
  // A layout effect, in the same commit as the render that saw the typing: a passive effect can wait for
  // the next frame, and a save clicked at once whose 401 came back first found the form "not edited"
  // and kept no draft (seen on a loaded CI machine: the courier's notes came back empty).
  useLayoutEffect(() => {
    latest.current = { form, recordId, key, dirty };
  });
  useEffect(() => {
    const keep = () => {
      const { form: f, recordId: id, key: k, dirty: edited } = latest.current;
      if (edited) saveDraft(k, { recordId: id, values: f.getValues() as TValues });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, keep);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, keep);
  }, []);
  return found;
}

/**
 * Issue 31 item 18: a list page opens the dialog whose session ran out mid-edit again, with its
 * draft, once the list (`items`) is in; `open` gets the record, or null for a new one.
 */
export function useReopenDraft<TRecord extends { id: number }>(scope: string, items: readonly TRecord[] | undefined, open: (record: TRecord | null) => void): void {
  const [draftFor, setDraftFor] = useState(() => peekDraft(draftKey(window.location.pathname, scope)));
  useEffect(() => {
    if (!draftFor || !items) return;
    setDraftFor(null);
    const record = draftFor.recordId === null ? null : items.find((r) => r.id === draftFor.recordId);
    if (record !== undefined) open(record);
  }, [draftFor, items, open]);
}

/**
 * A form that stands beside its list (not in a dialog) takes back the draft found at mount
 * (useFormDraft) once its record is in `items`, a new record's draft at once: `restore` gets the
 * record (null for a new one) and the draft's values, once.
 */
export function useRestoreInlineDraft<TRecord extends { id: number }, TValues>(draft: FormDraft<TValues> | null, items: readonly TRecord[] | undefined, restore: (record: TRecord | null, values: TValues) => void): void {
  const [pending, setPending] = useState(draft !== null);
  const record = draft?.recordId ? items?.find((r) => r.id === draft.recordId) : undefined;
  // Pages pass a new inline `restore` on every render; the effect reads the latest one.
  const latest = useRef(restore);
  useEffect(() => {
    latest.current = restore;
  });
  useEffect(() => {
    if (!draft || !pending || (draft.recordId !== null && !record)) return;
    setPending(false);
    latest.current(record ?? null, draft.values);
  }, [draft, pending, record]);
}

/**
 * Puts the draft found for this record (useFormDraft) back into the form, once, when it opens;
 * true when it did, for the form to say so (FormNotices).
 */
export function useRestoredDraft<TValues extends FieldValues>(
  form: { reset: (values: TValues, options: { keepDefaultValues: true }) => void },
  draft: FormDraft<TValues> | null,
  recordId: number | null,
): boolean {
  const [restored] = useState(() => draft !== null && draft.recordId === recordId);
  useEffect(() => {
    if (restored && draft) form.reset(draft.values, { keepDefaultValues: true });
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return restored;
}

/** The line a form shows above a restored draft. Not in the spec. */
export const draftRestoredMessage = 'Isian yang belum tersimpan sebelum sesi Anda berakhir dipulihkan. Periksa lalu simpan kembali.';
