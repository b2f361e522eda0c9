/**
 * What the database keeps made visible (issue 32 §1, docs/database.md): every SQL function of a freshly
 * migrated database is in db/functions/<name>.sql as the database holds it, with no file for a function
 * that is gone; and every table and column of the database is declared in schema.ts, so no code reads
 * one the schema does not name.
 */
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../test/app';
import { queryRows } from './client';
import { databaseFunctions, functionFiles, normaliseDefinition } from './functions';
import * as schema from './schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe(`the database as the migrations leave it (${testEngine})`, () => {
  it('holds each function exactly as its file in db/functions (npx tsx apps/api/src/db/write-functions.ts rewrites them)', async () => {
    const inDatabase = await databaseFunctions(t.db);
    const names = inDatabase.map((f) => f.name);
    // One file per name: an overload would need a file naming its arguments.
    expect(names.length).toBe(new Set(names).size);
    const files = functionFiles();
    expect(names.filter((name) => !files.has(name)), 'functions without a file').toEqual([]);
    expect([...files.keys()].filter((name) => !names.includes(name)), 'files without a function').toEqual([]);
    for (const f of inDatabase) expect(normaliseDefinition(files.get(f.name)!), f.name).toBe(normaliseDefinition(f.definition));
  });

  it('has no table or column that schema.ts does not declare, and schema.ts none the database lacks', async () => {
    const declared = new Set<string>();
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const table = getTableConfig(value);
      for (const column of table.columns) declared.add(`${table.name}.${column.name}`);
    }
    const columns = await queryRows<{ name: string }>(
      t.db,
      sql`SELECT table_name || '.' || column_name AS name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE')`,
    );
    const inDatabase = new Set(columns.map((c) => c.name));
    expect([...inDatabase].filter((c) => !declared.has(c)).sort(), 'in the database, not in schema.ts').toEqual([]);
    expect([...declared].filter((c) => !inDatabase.has(c)).sort(), 'in schema.ts, not in the database').toEqual([]);
  });
});
