/**
 * All cores (issue 15, docs/decisions/034-all-cores.md): WEB_CONCURRENCY server processes share PORT
 * through node:cluster (default: one per core with DATABASE_URL set, one on the embedded PostgreSQL,
 * which the primary then starts and stops: server.ts). The primary only
 * supervises: it opens no database, serves nothing, and runs no job. Each worker is server.ts as one
 * process would run it; what they must share already lives in PostgreSQL (rate limits: decision 025;
 * the assistant's index rebuilds on a version read from the database), and the background jobs run
 * in the one worker that holds the jobs' advisory lock (cluster-jobs.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Config } from './config';
import type { PrimaryMetricsOptions } from './metrics/cluster-metrics';

export interface ProcessPlan {
  /** Server processes to run: 1 means no cluster at all. */
  count: number;
  /** Why a WEB_CONCURRENCY that was asked for is not followed, to say at start. */
  ignored?: string;
}

/** The database a shop without DATABASE_URL runs in its DATA_DIR. */
export type EmbeddedEngine = 'postgres' | 'pglite';

export function processPlan(
  config: Pick<Config, 'DATABASE_URL' | 'WEB_CONCURRENCY'>,
  embedded: EmbeddedEngine,
  cores = os.availableParallelism(),
): ProcessPlan {
  if (config.DATABASE_URL) return { count: config.WEB_CONCURRENCY ?? cores };
  // Each Node process costs ~160 MB: the embedded shop is sized for a small machine (decision 035).
  if (embedded === 'postgres') return { count: config.WEB_CONCURRENCY ?? 1 };
  // PGlite is one process by design: a second one on the same files loses writes (decision 024).
  return config.WEB_CONCURRENCY && config.WEB_CONCURRENCY > 1
    ? {
        count: 1,
        ignored: `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} diabaikan: database tertanam (PGlite) hanya dibuka satu proses. Setel DATABASE_URL (PostgreSQL) untuk memakai semua inti prosesor.`,
      }
    : { count: 1 };
}

/** What a worker tells the primary once it listens. */
export interface ListeningMessage {
  pasar: 'listening';
  port: number;
}

export function isListeningMessage(message: unknown): message is ListeningMessage {
  return typeof message === 'object' && message !== null && (message as { pasar?: unknown }).pasar === 'listening';
}

/** Called by a worker once it listens; the primary announces the shop when all of them do. */
export function reportListening(port: number): void {
  const message: ListeningMessage = { pasar: 'listening', port };
  process.send?.(message);
}

/** Whether this process should say the start-up lines once for the whole shop (the first worker, or the only process). */
export function announcesForShop(): boolean {
  return !cluster.isWorker || cluster.worker?.id === 1;
}

export interface PrimaryOptions {
  count: number;
  /** The line that says where the shop runs, once every worker listens. */
  banner: (port: number) => string;
  /** How long workers get to finish their requests on SIGTERM before they are killed. */
  stopTimeoutMs?: number;
  /** Runs once every worker has exited, before the primary does (it stops the embedded database). */
  afterWorkers?: () => Promise<void>;
  /**
   * METRICS_PORT and/or METRICS_TOKEN set: the primary sums its workers' metrics (metrics/cluster-metrics.ts,
   * docs/decisions/071-request-ids-and-metrics.md), on METRICS_PORT and for a worker asked on the shop's port.
   */
  metrics?: PrimaryMetricsOptions;
}

/**
 * Forks the workers and keeps `count` of them running until SIGTERM/SIGINT.
 * - The first worker starts alone: it applies the migrations and seeds an empty database, which
 *   two processes must not do at the same moment; the others start once it listens.
 * - A worker that fails before the shop ever listened stops the start (its error is on stderr): a
 *   bad configuration or an unreachable database would fail every replacement too.
 * - After that, a worker that exits is replaced, after a pause that doubles while replacements keep
 *   dying young (at most 30 s), so a database outage does not spin the machine.
 * - SIGTERM/SIGINT: no more replacements, every worker gets SIGTERM and closes as one process would
 *   (stops taking connections, finishes its requests and jobs, closes its pool); the primary exits
 *   when all have, or kills what is left after `stopTimeoutMs`.
 */
export function runPrimary(options: PrimaryOptions): { stop(exitCode: number): void } {
  // Workers exit by 9 s on their own (server.ts); this is for one that hangs, within issue 27's 10 s.
  const stopTimeoutMs = options.stopTimeoutMs ?? 9_500;
  let stopping = false;
  let started = false;
  let pause = 0;
  const bornAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    bornAt.set(worker.id, Date.now());
    return worker;
  };

  const listening = (worker: Worker) =>
    new Promise<number>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (!isListeningMessage(message)) return;
        worker.off('exit', onExit);
        worker.off('message', onMessage);
        resolve(message.port);
      };
      const onExit = (code: number | null, signal: string | null) => {
        worker.off('message', onMessage);
        reject(new Error(`exit ${code ?? signal}`));
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (bornAt.get(worker.id) ?? 0);
    bornAt.delete(worker.id);
    if (stopping || !started) return;
    pause = lived < 10_000 ? Math.min(30_000, Math.max(1_000, pause * 2)) : 0;
    console.warn(
      `Proses server ${worker.process.pid} berhenti (${signal ? `sinyal ${signal}` : `kode ${code}`}); diganti${pause ? ` dalam ${pause / 1000} detik` : ''}.`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, pause).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    for (const w of workers) w.process.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    const killer = setTimeout(() => {
      for (const w of workers) if (w.process.exitCode === null && w.process.signalCode === null) w.process.kill('SIGKILL');
    }, stopTimeoutMs);
    void Promise.all(workers.map((w) => (w.isDead() ? Promise.resolve() : new Promise((r) => w.once('exit', r)))))
      .then(() => {
        clearTimeout(killer);
        return options.afterWorkers?.();
      })
      .finally(() => process.exit(process.exitCode ?? 0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (options.metrics) {
    const metricsOptions = options.metrics;
    // Loaded only when asked for: the primary otherwise holds no metrics code (decision 035's memory).
    void import('./metrics/cluster-metrics')
      .then(async ({ startPrimaryMetrics }) => {
        const served = await startPrimaryMetrics(metricsOptions);
        const address = served.port?.address();
        if (address) console.info(`Metrik Prometheus di http://${address.address}:${address.port}/metrics`);
      })
      .catch((error: unknown) => {
        // A port already taken is a configuration error: the shop stops rather than run unwatched.
        console.error(`Port metrik ${metricsOptions.port ?? ''} tidak dapat dibuka: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
        stop('SIGTERM');
      });
  }

  void (async () => {
    try {
      const port = await listening(fork());
      await Promise.all(Array.from({ length: options.count - 1 }, () => listening(fork())));
      started = true;
      console.info(options.banner(port));
    } catch {
      if (stopping) return;
      // The worker printed why; the others (if any) go with it.
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
      for (const w of workers) w.process.kill('SIGTERM');
      process.exitCode = 1;
      await Promise.all(workers.map((w) => (w.isDead() ? Promise.resolve() : new Promise((r) => w.once('exit', r)))));
      await options.afterWorkers?.();
      process.exit(1);
    }
  })();

  // The shop's embedded database is lost for good (server.ts): the workers close as on SIGTERM, and
  // the primary exits with this code so that a supervisor restarts the shop.
  return {
    stop(exitCode) {
      process.exitCode = exitCode;
      stop('SIGTERM');
    },
  };
}
