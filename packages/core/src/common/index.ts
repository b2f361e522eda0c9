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
