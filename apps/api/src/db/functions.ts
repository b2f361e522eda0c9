/**
 * The SQL functions the migrations define, as the database holds them now: one file per function in
 * db/functions/<name>.sql, holding `pg_get_functiondef`'s text. A function redefined by a later
 * migration is read there in its current form instead of by replaying the migrations in order
 * (docs/database.md). functions.test.ts migrates a fresh database and compares; after a migration
 * that adds or changes a function, `npx tsx apps/api/src/db/write-functions.ts` rewrites the files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { apiRoot } from '../lib/package-root';
import { queryRows, type DbOrTx } from './client';

export const functionsFolder = path.join(apiRoot, 'src/db/functions');

export interface DatabaseFunction {
  name: string;
  definition: string;
}

/**
 * The functions of the public schema the migrations wrote: not those an extension installed there
 * (pg_trgm's), which belong to the extension's version, not to this code.
 */
export async function databaseFunctions(db: DbOrTx): Promise<DatabaseFunction[]> {
  return queryRows<DatabaseFunction>(
    db,
    sql`SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prokind = 'f'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname, p.oid`,
  );
}

/** The files of db/functions by function name. */
export function functionFiles(folder = functionsFolder): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith('.sql')) files.set(file.slice(0, -'.sql'.length), fs.readFileSync(path.join(folder, file), 'utf8'));
  }
  return files;
}

/** Whitespace runs as one space, so re-indenting a file is not a difference. */
export const normaliseDefinition = (text: string): string => text.replace(/\s+/g, ' ').trim();
