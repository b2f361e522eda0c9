/** `npm run db:migrate`: opening the database applies every committed migration. */
import { loadConfig } from '../config';
import { openShopDatabase } from './client';

const config = loadConfig();
const database = await openShopDatabase(config);
console.info(`Migrasi selesai (${config.DATABASE_URL ? 'PostgreSQL' : database.engine === 'postgres' ? `PostgreSQL tertanam di ${config.dataDir}` : `PGlite di ${config.dataDir}`}).`);
await database.close();
