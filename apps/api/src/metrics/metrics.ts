/**
 * The shop's Prometheus metrics (issue 27 §6, docs/decisions/071-request-ids-and-metrics.md), one set
 * per app so that tests may build many. Two registries:
 * - this process's own figures: requests by route, background jobs, its database pool, Node's
 *   default process metrics. In a cluster each worker has its own and the primary sums them.
 * - figures read from the database at scrape time (orders, payments waiting, outbox backlog): the
 *   same whichever process reads them, so in a cluster one worker is asked for them (metrics/cluster-metrics.ts)
 *   and they are never multiplied by the number of processes.
 */
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { ORDER_STATUSES } from '@pasar/core/orders';
import type { Db } from '../db/client';
import { readDatabaseFigures, type DatabaseFigures } from './metrics.repository';

/** The jobs of apps/api/src/jobs.ts, by the names their metrics carry. */
export const JOB_NAMES = ['payment_expiry', 'rate_limit_cleanup', 'payment_reminders', 'shipment_autocomplete', 'figures_merge', 'stock_feed_prune', 'mail_outbox', 'whatsapp_outbox'] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** What the background jobs report (apps/api/src/jobs.ts). */
export interface JobMetrics {
  /** Runs one job's work, counting the run, a failure (the error is thrown on) and its time. */
  run<T>(job: JobName, work: () => Promise<T>): Promise<T>;
  /** One outbox run's messages: sent, and failed this attempt. */
  outboxSent(channel: 'email' | 'whatsapp', result: { sent: number; failed: number }): void;
}

export interface RequestObservation {
  method: string;
  /** The route's pattern (`/api/v1/products/:id`), undefined when no route matched. */
  route: string | undefined;
  statusCode: number;
  seconds: number;
}

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

export interface ShopMetrics {
  observeRequest(observation: RequestObservation): void;
  jobs: JobMetrics;
  /** Prometheus's text format: this process's figures, and the database's when asked. */
  text(withDatabase: boolean): Promise<string>;
  /** The same as JSON, for the cluster's primary to add up (AggregatorRegistry.aggregate). */
  json(withDatabase: boolean): Promise<MetricsJson>;
  contentType: string;
}

const OUTBOX_CHANNELS = ['email', 'whatsapp'] as const;
/** The outbox rows that are not done: waiting, being sent by a run, or given up (awaiting "Kirim ulang"). */
const OUTBOX_STATES = ['pending', 'sending', 'failed'] as const;
/** Known HTTP methods; anything else is one label value, so a client cannot mint series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Requests no route matched: the web app's pages drawn by the not-found handler, and real 404s. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface MetricsOptions {
  db: Db;
  /** Node's process metrics (memory, CPU, event loop, GC): off in tests that build many apps. */
  defaultMetrics: boolean;
  now?: () => Date;
}

/** The pg pool behind a drizzle handle on PostgreSQL (PGlite has none). */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export function createMetrics(options: MetricsOptions): ShopMetrics {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const processRegistry = new Registry();
  const databaseRegistry = new Registry();
  const own = [processRegistry];
  const shared = [databaseRegistry];

  // Node's own figures are read at scrape time; the event-loop monitor samples every 50 ms rather
  // than 10 (the idle shop keeps ~240 MB and little CPU: issue 27 §6).
  if (options.defaultMetrics) collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 50 });

  new Gauge({
    name: 'pasar_server_processes',
    help: 'Server processes that answered this scrape (summed across a cluster).',
    registers: own,
    collect() {
      this.set(1);
    },
  });

  const requests = new Histogram({
    name: 'pasar_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class; _count gives the request rate.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: own,
  });

  const jobRuns = new Counter({ name: 'pasar_job_runs_total', help: 'Background job runs by job.', labelNames: ['job'] as const, registers: own });
  const jobFailures = new Counter({ name: 'pasar_job_failures_total', help: 'Background job runs that failed, by job.', labelNames: ['job'] as const, registers: own });
  const jobSeconds = new Histogram({
    name: 'pasar_job_duration_seconds',
    help: 'Time one background job run took, by job.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 45, 120],
    registers: own,
  });
  const jobLastSuccess = new Gauge({
    name: 'pasar_job_last_success_timestamp_seconds',
    help: 'When a job last ran without failing (Unix time); the latest across a cluster.',
    labelNames: ['job'] as const,
    aggregator: 'max',
    registers: own,
  });
  const outboxSent = new Counter({ name: 'pasar_outbox_sent_total', help: 'Outbox messages sent, by channel.', labelNames: ['channel'] as const, registers: own });
  const outboxSendFailures = new Counter({
    name: 'pasar_outbox_send_failures_total',
    help: 'Outbox send attempts that failed (retried later, or given up), by channel.',
    labelNames: ['channel'] as const,
    registers: own,
  });

  const pool = poolOf(db);
  if (pool) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: own,
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('pasar_db_pool_connections', 'Connections the database pool holds (busy and idle).', (p) => p.totalCount);
    poolGauge('pasar_db_pool_idle_connections', 'Connections in the pool not in use.', (p) => p.idleCount);
    poolGauge('pasar_db_pool_waiting_requests', 'Queries waiting for a free connection of the pool.', (p) => p.waitingCount);
    poolGauge('pasar_db_pool_max_connections', 'The most connections the pool may open.', (p) => p.options.max ?? 10);
  }

  // One read per scrape: the gauges below collect at the same moment and share the read in flight.
  // A failed read is reported as pasar_database_up 0 and no other database figure, never as stale numbers.
  let reading: Promise<DatabaseFigures | null> | undefined;
  const figures = () => {
    reading ??= readDatabaseFigures(db)
      .catch(() => null)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  new Gauge({
    name: 'pasar_database_up',
    help: 'Whether the metrics could read the database at this scrape (1) or not (0).',
    aggregator: 'min',
    registers: shared,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  // Each figure below starts a scrape empty and, when the read failed, stays so: pasar_database_up says why.
  const databaseGauge = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: (gauge: Gauge<L>, read: DatabaseFigures) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      aggregator: 'max',
      registers: shared,
      async collect() {
        this.reset();
        const read = await figures();
        if (read) fill(this, read);
      },
    });
  databaseGauge('pasar_orders', 'Orders in the database by fulfilment status.', ['status'], (gauge, read) => {
    // Every fulfilment status (orders_status_valid), even at 0, so an alert can compare.
    for (const status of ORDER_STATUSES) gauge.set({ status }, read.ordersByStatus.find((row) => row.status === status)?.count ?? 0);
  });
  databaseGauge(
    'pasar_payments_waiting',
    'Payments waiting: for the buyer (awaiting_payment, unpaid orders not cancelled) or for an admin to check a transfer proof (awaiting_verification).',
    ['state'],
    (gauge, read) => {
      gauge.set({ state: 'awaiting_payment' }, read.awaitingPayment);
      gauge.set({ state: 'awaiting_verification' }, read.awaitingVerification);
    },
  );
  databaseGauge(
    'pasar_outbox_messages',
    'Outbox messages not sent yet, by channel and status (pending, sending, failed: given up, waiting for "Kirim ulang").',
    ['channel', 'status'],
    (gauge, read) => {
      for (const channel of OUTBOX_CHANNELS) {
        for (const status of OUTBOX_STATES) {
          gauge.set({ channel, status }, read.outbox.find((row) => row.channel === channel && row.status === status)?.count ?? 0);
        }
      }
    },
  );
  databaseGauge('pasar_outbox_oldest_due_seconds', 'How long the longest-waiting pending outbox message has been due, by channel (0: none is due).', ['channel'], (gauge, read) => {
    const at = now().getTime();
    for (const channel of OUTBOX_CHANNELS) {
      const due = read.outbox.find((row) => row.channel === channel && row.status === 'pending')?.earliestAttempt;
      gauge.set({ channel }, due ? Math.max(0, (at - due.getTime()) / 1000) : 0);
    }
  });

  const jobs: JobMetrics = {
    async run(job, work) {
      const stop = jobSeconds.startTimer({ job });
      jobRuns.inc({ job });
      try {
        const result = await work();
        jobLastSuccess.set({ job }, now().getTime() / 1000);
        return result;
      } catch (error) {
        jobFailures.inc({ job });
        throw error;
      } finally {
        stop();
      }
    },
    outboxSent(channel, result) {
      if (result.sent > 0) outboxSent.inc({ channel }, result.sent);
      if (result.failed > 0) outboxSendFailures.inc({ channel }, result.failed);
    },
  };
  // Zero rather than absent until a job first runs, so rate() and increase() see its start.
  for (const job of JOB_NAMES) {
    jobRuns.inc({ job }, 0);
    jobFailures.inc({ job }, 0);
  }

  return {
    jobs,
    contentType: processRegistry.contentType,
    observeRequest({ method, route, statusCode, seconds }) {
      requests.observe(
        { method: METHODS.has(method) ? method : 'OTHER', route: route ?? UNMATCHED_ROUTE, status_class: `${Math.floor(statusCode / 100)}xx` },
        seconds,
      );
    },
    async text(withDatabase) {
      const mine = await processRegistry.metrics();
      return withDatabase ? `${mine}\n${await databaseRegistry.metrics()}` : mine;
    },
    async json(withDatabase) {
      const mine = (await processRegistry.getMetricsAsJSON()) as MetricsJson;
      return withDatabase ? [...mine, ...((await databaseRegistry.getMetricsAsJSON()) as MetricsJson)] : mine;
    },
  };
}
