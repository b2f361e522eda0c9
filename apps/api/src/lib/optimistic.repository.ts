/**
 * The SQL half of optimistic concurrency (docs/decisions/009-optimistic-concurrency.md; the service
 * half is optimistic.ts): the one versioned UPDATE every editable back-office record is saved with.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updated_at: PgColumn };

/**
 * Saves `values` on the row `id` only while it still has the `version` that was read, bumping the
 * version and updated_at. No row back means gone or stale: versionedUpdateResult tells which.
 */
export async function updateVersioned<T extends VersionedTable>(db: DbOrTx, table: T, id: number, version: number, values: PgUpdateSetSource<T>): Promise<{ id: number }[]> {
  return db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(table.id, id), eq(table.version, version)))
    // Over any table drizzle cannot tell the id's type; each of these tables has an integer serial id.
    .returning({ id: table.id }) as Promise<{ id: number }[]>;
}
