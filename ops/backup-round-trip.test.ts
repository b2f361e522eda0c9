/**
 * Backup → restore → start, as docs/deploy.md tells an operator (issue 27 §3 and "Done when", decision 073):
 * a shop with orders, product images, a payment proof and mail waiting to be sent is backed up with
 * `npm run backup` while orders are being placed, restored with `npm run restore` into an empty database (and,
 * for the embedded default, into an empty DATA_DIR), and a server started on the copy: every order acknowledged
 * before the backup is there whole, images and the proof read back byte for byte, the copy starts with its jobs
 * held and sends nothing, and once started with JOBS=on it sends new mail but none that waited at backup time.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
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
  root,
  shopServer,
  signIn,
  sleep,
  startSmtp,
  tempDir,
  tinyPng,
  waitFor,
  type LocalCourier,
  type ShopServer,
  type TestDatabase,
  type TestSmtp,
} from './support';

/** `npm run <script> -- args` as an operator types it; resolves with its output, rejects on a non-zero exit. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run ${script} exited ${code}:\n${out}`))));
  });
}

/** What the test remembers of the source shop, to find again in the copy. */
interface Before {
  /** Orders acknowledged (201) before the backup started. */
  orders: { id: number; total_amount: number }[];
  proofOrderId: number;
  /** Public image addresses and their bytes. */
  images: { url: string; bytes: Buffer }[];
  /** Guests of those orders: the buyers whose mail was still pending when the backup started. */
  buyers: string[];
  /** Mail still pending when the backup started. */
  pendingIds: number[];
}

async function readImage(baseUrl: string, url: string): Promise<Buffer> {
  const res = await fetch(url.startsWith('http') ? url : `${baseUrl}${url}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function proofBytes(baseUrl: string, orderId: number): Promise<Buffer> {
  const admin = await signIn(baseUrl, 'admin', 'admin12345');
  const res = await fetch(`${baseUrl}/api/v1/orders/${orderId}/payment/proof`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Runs `query` against a server's database, by URL (the external PostgreSQL) or through the test's own pool. */
type Query = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;

/**
 * Puts a running source shop into the state the round trip needs: orders, one with a proof, mail pending (the
 * source runs with JOBS=off and an SMTP server, so its mail waits), then backs it up while orders keep coming.
 */
async function fillAndBackUp(source: ShopServer, query: Query, archive: string, backupEnv: Record<string, string>): Promise<Before> {
  const courier: LocalCourier = await localCourier(source.url);
  const [product] = await query<{ id: number }>(
    `SELECT p.id FROM products p
      WHERE p.is_active AND p.option_groups = '[]'::jsonb
        AND (p.business_id IS NULL OR EXISTS (SELECT 1 FROM businesses b WHERE b.id = p.business_id AND (b.district_id IS NULL OR b.district_id = 327319)))
        AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
      ORDER BY p.id LIMIT 1`,
  );
  expect(product).toBeDefined();
  await query('UPDATE products SET stock = 100000 WHERE id = $1', [product!.id]);

  const orders: Before['orders'] = [];
  const buyers: string[] = [];
  let token = '';
  for (let i = 0; i < 5; i += 1) {
    const order = guestOrder(product!.id, courier, 'bk');
    buyers.push(order.email);
    const res = await call<{ id: number; total_amount: number; order_url: string }>(source.url, 'POST', '/api/v1/orders', { json: order.body });
    expect(res.status).toBe(201);
    orders.push({ id: res.body!.data!.id, total_amount: res.body!.data!.total_amount });
    token = res.body!.data!.order_url.split('/').pop()!;
  }
  const form = new FormData();
  form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'bukti.png');
  expect((await call(source.url, 'POST', `/api/v1/orders/access/${token}/payment-proof`, { form })).status).toBe(200);
  const proofOrderId = orders.at(-1)!.id;

  const covers = await query<{ image_cover: string }>('SELECT image_cover FROM products WHERE image_cover IS NOT NULL ORDER BY id LIMIT 3');
  expect(covers.length).toBeGreaterThan(0);
  const images = await Promise.all(covers.map(async (c) => ({ url: c.image_cover, bytes: await readImage(source.url, c.image_cover) })));

  const pending = await query<{ id: number; to_address: string }>("SELECT id, to_address FROM mail_outbox WHERE status = 'pending' AND channel = 'email'");
  expect(pending.map((p) => p.to_address)).toEqual(expect.arrayContaining(buyers));

  // Orders keep coming while the backup runs: its snapshot must hold each whole or not at all.
  let backingUp = true;
  const during = lanes(3, () => !backingUp, async () => {
    await call(source.url, 'POST', '/api/v1/orders', { json: guestOrder(product!.id, courier, 'bkload').body }).catch(() => undefined);
  });
  try {
    const out = await npmRun('backup', [archive], backupEnv);
    console.info(`ops: ${out.trim()}`);
  } finally {
    backingUp = false;
    await during;
  }
  expect(fs.existsSync(archive)).toBe(true);
  return { orders, proofOrderId, images, buyers, pendingIds: pending.map((p) => p.id) };
}

/** The copy holds everything the source acknowledged, whole; its images and the proof read back the same. */
async function expectIntact(copy: ShopServer, query: Query, before: Before): Promise<void> {
  const rows = await query<{ id: number; total_amount: number }>('SELECT id, total_amount FROM orders WHERE id = ANY($1::int[]) ORDER BY id', [before.orders.map((o) => o.id)]);
  expect(rows).toEqual(before.orders);
  // No order without its items, those placed during the backup included: the snapshot was one.
  const { broken } = only(await query<{ broken: number }>('SELECT count(*)::int AS broken FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)'));
  expect(broken).toBe(0);
  expect((await proofBytes(copy.url, before.proofOrderId)).equals(tinyPng)).toBe(true);
  for (const image of before.images) expect((await readImage(copy.url, image.url)).equals(image.bytes)).toBe(true);
}

describe('backup → restore → start', () => {
  let tmp: ReturnType<typeof tempDir>;
  let smtp: TestSmtp;
  const databases: TestDatabase[] = [];
  const servers: ShopServer[] = [];

  beforeAll(async () => {
    const missing = await opsPrerequisites();
    if (missing) throw new Error(`cannot run: ${missing}`);
    tmp = tempDir('backup');
    smtp = await startSmtp();
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => (s.running() ? s.stop().catch(() => s.kill9()) : undefined)));
    await smtp?.close();
    for (const d of databases) await d.drop();
    tmp?.remove();
  });

  it('with DATABASE_URL: restored into an empty database, the copy is whole, starts held, and sends no mail that waited at backup time', async () => {
    const source = await createDatabase('ops_bk_src');
    const target = await createDatabase('ops_bk_dst');
    databases.push(source, target);
    const sourceEnv = { DATABASE_URL: source.url, DATA_DIR: path.join(tmp.dir, 'src-data'), SMTP_URL: smtp.url, JOBS: 'off', WEB_CONCURRENCY: '1' };
    const shop = shopServer('src', await freePort(), tmp.dir, sourceEnv);
    servers.push(shop);
    await shop.start();
    const archive = path.join(tmp.dir, 'pg-backup.tar.gz');
    const before = await fillAndBackUp(shop, source.query, archive, sourceEnv);
    await shop.stop();
    expect(smtp.delivered).toEqual([]);

    const targetEnv = { DATABASE_URL: target.url, DATA_DIR: path.join(tmp.dir, 'dst-data'), SMTP_URL: smtp.url, WEB_CONCURRENCY: '1', JOB_INTERVAL_MS: '500' };
    console.info(`ops: ${(await npmRun('restore', [archive], targetEnv)).trim()}`);
    const restoredMail = only(await target.query<{ last: number; sent: number }>("SELECT max(id)::int AS last, count(*) FILTER (WHERE status = 'sent')::int AS sent FROM mail_outbox"));

    // Started with no JOBS at all, as an operator would after a restore.
    const copy = shopServer('copy', await freePort(), tmp.dir, targetEnv);
    servers.push(copy);
    await copy.start();
    await expectIntact(copy, target.query, before);
    expect(copy.log()).toContain('JOBS=on');
    // Held: even mail of an order placed on the copy stays unsent while jobs would run every 500 ms.
    const courier = await localCourier(copy.url);
    const { id: productId } = only(await target.query<{ id: number }>('SELECT product_id AS id FROM order_items WHERE order_id = $1', [before.orders[0]!.id]));
    const fresh = guestOrder(productId, courier, 'after');
    expect((await call(copy.url, 'POST', '/api/v1/orders', { json: fresh.body })).status).toBe(201);
    await sleep(3_000);
    expect(smtp.delivered).toEqual([]);
    await copy.stop();

    // JOBS=on lifts the hold: the new order's mail goes out, none of what waited at backup time does.
    await copy.start({ JOBS: 'on' });
    await waitFor('the new order\u2019s mail', () => smtp.delivered.includes(fresh.email), 30_000);
    await sleep(2_000);
    expect(smtp.delivered.filter((to) => before.buyers.includes(to))).toEqual([]);
    // Every delivery is a message the copy queued itself; not one restored row was sent.
    const after = only(
      await target.query<{ restoredSent: number; newSent: number }>(
        `SELECT count(*) FILTER (WHERE id <= $1 AND status = 'sent')::int AS "restoredSent", count(*) FILTER (WHERE id > $1 AND status = 'sent')::int AS "newSent" FROM mail_outbox`,
        [restoredMail.last],
      ),
    );
    expect(after.restoredSent).toBe(restoredMail.sent);
    expect(after.newSent).toBe(smtp.delivered.length);
    const states = await target.query<{ status: string }>('SELECT DISTINCT status FROM mail_outbox WHERE id = ANY($1::int[])', [before.pendingIds]);
    expect(states.map((s) => s.status)).toEqual(['failed']);
    await copy.stop();
  });

  it('embedded default: restored into an empty DATA_DIR, the copy is whole and starts held', async () => {
    const sourceEnv = { DATA_DIR: path.join(tmp.dir, 'emb-src'), SMTP_URL: smtp.url, JOBS: 'off', EMBEDDED_DATABASE: 'postgres' };
    const shop = shopServer('emb-src', await freePort(), tmp.dir, sourceEnv);
    servers.push(shop);
    await shop.start();
    // The embedded PostgreSQL listens on a socket in DATA_DIR (postmaster.pid: line 3 the folder, 4 the port, 5 the socket folder).
    const pid = fs.readFileSync(path.join(sourceEnv.DATA_DIR, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    const embeddedQuery = (port: string, socket: string): Query => async (text, values = []) => {
      const client = new pg.Client({ host: socket, port: Number(port), user: 'postgres', database: 'postgres' });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    };
    const sourceQuery = embeddedQuery(pid[3]!, pid[4]!);
    const archive = path.join(tmp.dir, 'embedded-backup.tar.gz');
    const before = await fillAndBackUp(shop, sourceQuery, archive, sourceEnv);
    await shop.stop();

    const targetEnv = { DATA_DIR: path.join(tmp.dir, 'emb-dst'), SMTP_URL: smtp.url, JOB_INTERVAL_MS: '500', EMBEDDED_DATABASE: 'postgres' };
    console.info(`ops: ${(await npmRun('restore', [archive], targetEnv)).trim()}`);
    const delivered = smtp.delivered.length;
    const copy = shopServer('emb-copy', await freePort(), tmp.dir, targetEnv);
    servers.push(copy);
    await copy.start();
    const copyPid = fs.readFileSync(path.join(targetEnv.DATA_DIR, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    await expectIntact(copy, embeddedQuery(copyPid[3]!, copyPid[4]!), before);
    expect(copy.log()).toContain('JOBS=on');
    await sleep(2_000);
    expect(smtp.delivered.length).toBe(delivered);
    await copy.stop();
  });
});
