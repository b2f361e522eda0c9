/**
 * The restore hold (issue 27 §3, docs/decisions/067-lifecycle.md): a restored or staging copy of the
 * shop must not send the mail that was pending in the original, nor expire its orders, until someone
 * says so. The hold lives in the database itself (settings key `jobs_hold`), so it travels with the
 * copy and every server on that database sees it; `JOBS=on` at start (config.ts) releases it.
 */
import { z } from 'zod';
import { formatDateTime } from '@pasar/core/time';
import type { DbOrTx } from './db/client';
import { deleteRawSetting, getRawSetting, putRawSetting } from './features/settings/settings.repository';
import { storeTimeZone } from './features/settings/settings.service';

const JOBS_HOLD_KEY = 'jobs_hold';

const holdSchema = z.object({ reason: z.string(), since: z.string() });
export type JobsHold = z.infer<typeof holdSchema>;

/** Holds the background jobs of every server on this database until `releaseJobsHold` (or `JOBS=on`). */
export async function holdJobs(db: DbOrTx, reason: string): Promise<void> {
  await putRawSetting(db, JOBS_HOLD_KEY, { reason, since: new Date().toISOString() } satisfies JobsHold);
}

/** The hold, or null. A row that no longer fits the shape still holds: quiet is the safe side. */
export async function jobsHold(db: DbOrTx): Promise<JobsHold | null> {
  const row = await getRawSetting(db, JOBS_HOLD_KEY);
  if (!row) return null;
  const parsed = holdSchema.safeParse(row.value);
  return parsed.success ? parsed.data : { reason: 'tidak diketahui', since: row.updatedAt.toISOString() };
}

export async function releaseJobsHold(db: DbOrTx): Promise<void> {
  await deleteRawSetting(db, JOBS_HOLD_KEY);
}

/** What a starting server does about its jobs: run them, or not and say why in one line. */
export type JobsAtStart = { run: true; note?: string } | { run: false; note: string };

/**
 * JOBS decides (config.ts): `off` runs none, `on` runs them and lifts a hold; unset runs them unless
 * the database holds a restore hold. Every line says how to change it.
 */
export async function jobsAtStart(db: DbOrTx, jobs: 'on' | 'off' | undefined): Promise<JobsAtStart> {
  if (jobs === 'off') {
    return { run: false, note: 'Tugas latar mati (JOBS=off): tidak ada email/WhatsApp yang dikirim dan pesanan tidak dibatalkan otomatis. Hapus JOBS atau setel JOBS=on untuk menyalakannya.' };
  }
  const hold = await jobsHold(db);
  if (!hold) return { run: true };
  // Read by an operator: the store's clock, as every date the shop shows.
  const since = formatDateTime(hold.since, { timeZone: await storeTimeZone(db) });
  if (jobs === 'on') {
    await releaseJobsHold(db);
    return { run: true, note: `Penahanan tugas latar (${hold.reason}, sejak ${since}) dilepas karena JOBS=on; tugas latar berjalan.` };
  }
  return {
    run: false,
    note: `Tugas latar tidak dijalankan: database ini ditahan sejak ${since} (${hold.reason}), agar salinan ini tidak mengirim email/WhatsApp atau membatalkan pesanan. Setelah diperiksa, jalankan server sekali dengan JOBS=on untuk melepas penahanan.`,
  };
}
