/** `npm run storage:migrate`: copies this server's local files to S3 (ops/storage-migrate.ts). */
import { AppError } from '@pasar/core/errors';
import { ConfigError, loadConfig } from '../config';
import { describeResult, migrateStorage, StorageMigrateError } from './storage-migrate';

try {
  const config = loadConfig();
  console.info(`Menyalin berkas dari ${config.dataDir} ke S3…`);
  const result = await migrateStorage(config);
  for (const line of describeResult(result)) console.info(line);
} catch (error) {
  if (error instanceof StorageMigrateError || error instanceof ConfigError || error instanceof AppError) {
    console.error(error.message);
  } else {
    console.error('Penyalinan berkas ke S3 gagal:', error);
  }
  if (!(error instanceof StorageMigrateError || error instanceof ConfigError)) console.error('Berkas yang sudah disalin tetap ada; jalankan lagi untuk melanjutkan.');
  process.exitCode = 1;
}
