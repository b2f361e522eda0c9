/** The only SQL of the health check. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** One round trip: throws when the database does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
