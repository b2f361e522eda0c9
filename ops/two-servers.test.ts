/**
 * Two shop servers on one PostgreSQL behind nginx, configured as docs/deploy.md says (issue 27 §8, decision 073):
 * both started at once on an empty database; a proof uploaded through one is shown through the other (files in
 * S3, here s3rver); kill -9 of one under load loses no acknowledged order and oversells nothing; a rolling
 * restart (SIGTERM, wait for the exit, start, wait for readiness; then the other) fails no request.
 * Run by `npm run test:ops` (scripts/test-ops.mjs), which says why when nginx or PostgreSQL is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createDatabase,
  freePort,
  guestOrder,
  lanes,
  only,
  localCourier,
  opsPrerequisites,
  serverCommand,
  shopServer,
  signIn,
  sleep,
  waitFor,
  startNginx,
  startS3,
  tally,
  tempDir,
  tinyPng,
  type LocalCourier,
  type ShopServer,
  type TestDatabase,
  type TestNginx,
  type TestS3,
} from './support';

/** nginx leaves a server out this long after a failed connect (fail_timeout in docs/deploy/nginx.conf), plus a margin. */
const NGINX_FAIL_TIMEOUT_MS = 5_000 + 1_000;
const HOT_STOCK = 80;

let tmp: ReturnType<typeof tempDir>;
let database: TestDatabase;
let s3: TestS3;
let a: ShopServer;
let b: ShopServer;
let nginx: TestNginx;
let courier: LocalCourier;
/** Products sent from the store's own district (one origin: the local courier delivers), without variants or options. */
let spread: number[] = [];
let hot: number;

interface Outcome {
  status: number;
  orderId?: number;
  kind: 'order' | 'get';
}

async function placeThrough(baseUrl: string, productId: number): Promise<Outcome> {
  const { body } = guestOrder(productId, courier);
  try {
    const res = await call<{ id: number }>(baseUrl, 'POST', '/api/v1/orders', { json: body });
    return { status: res.status, kind: 'order', ...(res.status === 201 && res.body?.data ? { orderId: res.body.data.id } : {}) };
  } catch {
    // No answer at all (the connection to nginx broke): a failed request like any other.
    return { status: 0, kind: 'order' };
  }
}

/** Of the acknowledged orders, the ones the database does not have. */
async function missingOrders(outcomes: Outcome[]): Promise<number[]> {
  const acked = outcomes.flatMap((o) => (o.orderId !== undefined ? [o.orderId] : []));
  const found = await database.query<{ id: number }>('SELECT id FROM orders WHERE id = ANY($1::int[])', [acked]);
  const have = new Set(found.map((r) => r.id));
  return acked.filter((id) => !have.has(id));
}

describe('two shop servers behind nginx', () => {
  beforeAll(async () => {
    const missing = await opsPrerequisites();
    // scripts/test-ops.mjs reports a machine without nginx or PostgreSQL as skipped before it gets here.
    if (missing) throw new Error(`cannot run: ${missing}`);
    tmp = tempDir('two');
    database = await createDatabase('ops_two');
    s3 = await startS3(tmp.dir);
    const env = {
      DATABASE_URL: database.url,
      ...s3.env,
      TRUST_PROXY: '1',
      WEB_CONCURRENCY: '1',
      // One key for both servers: their DATA_DIRs differ (README, CHECKOUT_QUOTE_SECRET).
      CHECKOUT_QUOTE_SECRET: 'ops-test-quote-secret-0123456789abcdef',
      SEED_DEMO: 'true',
    };
    a = shopServer('a', await freePort(), tmp.dir, env);
    b = shopServer('b', await freePort(), tmp.dir, env);
    console.info(`ops: servers run ${serverCommand().built ? 'apps/api/dist/server.js (built)' : 'apps/api/src/server.ts through tsx'}; files under ${tmp.dir}`);
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a, b].map((s) => (s?.running() ? s.stop().catch(() => s.kill9()) : undefined)));
    await s3?.close();
    await database?.drop();
    tmp?.remove();
  });

  it('both servers started at the same moment on an empty database come up (migrations and demo seed under one lock)', async () => {
    const started = await Promise.allSettled([a.start(), b.start()]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const { n: migrations } = only(await database.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'));
    const migrationFiles = fs.readdirSync(path.join(import.meta.dirname, '../apps/api/src/db/migrations')).filter((f) => f.endsWith('.sql'));
    expect(migrations).toBe(migrationFiles.length);
    // The demo seed ran once: one admin account, not two attempts at it.
    const { n: admins } = only(await database.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE lower(username) = 'admin'"));
    expect(admins).toBe(1);
    // The demo's drawn images went to the shared store, so either server (and the browser) finds them.
    expect(s3.keys().filter((k) => k.startsWith('products/')).length).toBeGreaterThan(0);
    for (const side of ['a-data', 'b-data']) expect(fs.existsSync(path.join(tmp.dir, side, 'uploads', 'products'))).toBe(false);

    nginx = await startNginx(tmp.dir, [a.port, b.port]);
    expect((await call(nginx.url, 'GET', '/api/v1/health/ready')).status).toBe(200);

    courier = await localCourier(nginx.url);
    const rows = await database.query<{ id: number }>(
      `SELECT p.id FROM products p
        WHERE p.is_active AND p.option_groups = '[]'::jsonb
          AND (p.business_id IS NULL OR EXISTS (SELECT 1 FROM businesses b WHERE b.id = p.business_id AND (b.district_id IS NULL OR b.district_id = 327319)))
          AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
        ORDER BY p.id LIMIT 9`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    hot = rows[0]!.id;
    spread = rows.slice(1).map((r) => r.id);
    await database.query('UPDATE products SET stock = 100000 WHERE id = ANY($1::int[])', [spread]);
    await database.query('UPDATE products SET stock = $2 WHERE id = $1', [hot, HOT_STOCK]);
  });

  it('a payment proof uploaded through server A is shown to the admin through server B', async () => {
    const placed = await call<{ id: number; order_url: string }>(a.url, 'POST', '/api/v1/orders', { json: guestOrder(spread[0]!, courier).body });
    expect(placed.status).toBe(201);
    const order = placed.body!.data!;
    const token = order.order_url.split('/').pop()!;
    const form = new FormData();
    form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'bukti.png');
    const uploaded = await call(a.url, 'POST', `/api/v1/orders/access/${token}/payment-proof`, { form });
    expect(uploaded.status).toBe(200);

    const admin = await signIn(b.url, 'admin', 'admin12345');
    const proof = await fetch(`${b.url}/api/v1/orders/${order.id}/payment/proof`, { headers: { authorization: `Bearer ${admin}` } });
    expect(proof.status).toBe(200);
    expect(Buffer.from(await proof.arrayBuffer()).equals(tinyPng)).toBe(true);
    // It is in the shared store, not on A's disk (where only A could read it).
    const localProofs = path.join(tmp.dir, 'a-data', 'payment-proofs');
    expect(fs.existsSync(localProofs) ? fs.readdirSync(localProofs, { recursive: true }).filter((f) => !fs.statSync(path.join(localProofs, String(f))).isDirectory()) : []).toEqual([]);
    expect(s3.keys().filter((k) => k.includes('payment-proofs/'))).toHaveLength(1);
  });

  it('kill -9 of one server under load: every acknowledged order is in the database, no stock oversold', async () => {
    const { before } = only(await database.query<{ before: number }>('SELECT coalesce(max(id), 0)::int AS before FROM orders'));
    const outcomes: Outcome[] = [];
    const TOTAL = 360;
    const CONCURRENCY = 30;
    let sent = 0;
    let killedAt = -1;
    await lanes(
      CONCURRENCY,
      () => sent >= TOTAL,
      async () => {
        sent += 1;
        // One order in three on the product with little stock: it sells out during the run.
        const product = sent % 3 === 0 ? hot : spread[sent % spread.length]!;
        outcomes.push(await placeThrough(nginx.url, product));
        if (killedAt < 0 && outcomes.length >= 100) {
          killedAt = outcomes.length;
          await a.kill9();
        }
      },
    );
    console.info(`ops: kill -9 under load: ${outcomes.length} orders sent, A killed after ${killedAt} answers; statuses ${tally(outcomes, (o) => String(o.status))}`);

    expect(killedAt).toBeGreaterThan(0);
    const acked = outcomes.filter((o) => o.orderId !== undefined);
    expect(acked.length).toBeGreaterThan(100);
    expect(await missingOrders(outcomes)).toEqual([]);
    // Only what was in flight on A when it died may fail (a POST that reached A is never retried).
    const failed = outcomes.filter((o) => o.status !== 201 && o.status !== 409);
    expect(failed.length).toBeLessThanOrEqual(CONCURRENCY);
    // B kept taking orders after the kill.
    expect(outcomes.slice(killedAt + CONCURRENCY).filter((o) => o.status === 201).length).toBeGreaterThan(50);

    const { sold, stock } = only(await database.query<{ sold: number; stock: number }>(
      `SELECT (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id
                WHERE i.product_id = $1 AND o.id > $2 AND o.status <> 'cancelled') AS sold,
              (SELECT stock FROM products WHERE id = $1) AS stock`,
      [hot, before],
    ));
    expect(sold).toBeLessThanOrEqual(HOT_STOCK);
    expect(stock).toBe(HOT_STOCK - sold);
    expect(outcomes.some((o) => o.status === 409)).toBe(true);

    // A comes back on the same database and port.
    await a.start();
  });

  /** For a failed request: the servers' warnings and errors and what nginx logged since `errorLogFrom`. */
  const whyFailed = (errorLogFrom: number): string => {
    const serverLines = [a, b].flatMap((server) =>
      server
        .log()
        .split('\n')
        .filter((line) => /"level":[4-6]0/.test(line))
        .slice(-8)
        .map((line) => `${server.name}: ${line}`),
    );
    return ['server warnings and errors:', ...serverLines, 'nginx:', nginx.errorLog().slice(errorLogFrom).split('\n').slice(-12).join('\n')].join('\n');
  };

  it('a rolling restart (SIGTERM A, start it, then B) under a steady stream of GETs and orders fails no request', async () => {
    // nginx tries A again once its fail_timeout after the kill has passed.
    await sleep(NGINX_FAIL_TIMEOUT_MS);
    const errorLogBefore = nginx.errorLog().length;
    const outcomes: Outcome[] = [];
    let done = false;
    const load = lanes(
      6,
      () => done,
      async (lane) => {
        if (lane % 3 === 2) {
          outcomes.push(await placeThrough(nginx.url, spread[outcomes.length % spread.length]!));
          return;
        }
        const urlPath = lane % 3 === 0 ? '/api/v1/catalog/products/?page_size=5' : `/api/v1/catalog/products/${spread[0]}`;
        try {
          const res = await fetch(`${nginx.url}${urlPath}`);
          await res.arrayBuffer();
          outcomes.push({ status: res.status, kind: 'get' });
        } catch {
          outcomes.push({ status: 0, kind: 'get' });
        }
      },
    );
    const exits: { server: string; code: number | null; ms: number }[] = [];
    try {
      await sleep(1_000);
      for (const server of [a, b]) {
        const exit = await server.stop(15_000);
        exits.push({ server: server.name, code: exit.code, ms: exit.ms });
        await server.start();
        await sleep(NGINX_FAIL_TIMEOUT_MS);
      }
    } finally {
      done = true;
      await load;
    }
    const failed = outcomes.filter((o) => (o.kind === 'order' ? o.status !== 201 : o.status !== 200));
    console.info(`ops: rolling restart: ${outcomes.length} requests (${tally(outcomes, (o) => `${o.kind} ${o.status}`)}); exits ${exits.map((e) => `${e.server} code ${e.code} in ${e.ms} ms`).join(', ')}`);
    expect(outcomes.filter((o) => o.kind === 'order').length).toBeGreaterThan(20);
    expect(failed, failed.length > 0 ? whyFailed(errorLogBefore) : undefined).toEqual([]);
    expect(await missingOrders(outcomes)).toEqual([]);
    // Draining: a clean exit within 10 s of SIGTERM (issue 27 §5).
    for (const e of exits) {
      expect(e.code).toBe(0);
      expect(e.ms).toBeLessThan(10_000);
    }
    // No POST reached a server that then dropped it (nginx would not have retried it): refused connects only.
    const dropped = nginx.errorLog().slice(errorLogBefore).split('\n').filter((l) => /request: "POST/.test(l) && !/connect\(\) failed \(111/.test(l));
    expect(dropped).toEqual([]);
  });

  it('nginx gives each request an X-Request-Id that the answer returns and the server logs', async () => {
    const res = await fetch(`${nginx.url}/api/v1/catalog/products/?page_size=1`);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // nginx writes its access line after the answer has gone out, and the server's log line reaches the pipe a moment later.
    await waitFor('the id in nginx\'s access log and a server\'s log', () => nginx.accessLog().includes(`id=${id}`) && (a.log().includes(id!) || b.log().includes(id!)), 5_000, 50);
  });
});
