/**
 * One scrape covers a cluster (docs/decisions/071-request-ids-and-metrics.md): a real `server.ts` under
 * WEB_CONCURRENCY=2 on a throwaway PostgreSQL; the primary's METRICS_PORT sums both workers' requests
 * and reports the database's figures once, and a worker asked on the shop's port with the token
 * answers the same sum.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../test/app';
import { sample } from '../test/prometheus';
import { killShop, shopBaseUrl, startShopProcess, type ShopProcess } from '../test/shop-process';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const token = 'rahasia-metrik-cluster-0123456789';

describe.runIf(postgresUrl)('metrics of WEB_CONCURRENCY=2 (runs in the PostgreSQL pass)', () => {
  let drop: (() => Promise<void>) | undefined;
  let url = '';
  let dataDir = '';
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    const created = await createThrowawayDatabase(postgresUrl as string);
    drop = created.drop;
    url = created.url;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-metrics-cluster-'));
    shop = startShopProcess({ DATABASE_URL: url, DATA_DIR: dataDir, WEB_CONCURRENCY: '2', SEED_DEMO: 'false', METRICS_PORT: '0', METRICS_TOKEN: token, LOG_LEVEL: 'info' });
  }, 60_000);

  afterAll(async () => {
    killShop(shop);
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sums the workers on METRICS_PORT and on /metrics, with the database figures counted once', async () => {
    const s = shop as ShopProcess;
    const base = await shopBaseUrl(s, 120_000);
    const metricsUrl = /Metrik Prometheus di (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(s.output())?.[1];
    expect(metricsUrl).toBeDefined();

    // One failed message in the outbox: reported as 1 whatever the number of workers.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body, status) VALUES ('test', 'a@contoh.id', 's', 't', 'h', 'failed')");
    await client.end();

    // New connections each: the cluster hands them to the workers in turn.
    for (let i = 0; i < 10; i++) expect((await fetch(`${base}/api/v1/health`, { headers: { connection: 'close' } })).status).toBe(200);

    const headers = { authorization: `Bearer ${token}` };
    expect((await fetch(metricsUrl as string)).status).toBe(401);
    const onPort = await (await fetch(metricsUrl as string, { headers })).text();
    expect(sample(onPort, 'pasar_server_processes')).toBe(2);
    expect(sample(onPort, 'pasar_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/health', status_class: '2xx' })).toBe(10);
    expect(sample(onPort, 'pasar_outbox_messages', { channel: 'email', status: 'failed' })).toBe(1);
    expect(sample(onPort, 'pasar_database_up')).toBe(1);
    expect(sample(onPort, 'pasar_db_pool_max_connections')).toBe(20);

    const onShop = await fetch(`${base}/metrics`, { headers });
    expect(onShop.status).toBe(200);
    const text = await onShop.text();
    expect(sample(text, 'pasar_server_processes')).toBe(2);
    expect(sample(text, 'pasar_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/health', status_class: '2xx' })).toBe(10);
    expect(sample(text, 'pasar_outbox_messages', { channel: 'email', status: 'failed' })).toBe(1);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);

    process.kill(s.child.pid as number, 'SIGTERM');
    expect(await s.exited).toBe(0);
  }, 180_000);
});
