/**
 * Request ids and metrics on the app (issue 27 §6, docs/decisions/071-request-ids-and-metrics.md).
 * - Every answer carries `X-Request-Id` (metrics/request-id.ts chooses it), errors, 404s, the web
 *   app's pages and a hijacked stream included: it is set on the raw response before anything else.
 * - With METRICS_TOKEN or METRICS_PORT set, each answered request is timed by route pattern.
 * - `GET /metrics` on the shop's port answers only with `Authorization: Bearer <METRICS_TOKEN>`;
 *   without a token configured it is a 404 like any unknown API path, never the web app's HTML.
 * - METRICS_PORT: a port of its own, started once the app listens (in a cluster the primary holds it).
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, genericMessages } from '@pasar/core/errors';
import type { AppDeps } from '../deps';
import { answerPrimaryScrapes, askPrimaryForSum } from './cluster-metrics';
import { createMetrics, type ShopMetrics } from './metrics';
import { bearerMatches, listenForMetrics, type MetricsPort } from './metrics-port';
import { REQUEST_ID_HEADER } from './request-id';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics; null when neither METRICS_TOKEN nor METRICS_PORT is set. */
    metrics: ShopMetrics | null;
    /** Where METRICS_PORT listens in this process once the app listens (undefined: it does not). */
    metricsAddress(): Promise<AddressInfo | undefined>;
  }
}

/**
 * The router's own refusals (a path that is not percent-encoding, a parameter too long) are answered
 * before any hook runs: Fastify's `frameworkErrors`, wrapped, sets the header for them.
 */
export function withRequestIdHeader<Handler extends (error: never, request: FastifyRequest, reply: FastifyReply) => void>(handler: Handler): Handler {
  return ((error: never, request: FastifyRequest, reply: FastifyReply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    handler(error, request, reply);
  }) as Handler;
}

/** First of all hooks, so that an answer from any later hook (401, 403, 429) carries it too. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
  });
}

export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  const { config } = deps;
  const token = config.METRICS_TOKEN;
  const metrics =
    token !== undefined || config.METRICS_PORT !== undefined
      ? createMetrics({ db: deps.database.db, defaultMetrics: config.NODE_ENV !== 'test', ...(deps.now ? { now: deps.now } : {}) })
      : null;
  let port: MetricsPort | undefined;
  let starting: Promise<void> | undefined;
  app.decorate('metrics', metrics);
  app.decorate('metricsAddress', async () => {
    await starting;
    return port?.address();
  });

  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest({ method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode, seconds: reply.elapsedTime / 1000 });
    });
    if (cluster.isWorker) {
      const stop = answerPrimaryScrapes(metrics);
      app.addHook('onClose', async () => stop());
    } else if (config.METRICS_PORT !== undefined) {
      const metricsPort = config.METRICS_PORT;
      // Fastify runs onListen hooks without waiting for them; metricsAddress() waits for this one.
      const open = async () => {
        try {
          port = await listenForMetrics({ port: metricsPort, host: config.METRICS_HOST, token, contentType: metrics.contentType, read: () => metrics.text(true) });
        } catch (error) {
          app.log.error({ err: error }, `port metrik ${metricsPort} tidak dapat dibuka; metrik hanya lewat /metrics dengan METRICS_TOKEN`);
          return;
        }
        const { address, port: number } = port.address();
        app.log.info({ metrics: `http://${address}:${number}/metrics` }, 'metrik Prometheus siap');
      };
      app.addHook('onListen', async () => {
        starting = open();
        await starting;
      });
      app.addHook('onClose', async () => {
        await starting;
        await port?.close();
      });
    }
  }

  app.get('/metrics', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    if (!metrics || token === undefined) throw new AppError('NOT_FOUND', genericMessages.routeNotFound);
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
    }
    // In a cluster this process knows only its own share: the primary sums every worker's.
    const text = cluster.isWorker ? await askPrimaryForSum().catch(() => Promise.reject(new AppError('SERVICE_UNAVAILABLE', genericMessages.unavailable))) : await metrics.text(true);
    return reply.type(metrics.contentType).header('Cache-Control', 'no-store').send(text);
  });
}
