/** Schema pieces every back-office payload shares. */
import { z } from 'zod';

export const versionMessage = 'Versi data wajib dikirim.';

/**
 * The version of the record the editor read (docs/decisions/009-optimistic-concurrency.md).
 * Required on every update so no client can skip the stale-update guard.
 */
export const versionField = z
  .number({ error: versionMessage })
  .int({ error: versionMessage })
  .positive({ error: versionMessage });

/** Accepts numbers sent as strings (multipart forms send every field as text). */
export const coercedVersionField = z.coerce
  .number({ error: versionMessage })
  .int({ error: versionMessage })
  .positive({ error: versionMessage });

/** Sort directions of every back-office list. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * The `sort` and `dir` query fields of a back-office list (issue 17: sorting on every list). Each
 * list names the columns it can sort by; anything else falls back to the list's default order
 * instead of failing, since a stale bookmark should still open the list.
 */
export function sortQueryFields<const F extends readonly [string, ...string[]]>(fields: F, defaults: { sort: F[number]; dir: SortDirection }) {
  return {
    sort: z.enum(fields).catch(defaults.sort).default(defaults.sort),
    dir: z.enum(SORT_DIRECTIONS).catch(defaults.dir).default(defaults.dir),
  };
}
