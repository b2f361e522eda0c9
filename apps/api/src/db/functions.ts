/**
 * The SQL functions the migrations define, as the database holds them now: all of them in one file,
 * db/functions.sql, each under a `-- function: <name>` line with `pg_get_functiondef`'s text. A function
 * redefined by a later migration is read there in its current form instead of by replaying the
 * migrations in order (docs/database.md). functions.test.ts migrates a fresh database and compares;
 * after a migration that adds or changes a function, `npx tsx apps/api/src/db/write-functions.ts`
 * rewrites the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { apiRoot } from '../lib/package-root';
import { queryRows, type DbOrTx } from './client';

export const functionsFile = path.join(apiRoot, 'src/db/functions.sql');

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

const FILE_HEAD = `-- The SQL functions of the database as the migrations leave it, by name, in pg_get_functiondef's words.
-- Generated, do not edit by hand: after a migration that adds, changes or drops a function, run
-- \`npx tsx apps/api/src/db/write-functions.ts\` (apps/api/src/db/functions.test.ts fails until this file agrees).
-- What feeds each function and what reads what it keeps: docs/database.md.
`;
const MARK = /^-- function: (\S+)[ \t]*$/gm;

/** The file's text for these functions: the head, then each under its mark, in the order given. */
export function functionsFileText(functions: DatabaseFunction[]): string {
  return FILE_HEAD + functions.map((f) => `\n-- function: ${f.name}\n${f.definition.trim()}\n`).join('');
}

/** The functions of db/functions.sql (or of `text`) by name; a name under two marks is an error. */
export function functionsInFile(text = fs.readFileSync(functionsFile, 'utf8')): Map<string, string> {
  const found = new Map<string, string>();
  const marks = [...text.matchAll(MARK)];
  marks.forEach((mark, i) => {
    const name = mark[1]!;
    if (found.has(name)) throw new Error(`db/functions.sql: ${name} stands there twice`);
    found.set(name, text.slice(mark.index + mark[0].length, marks[i + 1]?.index ?? text.length).trim());
  });
  return found;
}

/** Whitespace runs as one space, so re-indenting a file is not a difference. */
export const normaliseDefinition = (text: string): string => text.replace(/\s+/g, ' ').trim();
