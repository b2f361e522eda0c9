/** Starts the one production process: API and built web app on one port. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed/seed-demo';
import { paymentProvidersLine } from './features/payments/payment-providers';
import { startJobs } from './jobs';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  if (config.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(database.db, { uploadsDir: config.uploadsDir, withImages: true });
    if (seeded) console.info('Data demo dimuat ke database kosong.');
  }
  const app = await buildApp({ config, database });
  // Say plainly what takes money (docs/decisions/013-payments.md).
  console.info(await paymentProvidersLine(database.db, config));
  if (!config.SMTP_URL) console.info('Email: SMTP_URL tidak diisi; email disimpan di kotak keluar (admin: /admin/outbox).');

  let closing = false;
  let stopJobs: () => Promise<void> = () => Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  stopJobs = startJobs({ db: database.db, config, log: app.log });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.info(
    `Pasar UMKM berjalan di http://localhost:${port} (database: ${database.engine === 'pglite' ? `PGlite di ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Gagal menjalankan server:', error);
  }
  process.exit(1);
});
