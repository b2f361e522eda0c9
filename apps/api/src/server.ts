/**
 * Starts the production server: API and built web app on one port.
 * - With DATABASE_URL set: WEB_CONCURRENCY processes on that port (default one per core), this file
 *   being each of them (cluster.ts).
 * - Without it, the embedded PostgreSQL of DATA_DIR (docs/decisions/035-embedded-database-memory.md):
 *   this process takes DATA_DIR, starts the database, seeds a new one in a short-lived process,
 *   serves (one process unless WEB_CONCURRENCY says more: then it supervises the workers it forks),
 *   and stops the database after the server process(es) closed, on SIGTERM/SIGINT and on a failed start.
 * - Or PGlite in DATA_DIR (EMBEDDED_DATABASE=pglite, or a DATA_DIR that already holds one): one process.
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import pg from 'pg';
import { announcesForShop, processPlan, reportListening, runPrimary } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { chooseEmbeddedEngine, startShopPostgres, type ShopEmbeddedPostgres } from './db/embedded-engine';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { drainableServer, startDraining } from './lib/draining';
import { toolEntry } from './lib/package-root';
import { rememberListeningPort } from './lib/public-origin';
import { printJsonLinesInProduction, relayOutput, serializeError } from './lib/logging';

// First of all: in production every line this process prints is JSON (issue 26, decision 046).
printJsonLinesInProduction();

/**
 * A stopping server is gone within 10 s (issue 27 §5): requests and jobs get DRAIN_DEADLINE_MS, the
 * database and the embedded PostgreSQL what is left, and the process exits at SHUTDOWN_DEADLINE_MS
 * whatever still runs. The cluster's primary waits a little longer for its workers (cluster.ts).
 */
const DRAIN_DEADLINE_MS = 7_000;
const SHUTDOWN_DEADLINE_MS = 9_000;

function banner(port: number, database: string): string {
  return `Pasar UMKM berjalan di http://localhost:${port} (database: ${database})`;
}

/** The embedded PostgreSQL this process started (only the supervising process ever has one). */
let embedded: ShopEmbeddedPostgres | undefined;

/** Until the server's own handlers take over, a stop signal still stops the database it started. */
function stopDuringStart(): void {
  void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
}

/**
 * What this process does when its embedded PostgreSQL died more often than it is restarted (issue 26
 * §7, docs/decisions/047-dependable-health.md): close and exit 1, never serve errors for good. Who
 * serves replaces it; a close that hangs is cut short so the exit comes within seconds.
 */
let closeForLostDatabase: () => void = stopDuringStart;
function databaseLost(reason: string): void {
  console.error(reason);
  setTimeout(() => process.exit(1), 15_000).unref();
  closeForLostDatabase();
}

/** Whether migrations never ran: a database this start created, or one whose first start died early. */
async function neverMigrated(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ missing: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NULL AS missing");
    return rows[0]?.missing ?? true;
  } finally {
    await client.end();
  }
}

/** `npm run db:seed -- --if-empty` in a process of its own: its image work's memory leaves with it. */
function seedInChild(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The built seed beside a built server (dist/seed.js), the TypeScript one under tsx.
    const child = spawn(process.execPath, [...process.execArgv, toolEntry('seed'), '--if-empty'], {
      // Its lines go through this process's console: JSON lines in production (decision 046).
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: url },
    });
    relayOutput(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`seed demo gagal (${signal ?? `kode ${code}`})`))));
  });
}

async function main(): Promise<void> {
  let config = loadConfig();
  let engineLabel = 'PostgreSQL';
  let engine: 'postgres' | 'pglite' = 'postgres';
  if (!config.DATABASE_URL) {
    const choice = await chooseEmbeddedEngine(config);
    if (choice.note) console.info(choice.note);
    engine = choice.engine;
  }
  const plan = processPlan(config, engine);
  if (plan.ignored) console.info(plan.ignored);

  if (!config.DATABASE_URL && engine === 'postgres' && cluster.isPrimary) {
    process.once('SIGTERM', stopDuringStart);
    process.once('SIGINT', stopDuringStart);
    // Connections: every process's pool (10), the jobs' lock connection and the search index's build
    // (withOwnConnection, while it runs), plus a few for tools.
    embedded = await startShopPostgres(config, { maxConnections: Math.max(40, plan.count * 12 + 10), supervise: { onGiveUp: databaseLost } });
    if (config.SEED_DEMO && (await neverMigrated(embedded.url))) await seedInChild(embedded.url);
    // Forked workers inherit it, and take the DATABASE_URL road as any shop's server process.
    process.env.DATABASE_URL = embedded.url;
    config = { ...config, DATABASE_URL: embedded.url };
    engineLabel = `PostgreSQL tertanam di ${embedded.folder}`;
  }

  if (plan.count > 1 && cluster.isPrimary) {
    process.off('SIGTERM', stopDuringStart);
    process.off('SIGINT', stopDuringStart);
    const stopEmbedded = embedded ? embedded.stop : undefined;
    const metrics = config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined ? { port: config.METRICS_PORT, host: config.METRICS_HOST, token: config.METRICS_TOKEN } : undefined;
    const primary = runPrimary({
      count: plan.count,
      banner: (port) => banner(port, `${engineLabel}, ${plan.count} proses server`),
      ...(stopEmbedded ? { afterWorkers: stopEmbedded } : {}),
      ...(metrics ? { metrics } : {}),
    });
    closeForLostDatabase = () => primary.stop(1);
    return;
  }
  await serve(config, engineLabel);
}

async function serve(config: Config, engineLabel: string): Promise<void> {
  // Loaded only here: the primary, which serves nothing, would hold ~150 MB of code it never runs
  // (docs/decisions/035-embedded-database-memory.md).
  const [{ buildApp }, { advisoryLeadership }, { openDatabase }, { seedDemoIfEmpty }, { paymentProvidersLine }, { startJobs }, publicShop, { jobsAtStart }, { imageStorageFor }] = await Promise.all([
    import('./app'),
    import('./cluster-jobs'),
    import('./db/client'),
    import('./db/seed/seed-demo'),
    import('./features/payments/payment-providers'),
    import('./jobs'),
    import('./features/users/public-shop'),
    import('./jobs-hold'),
    import('./integrations/storage/image-storage'),
  ]);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  // Under the start lock, which servers on other hosts share: the first seeds, the others find the
  // database no longer empty once they hold it (docs/decisions/067-lifecycle.md).
  if (config.SEED_DEMO) {
    const seeded = await database.exclusive(() =>
      seedDemoIfEmpty(database.db, { uploadsDir: config.uploadsDir, imageStore: imageStorageFor(config).store, withImages: true, withPartnerActivity: true }),
    );
    if (seeded) console.info('Data demo dimuat ke database kosong.');
  }
  // A shop others reach never opens with a password the README publishes, unless it says it is a
  // public demo (docs/decisions/043-production-defaults.md). The catch below stops the embedded database.
  if (config.PUBLIC_URL && !config.SEED_DEMO) {
    const published = await publicShop.accountsWithDemoPasswords(database.db);
    if (published.length > 0) {
      await database.close();
      throw new ConfigError(publicShop.demoPasswordRefusal(published));
    }
  }
  const app = await buildApp({ config, database });
  if (announcesForShop()) {
    if (config.publicDemo) console.info('Mode demo: PUBLIC_URL dan SEED_DEMO=true; setiap halaman bertuliskan "Mode demo".');
    if (config.PUBLIC_URL && !(await publicShop.hasActiveAdmin(database.db))) console.info(publicShop.createAdminHint);
    // Say plainly what takes money (docs/decisions/013-payments.md).
    console.info(await paymentProvidersLine(database.db, config));
    if (!config.SMTP_URL) console.info('Email: SMTP_URL tidak diisi; email disimpan di kotak keluar (admin: /admin/outbox).');
  }
  // Processes sharing a PostgreSQL elect one to run the jobs; PGlite's one process, and the one
  // process of an embedded PostgreSQL it started itself, run them without asking.
  const leadership = database.engine === 'postgres' && config.DATABASE_URL && !embedded ? advisoryLeadership(config.DATABASE_URL, app.log) : undefined;

  let closing = false;
  let stopJobs: () => Promise<void> = () => Promise.resolve();
  const jobsStop = new AbortController();
  const stopJobsAtSafePoint = () => {
    jobsStop.abort();
    return stopJobs();
  };
  // Draining (issue 27 §5, docs/decisions/067-lifecycle.md), in this order: readiness answers 503; the
  // listener closes, so a new connection is refused and a proxy tries the next server; requests in
  // flight finish (a later one on a kept-alive connection too, answered with `Connection: close`) and
  // idle connections close; the jobs stop at a safe point and give up their lock; then the database.
  // Whatever still runs at the deadline (a stalled SMTP server, a client that never reads) is cut.
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    startDraining();
    app.log.info({ signal }, 'server berhenti: menyelesaikan permintaan yang sedang berjalan');
    const hardExit = setTimeout(() => {
      app.log.error({ signal, deadline_ms: SHUTDOWN_DEADLINE_MS }, 'server tidak selesai berhenti tepat waktu; keluar paksa');
      process.exit(exitCode || 1);
    }, SHUTDOWN_DEADLINE_MS);
    hardExit.unref();
    let drainTimer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      Promise.all([connections.drain(), stopJobsAtSafePoint().then(() => leadership?.close())]).then(() => true),
      new Promise<false>((resolve) => {
        drainTimer = setTimeout(() => resolve(false), DRAIN_DEADLINE_MS);
      }),
    ]);
    clearTimeout(drainTimer);
    if (!drained) {
      app.log.error({ signal, deadline_ms: DRAIN_DEADLINE_MS }, 'permintaan atau tugas latar belum selesai saat batas waktu; koneksi diputus');
      connections.closeAll();
      await leadership?.close();
    }
    // The plugins' own closing; the listener and the connections are already closed.
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop();
    process.exit(exitCode);
  };
  // Before listening: the drain needs to know which connections have served a request.
  const connections = drainableServer(app.server);
  closeForLostDatabase = () => void shutdown('database lost', 1);
  process.off('SIGTERM', stopDuringStart);
  process.off('SIGINT', stopDuringStart);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const jobsPlan = await jobsAtStart(database.db, config.JOBS);
  // One line for the whole shop, not one per worker.
  if (jobsPlan.note && announcesForShop()) console.info(jobsPlan.note);
  if (jobsPlan.run && !closing) {
    stopJobs = startJobs({ db: database.db, config, log: app.log, stop: jobsStop.signal, metrics: app.metrics?.jobs ?? null, ...(leadership ? { shouldRun: () => leadership.isLeader() } : {}) });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  rememberListeningPort(port);
  if (cluster.isWorker) reportListening(port);
  else console.info(banner(port, database.engine === 'pglite' ? `PGlite di ${config.dataDir}` : engineLabel));
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
    console.error(error.message);
  } else {
    // Serialized: printed whole, a failed query's error quotes its values (an admin's e-mail, phone, hash).
    console.error('Gagal menjalankan server:', serializeError(error));
  }
  // A failed start leaves no database server behind.
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
