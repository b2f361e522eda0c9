/**
 * Rewrites db/functions/*.sql from a freshly migrated in-memory database (PGlite): run it after a
 * migration adds, changes or drops a function, `npx tsx apps/api/src/db/write-functions.ts`, and
 * commit the files with the migration. functions.test.ts fails until they agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client';
import { databaseFunctions, functionsFolder } from './functions';

const database = await openDatabase({});
try {
  const functions = await databaseFunctions(database.db);
  fs.mkdirSync(functionsFolder, { recursive: true });
  for (const file of fs.readdirSync(functionsFolder)) if (file.endsWith('.sql')) fs.rmSync(path.join(functionsFolder, file));
  for (const f of functions) fs.writeFileSync(path.join(functionsFolder, `${f.name}.sql`), `${f.definition.trim()}\n`);
  console.info(`${functions.length} fungsi ditulis ke ${path.relative(process.cwd(), functionsFolder)}`);
} finally {
  await database.close();
}
