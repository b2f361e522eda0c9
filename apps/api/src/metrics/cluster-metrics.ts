/**
 * Metrics of a cluster (WEB_CONCURRENCY > 1, cluster.ts): the primary, which serves nothing, asks
 * every worker for its figures over the cluster's IPC channel and adds them up with prom-client's
 * AggregatorRegistry.aggregate, so one scrape covers the whole shop. Only the first worker is asked
 * for the database's figures (orders, payments waiting, outbox): they are the same in every process
 * and must not be counted once per worker. prom-client's own clusterMetrics() is not used: it fails
 * the whole scrape when one worker is still starting, and asks every worker for everything.
 * A worker's `/metrics` on the main port (METRICS_TOKEN) asks the primary for the same sum.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { MetricsJson, ShopMetrics } from './metrics';
import { listenForMetrics, type MetricsPort } from './metrics-port';

/** primary → worker: your figures, please. */
interface ScrapeRequest {
  pasar: 'metrics-scrape';
  id: number;
  withDatabase: boolean;
}
/** worker → primary: its figures. */
interface ScrapeAnswer {
  pasar: 'metrics-figures';
  id: number;
  metrics?: MetricsJson;
}
/** worker → primary: the whole cluster's text, for a scrape that came to the worker. */
interface SumRequest {
  pasar: 'metrics-sum';
  id: number;
}
/** primary → worker: the whole cluster's text. */
interface SumAnswer {
  pasar: 'metrics-sum-result';
  id: number;
  text?: string;
}

function isMessage<T extends { pasar: string; id: number }>(message: unknown, kind: T['pasar']): message is T {
  return typeof message === 'object' && message !== null && (message as { pasar?: unknown }).pasar === kind && typeof (message as { id?: unknown }).id === 'number';
}

const contentType = AggregatorRegistry.PROMETHEUS_CONTENT_TYPE;

export interface PrimaryMetricsOptions {
  /** METRICS_PORT: listen on it; absent, the primary only answers its workers' sums (METRICS_TOKEN). */
  port: number | undefined;
  host: string;
  token: string | undefined;
  /** How long a scrape waits for workers; one that is starting or stuck is left out. */
  timeoutMs?: number;
}

/** In the primary: sums on request from workers, and the metrics port when configured. */
export async function startPrimaryMetrics(options: PrimaryMetricsOptions): Promise<{ port: MetricsPort | undefined; close(): Promise<void> }> {
  const timeoutMs = options.timeoutMs ?? 3_000;
  let sequence = 0;
  const scrapes = new Map<number, { waiting: Set<number>; answers: MetricsJson[]; finish: () => void }>();

  const scrapeWorkers = (): Promise<string> => {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
    const id = ++sequence;
    return new Promise<string>((resolve, reject) => {
      const answers: MetricsJson[] = [];
      const finish = () => {
        clearTimeout(timer);
        scrapes.delete(id);
        AggregatorRegistry.aggregate(answers)
          .metrics()
          .then(resolve, reject);
      };
      const timer = setTimeout(finish, timeoutMs);
      scrapes.set(id, { waiting: new Set(workers.map((w) => w.id)), answers, finish });
      if (workers.length === 0) finish();
      // The lowest id is the longest-lived worker: the likeliest to be ready for the database's figures.
      workers.forEach((worker, index) => {
        const request: ScrapeRequest = { pasar: 'metrics-scrape', id, withDatabase: index === 0 };
        worker.send(request);
      });
    });
  };

  const onMessage = (worker: Worker, message: unknown) => {
    if (isMessage<ScrapeAnswer>(message, 'metrics-figures')) {
      const scrape = scrapes.get(message.id);
      if (!scrape || !scrape.waiting.delete(worker.id)) return;
      if (message.metrics) scrape.answers.push(message.metrics);
      if (scrape.waiting.size === 0) scrape.finish();
    } else if (isMessage<SumRequest>(message, 'metrics-sum')) {
      const reply = (answer: SumAnswer) => {
        if (worker.isConnected()) worker.send(answer);
      };
      scrapeWorkers().then(
        (text) => reply({ pasar: 'metrics-sum-result', id: message.id, text }),
        () => reply({ pasar: 'metrics-sum-result', id: message.id }),
      );
    }
  };
  cluster.on('message', onMessage);
  const port =
    options.port === undefined ? undefined : await listenForMetrics({ port: options.port, host: options.host, token: options.token, contentType, read: scrapeWorkers });
  return {
    port,
    async close() {
      cluster.off('message', onMessage);
      await port?.close();
    },
  };
}

/** In a worker: answers the primary's scrapes with this process's figures. Returns how to stop. */
export function answerPrimaryScrapes(metrics: ShopMetrics): () => void {
  const onMessage = (message: unknown) => {
    if (!isMessage<ScrapeRequest>(message, 'metrics-scrape')) return;
    const send = (answer: ScrapeAnswer) => process.send?.(answer);
    metrics.json(message.withDatabase).then(
      (figures) => send({ pasar: 'metrics-figures', id: message.id, metrics: figures }),
      () => send({ pasar: 'metrics-figures', id: message.id }),
    );
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}

let sumSequence = 0;

/** In a worker: the whole cluster's metrics, through the primary. */
export function askPrimaryForSum(timeoutMs = 5_000): Promise<string> {
  const id = ++sumSequence;
  return new Promise((resolve, reject) => {
    const done = (outcome: () => void) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      outcome();
    };
    const onMessage = (message: unknown) => {
      if (!isMessage<SumAnswer>(message, 'metrics-sum-result') || message.id !== id) return;
      const text = message.text;
      done(() => (text === undefined ? reject(new Error('the primary could not sum the metrics')) : resolve(text)));
    };
    const timer = setTimeout(() => done(() => reject(new Error('the primary did not answer'))), timeoutMs);
    process.on('message', onMessage);
    const request: SumRequest = { pasar: 'metrics-sum', id };
    process.send?.(request);
  });
}
