/**
 * Request ids and Prometheus metrics (issue 27 §6, docs/decisions/071-request-ids-and-metrics.md):
 * every answer carries X-Request-Id; /metrics is never the web app's HTML, never open without the
 * token; a scrape names routes by pattern and reads orders, payments and the outbox from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AggregatorRegistry } from 'prom-client';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { mailOutbox } from '../db/schema';
import { startJobs } from '../jobs';
import { createTestApp, testAppForBlock, testEngine, type TestApp } from '../test/app';
import { makeBusiness, makeProduct, type MadeProduct } from '../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../test/orders';
import { sample } from '../test/prometheus';
import { createMetrics, type MetricsJson } from './metrics';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const token = 'rahasia-metrik-0123456789abcdef';

describe(`X-Request-Id (${testEngine})`, () => {
  const t = testAppForBlock({ seed: false });

  it('is made when none comes, and sent back on every kind of answer', async () => {
    const answers = await Promise.all(
      [
        '/api/v1/health', // 200
        '/api/v1/tidak-ada', // 404 of the API
        '/api/v1/orders', // 401: the auth hook answers before any route
        '/', // the web app's page (or its 503 when the web app is not built)
        '/halaman/apa/saja', // the web app's not-found handler
        '/api/v1/catalog/products/%E0%A4%A', // a path that is not percent-encoding: the router refuses it
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, expect.any(Number), expect.any(Number), 400]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a proxy's sane id (nginx's $request_id, a UUID, a trace id)", async () => {
    for (const id of ['4f1c2a9be0d34b7c8a6e5d4c3b2a1f00', '0b7e4a52-1c3d-4e5f-8a9b-0c1d2e3f4a5b', 'req_01.abc:xyz-9']) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': id } });
      expect(answer.headers['x-request-id']).toBe(id);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/tidak-ada', headers: { 'x-request-id': 'abc-123' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['x-request-id']).toBe('abc-123');
  });

  it('replaces a hostile or oversized id with a new one', async () => {
    for (const id of ['a b', '<script>alert(1)</script>', 'x'.repeat(129), 'id-1, id-2', '"quoted"', 'ü-nicode']) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': id } });
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
    const longest = 'y'.repeat(128);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': longest } })).headers['x-request-id']).toBe(longest);
  });
});

describe(`/metrics on the shop's port (${testEngine})`, () => {
  it("is a 404 in the API's envelope when no token is configured, never the web app's page", async () => {
    const t = await createTestApp({ seed: false });
    try {
      expect(t.app.metrics).toBeNull();
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(answer.statusCode).toBe(404);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let product: MadeProduct;
    let local: LocalCourierOption;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: token } });
      await allowManyUnpaidOrders(t.db);
      product = await makeProduct(t.db, { business_id: (await makeBusiness(t.db)).id, price: 14000, stock: 40 });
      local = await localCourierOption(t.app);
    });
    afterAll(async () => {
      await t?.close();
    });

    const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

    it('answers 401 without the token or with another', async () => {
      for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, token, `Basic ${token}`]) {
        const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
        expect(answer.body).not.toContain('pasar_');
      }
    });

    it('counts requests by route pattern, orders, payments waiting and the outbox from the database', async () => {
      const before = (await scrape()).body;
      const ordersBefore = sample(before, 'pasar_orders', { status: 'pending' }) ?? 0;
      const waitingBefore = sample(before, 'pasar_payments_waiting', { state: 'awaiting_payment' }) ?? 0;
      const outboxBefore = sample(before, 'pasar_outbox_messages', { channel: 'email', status: 'pending' }) ?? 0;

      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.id}` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/catalog/products/999999999' })).statusCode).toBe(404);
      const placed = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: product.id, quantity: 1, local }) });
      expect(placed.statusCode).toBe(201);
      const mail = { kind: 'test', to_address: 'tamu@contoh.id', subject: 's', text_body: 't', html_body: 'h' };
      await t.db.insert(mailOutbox).values([
        { ...mail, status: 'failed' },
        { ...mail, status: 'pending', next_attempt_at: new Date(Date.now() - 120_000) },
      ]);

      const answer = await scrape();
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = answer.body;
      const route = '/api/v1/catalog/products/:id';
      expect(sample(text, 'pasar_http_request_duration_seconds_count', { method: 'GET', route, status_class: '2xx' })).toBe(3);
      expect(sample(text, 'pasar_http_request_duration_seconds_count', { method: 'GET', route, status_class: '4xx' })).toBe(1);
      expect(sample(text, 'pasar_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/orders', status_class: '2xx' })).toBe(1);
      // The pattern, never the raw path: one series per route, whatever ids are asked for.
      expect(text).not.toContain(`route="/api/v1/catalog/products/${product.id}"`);
      // In a label only: a duration sum such as 0.045484699999999975 may hold the digits by chance.
      expect(text).not.toMatch(/route="[^"]*999999999/);

      expect(sample(text, 'pasar_database_up')).toBe(1);
      expect(sample(text, 'pasar_orders', { status: 'pending' })).toBe(ordersBefore + 1);
      expect(sample(text, 'pasar_orders', { status: 'cancelled' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pasar_payments_waiting', { state: 'awaiting_payment' })).toBe(waitingBefore + 1);
      expect(sample(text, 'pasar_payments_waiting', { state: 'awaiting_verification' })).toBe(0);
      // A failed message waits for "Kirim ulang"; a pending one has been due for two minutes.
      expect(sample(text, 'pasar_outbox_messages', { channel: 'email', status: 'pending' })).toBeGreaterThanOrEqual(outboxBefore + 1);
      expect(sample(text, 'pasar_outbox_messages', { channel: 'email', status: 'failed' })).toBe(1);
      expect(sample(text, 'pasar_outbox_messages', { channel: 'whatsapp', status: 'failed' })).toBe(0);
      expect(sample(text, 'pasar_outbox_oldest_due_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(119);
      expect(sample(text, 'pasar_outbox_oldest_due_seconds', { channel: 'whatsapp' })).toBe(0);
      expect(sample(text, 'pasar_job_runs_total', { job: 'mail_outbox' })).toBe(0);
      expect(sample(text, 'pasar_server_processes')).toBe(1);
      // The pool's figures where there is a pool (PostgreSQL); PGlite has none.
      if (testEngine === 'postgres') expect(sample(text, 'pasar_db_pool_max_connections')).toBe(5);
      else expect(sample(text, 'pasar_db_pool_max_connections')).toBeUndefined();
    });
  });
});

describe('the metrics port (METRICS_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { METRICS_PORT: '0', PORT: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the metrics on 127.0.0.1 apart from the shop, and nothing else', async () => {
    const address = await t.app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address?.port}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(sample(text, 'pasar_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/health', status_class: '2xx' })).toBe(1);
    expect(sample(text, 'pasar_database_up')).toBe(1);
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(404);
    // No token configured: the shop's own /metrics stays closed.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for METRICS_TOKEN too when both are set', async () => {
    const both = await createTestApp({ seed: false, env: { METRICS_PORT: '0', PORT: '0', METRICS_TOKEN: token } });
    try {
      await both.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(await both.app.metricsAddress())?.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await both.close();
    }
  });
});

describe('job metrics', () => {
  it('count each job run, and a failure by job when its work throws', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
    const metrics = createMetrics({ db: database.db, defaultMetrics: false });
    const runJobs = async () => {
      let finished!: () => void;
      const done = new Promise<void>((resolve) => (finished = resolve));
      const log = { info: () => undefined, error: () => undefined, debug: () => finished() };
      const stop = startJobs({ db: database.db, config: loadConfig({ JOB_INTERVAL_MS: '0' }), log, metrics: metrics.jobs });
      await done;
      await stop();
    };
    await runJobs();
    let text = await metrics.text(false);
    for (const job of ['payment_expiry', 'rate_limit_cleanup', 'payment_reminders', 'shipment_autocomplete']) {
      expect(sample(text, 'pasar_job_runs_total', { job })).toBe(1);
      expect(sample(text, 'pasar_job_failures_total', { job })).toBe(0);
      expect(sample(text, 'pasar_job_last_success_timestamp_seconds', { job })).toBeGreaterThan(Date.now() / 1000 - 60);
    }
    // A closed database: every job's query fails, and each failure is counted under its job.
    await database.close();
    await runJobs();
    text = await metrics.text(false);
    expect(sample(text, 'pasar_job_runs_total', { job: 'payment_expiry' })).toBe(2);
    expect(sample(text, 'pasar_job_failures_total', { job: 'payment_expiry' })).toBe(1);
    expect(sample(text, 'pasar_job_failures_total', { job: 'shipment_autocomplete' })).toBe(1);
    // Read from a closed database, the database's figures say so and report nothing stale.
    const withDatabase = await metrics.text(true);
    expect(sample(withDatabase, 'pasar_database_up')).toBe(0);
    expect(sample(withDatabase, 'pasar_orders', { status: 'pending' })).toBeUndefined();
  });
});

describe('a cluster scrape (AggregatorRegistry in the primary)', () => {
  it("sums the workers' requests and reports the database's figures once, not once per worker", async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
    try {
      const workers = [0, 1, 2].map(() => createMetrics({ db: database.db, defaultMetrics: false }));
      workers.forEach((worker, i) => {
        for (let n = 0; n <= i; n++) worker.observeRequest({ method: 'GET', route: '/api/v1/health', statusCode: 200, seconds: 0.01 });
      });
      await database.db.insert(mailOutbox).values({ kind: 'test', to_address: 'a@contoh.id', subject: 's', text_body: 't', html_body: 'h', status: 'failed' });
      // As metrics/cluster-metrics.ts asks: the first worker with the database's figures, the others without.
      const answers: MetricsJson[] = await Promise.all(workers.map((worker, i) => worker.json(i === 0)));
      const text = await AggregatorRegistry.aggregate(answers).metrics();
      expect(sample(text, 'pasar_http_request_duration_seconds_count', { route: '/api/v1/health' })).toBe(6);
      expect(sample(text, 'pasar_server_processes')).toBe(3);
      expect(sample(text, 'pasar_outbox_messages', { channel: 'email', status: 'failed' })).toBe(1);
      expect(sample(text, 'pasar_database_up')).toBe(1);
      // Only the worker asked reads the database.
      expect(answers[1]?.map((metric) => metric.name)).not.toContain('pasar_outbox_messages');
      // Were every worker to send them (prom-client's own clusterMetrics() asks each for everything),
      // the database's figures still count once: their aggregator is max, not sum.
      const everyone = await AggregatorRegistry.aggregate(await Promise.all(workers.map((worker) => worker.json(true)))).metrics();
      expect(sample(everyone, 'pasar_outbox_messages', { channel: 'email', status: 'failed' })).toBe(1);
      expect(sample(everyone, 'pasar_payments_waiting', { state: 'awaiting_payment' })).toBe(0);
      expect(sample(everyone, 'pasar_database_up')).toBe(1);
    } finally {
      await database.close();
    }
  });
});
