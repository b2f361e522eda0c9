/**
 * Migration 0007 (issue 17) on a database that already holds categories differing only in letter
 * case or spaces: it must still apply, keeping the oldest name and making the others distinct.
 * Runs on PGlite, or on a throwaway PostgreSQL database when TEST_POSTGRES_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/app';

const migrationsFolder = path.join(import.meta.dirname, '../../db/migrations');
const tag = '0007_category_name_unique';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder that ends just before 0007. */
function migrationsBefore(stop: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-migrations-'));
  dirs.push(dir);
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === stop);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Engine {
  migrate(folder: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openEngine(): Promise<Engine> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    return {
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `pasar_migration_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  // On a loaded machine the DROP … WITH (FORCE) below can reach a connection pool.end() is still closing;
  // its "terminating connection" then lands on the pool, which without a listener fails the whole run.
  pool.on('error', () => undefined);
  return {
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe(`migration ${tag} (${testEngine})`, () => {
  it('makes existing duplicate category names distinct, then refuses new ones', async () => {
    const engine = await openEngine();
    try {
      await engine.migrate(migrationsBefore(tag));
      await engine.query(`INSERT INTO categories (name) VALUES ('Batik'), ('batik '), ('Kopi'), ('BATIK'), ('Batik (2)'), (' kopi')`);

      await engine.migrate(migrationsFolder);

      const rows = await engine.query<{ name: string; version: number }>('SELECT name, version FROM categories ORDER BY id');
      expect(rows.map((r) => r.name)).toEqual(['Batik', 'batik (3)', 'Kopi', 'BATIK (4)', 'Batik (2)', 'kopi (2)']);
      expect(rows.map((r) => r.version)).toEqual([1, 2, 1, 2, 1, 2]);
      await expect(engine.query(`INSERT INTO categories (name) VALUES (' KOPI ')`)).rejects.toThrow(/categories_name_lower_unique/);
    } finally {
      await engine.close();
    }
  });
});
