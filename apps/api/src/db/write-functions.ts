/**
 * Rewrites db/functions.sql from a freshly migrated in-memory database (PGlite): run it after a
 * migration adds, changes or drops a function, `npx tsx apps/api/src/db/write-functions.ts`, and
 * commit the file with the migration. functions.test.ts fails until they agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client';
import { databaseFunctions, functionsFile, functionsFileText } from './functions';

const database = await openDatabase({});
try {
  const functions = await databaseFunctions(database.db);
  fs.writeFileSync(functionsFile, functionsFileText(functions));
  console.info(`${functions.length} fungsi ditulis ke ${path.relative(process.cwd(), functionsFile)}`);
} finally {
  await database.close();
}
