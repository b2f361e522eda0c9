/** `npm run db:seed`: loads the demo data into an empty database, with images. */
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { isDatabaseEmpty, seedDemo } from './seed-demo';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  if (!(await isDatabaseEmpty(database.db))) {
    console.error('Database sudah berisi data; seed demo hanya untuk database kosong.');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    await seedDemo(database.db, { uploadsDir: config.uploadsDir, withImages: true });
    console.log(`Data demo dimuat dalam ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  await database.close();
}
