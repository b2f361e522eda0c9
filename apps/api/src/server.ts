/**
 * Starts the production server: API and built web app on one port. With DATABASE_URL set it runs
 * WEB_CONCURRENCY processes on that port, this file being each of them (cluster.ts); on PGlite, one.
 */
import cluster from 'node:cluster';
import { announcesForShop, processPlan, reportListening, runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

function banner(port: number, database: string): string {
  return `Pasar UMKM berjalan di http://localhost:${port} (database: ${database})`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const plan = processPlan(config);
  if (plan.ignored) console.info(plan.ignored);
  if (plan.count > 1 && cluster.isPrimary) {
    runPrimary({ count: plan.count, banner: (port) => banner(port, `PostgreSQL, ${plan.count} proses server`) });
    return;
  }
  // Loaded only here: the primary, which serves nothing, would hold ~150 MB of code it never runs
  // (docs/decisions/035-embedded-database-memory.md).
  const [{ buildApp }, { advisoryLeadership }, { openDatabase }, { seedDemoIfEmpty }, { paymentProvidersLine }, { startJobs }] = await Promise.all([
    import('./app'),
    import('./cluster-jobs'),
    import('./db/client'),
    import('./db/seed/seed-demo'),
    import('./features/payments/payment-providers'),
    import('./jobs'),
  ]);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  // In a cluster the first worker starts alone (cluster.ts), so only it can find the database empty.
  if (config.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(database.db, { uploadsDir: config.uploadsDir, withImages: true });
    if (seeded) console.info('Data demo dimuat ke database kosong.');
  }
  const app = await buildApp({ config, database });
  if (announcesForShop()) {
    // Say plainly what takes money (docs/decisions/013-payments.md).
    console.info(await paymentProvidersLine(database.db, config));
    if (!config.SMTP_URL) console.info('Email: SMTP_URL tidak diisi; email disimpan di kotak keluar (admin: /admin/outbox).');
  }
  // Processes sharing a PostgreSQL elect one to run the jobs; PGlite's one process runs them itself.
  const leadership = database.engine === 'postgres' && config.DATABASE_URL ? advisoryLeadership(config.DATABASE_URL, app.log) : undefined;

  let closing = false;
  let stopJobs: () => Promise<void> = () => Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await stopJobs();
    await leadership?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  stopJobs = startJobs({ db: database.db, config, log: app.log, ...(leadership ? { shouldRun: () => leadership.isLeader() } : {}) });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  if (cluster.isWorker) reportListening(port);
  else console.info(banner(port, database.engine === 'pglite' ? `PGlite di ${config.dataDir}` : 'PostgreSQL'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Gagal menjalankan server:', error);
  }
  process.exit(1);
});
