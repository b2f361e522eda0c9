/** `npm run db:migrate`: opening the database applies every committed migration. */
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
console.info(`Migrasi selesai (${database.engine === 'postgres' ? 'PostgreSQL' : `PGlite di ${config.dataDir}`}).`);
await database.close();
