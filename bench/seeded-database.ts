/** The PostgreSQL database the server benches start from: a throwaway one with the demo data (no images). */
import path from 'node:path';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed/seed-demo';
import { createPostgresDatabase, postgresAvailable, root } from './support';

export interface SeededBenchDatabase {
  url: string;
  database: Database;
  drop: () => Promise<void>;
}

/** The seeded database, open; undefined (and the bench said skipped) when no PostgreSQL answers. */
export async function seededBenchDatabase(prefix: string, bench: string): Promise<SeededBenchDatabase | undefined> {
  if (!(await postgresAvailable())) {
    console.log(`PostgreSQL not reachable on 127.0.0.1:5432: ${bench} bench skipped.`);
    return undefined;
  }
  const pgDb = await createPostgresDatabase(prefix);
  try {
    const database = await openDatabase({ databaseUrl: pgDb.url });
    await seedDemo(database.db, { uploadsDir: path.join(root, '.tmp/bench-uploads'), withImages: false });
    // BENCH_KEEP_DATABASE=1: the database outlives the bench, for EXPLAIN and replaying its statements afterwards.
    if (process.env.BENCH_KEEP_DATABASE) {
      return { ...pgDb, database, drop: async () => console.log(`kept database: ${pgDb.url} (drop it when done)`) };
    }
    return { ...pgDb, database };
  } catch (error) {
    await pgDb.drop();
    throw error;
  }
}
