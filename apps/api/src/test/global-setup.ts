/**
 * Runs once before the API tests: builds a migrated database and a migrated-and-seeded one that every test
 * file copies instead of building its own. On PGlite a file then starts from a dump (no initdb, no
 * migrations, no seed: about a second instead of ten on a busy two-core machine); on PostgreSQL it is
 * `CREATE DATABASE … TEMPLATE`. What a file gets is the same as before: its own database, its own data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';

export interface ApiTemplates {
  engine: 'pglite' | 'postgres';
  /** PGlite: a file holding `dumpDataDir()`; PostgreSQL: a database name. */
  empty: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplates: ApiTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-api-templates-'));
  const uploadsDir = path.join(workDir, 'uploads');
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    const dump = async (seed: boolean): Promise<string> => {
      const database = await openDatabase({ dataDir: undefined });
      if (seed) await seedDemo(database.db, { uploadsDir, withImages: false });
      const file = path.join(workDir, seed ? 'seeded.tar' : 'empty.tar');
      // A dump taken right after a checkpoint leaves each copy less WAL to replay at its start: about 2.7 -> 2.0 s a
      // file on the loaded two-core machine (docs/decisions/042-test-run-time.md).
      await database.db.execute(sql`CHECKPOINT`);
      const blob = await database.dumpDataDir!();
      fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
      await database.close();
      return file;
    };
    project.provide('apiTemplates', { engine: 'pglite', empty: await dump(false), seeded: await dump(true) });
    return async () => fs.rmSync(workDir, { recursive: true, force: true });
  }

  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const names = { empty: `pasar_tpl_empty_${suffix}`, seeded: `pasar_tpl_seeded_${suffix}` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const [kind, name] of Object.entries(names)) {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      if (kind === 'seeded') await seedDemo(database.db, { uploadsDir, withImages: false });
      await database.close();
    }
  } finally {
    await admin.end();
  }
  project.provide('apiTemplates', { engine: 'postgres', ...names });
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    for (const name of Object.values(names)) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
