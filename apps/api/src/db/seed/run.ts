/**
 * `npm run db:seed`: loads the demo data into an empty database, with images. With `--if-empty` a
 * database that has data is no error: server.ts seeds a new embedded database this way, in a
 * short-lived process, so the server never keeps the ~100 MB that the image work leaves in malloc's
 * arenas (docs/decisions/035-embedded-database-memory.md).
 */
import { loadConfig } from '../../config';
import { imageStorageFor } from '../../integrations/storage/image-storage';
import { openShopDatabase } from '../client';
import { isDatabaseEmpty, seedDemo } from './seed-demo';

const config = loadConfig();
const database = await openShopDatabase(config);
try {
  // Checked and seeded under the start lock: a server starting beside this tool seeds too (decision 067).
  await database.exclusive(async () => {
    if (!(await isDatabaseEmpty(database.db))) {
      if (!process.argv.includes('--if-empty')) {
        console.error('Database sudah berisi data; seed demo hanya untuk database kosong.');
        process.exitCode = 1;
      }
    } else {
      const started = Date.now();
      await seedDemo(database.db, { uploadsDir: config.uploadsDir, imageStore: imageStorageFor(config).store, withImages: true, withPartnerActivity: true });
      console.info(`Data demo dimuat dalam ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  });
} finally {
  await database.close();
}
