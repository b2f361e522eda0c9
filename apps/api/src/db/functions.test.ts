/**
 * What the database keeps made visible (issue 32 §1, docs/database.md): every SQL function of a freshly
 * migrated database is in db/functions.sql as the database holds it, with no entry for a function that
 * is gone; and every table and column of the database is declared in schema.ts, so no code reads
 * one the schema does not name.
 */
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../test/app';
import { queryRows } from './client';
import { databaseFunctions, functionsFileText, functionsInFile, normaliseDefinition } from './functions';
import * as schema from './schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe(`the database as the migrations leave it (${testEngine})`, () => {
  it('holds each function exactly as db/functions.sql has it (npx tsx apps/api/src/db/write-functions.ts rewrites it)', async () => {
    const inDatabase = await databaseFunctions(t.db);
    const names = inDatabase.map((f) => f.name);
    // One entry per name: an overload would need a mark naming its arguments.
    expect(names.length).toBe(new Set(names).size);
    const file = functionsInFile();
    expect(names.filter((name) => !file.has(name)), 'functions not in the file').toEqual([]);
    expect([...file.keys()].filter((name) => !names.includes(name)), 'entries without a function').toEqual([]);
    for (const f of inDatabase) expect(normaliseDefinition(file.get(f.name)!), f.name).toBe(normaliseDefinition(f.definition));
  });

  it('reads back what the writer writes, and refuses a name written twice', () => {
    const functions = [
      { name: 'a', definition: 'CREATE FUNCTION a() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$\n' },
      { name: 'b', definition: 'CREATE FUNCTION b() RETURNS text LANGUAGE sql AS $$ SELECT \'-- function: not a mark\' $$' },
    ];
    const text = functionsFileText(functions);
    expect([...functionsInFile(text)]).toEqual(functions.map((f) => [f.name, f.definition.trim()]));
    expect(() => functionsInFile(text + '\n-- function: a\nSELECT 2\n')).toThrow(/a stands there twice/);
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
