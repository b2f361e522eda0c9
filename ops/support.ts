/**
 * Plumbing of the operations tests (docs/deploy.md, docs/decisions/073-ops-test.md): a throwaway PostgreSQL
 * database, an S3-compatible store (s3rver), shop servers as separate processes, nginx in front of them with the
 * committed site config (docs/deploy/nginx.conf), a local SMTP server that counts deliveries, and the demo
 * shop's checkout over HTTP. Every port is picked free at run time and every file lives under one temp folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { guestOrderPayload } from '@pasar/core/testing';
import { createThrowawayDatabase, postgresAnswers } from '../apps/api/src/test/throwaway-database';

export const root = path.resolve(import.meta.dirname, '..');
export const postgresAdminUrl = process.env.OPS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const nginxBinary = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** One folder for everything a run writes; kept when OPS_KEEP=1 to read the logs after a failure. */
export function tempDir(name: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pasar-ops-${name}-`));
  // The embedded PostgreSQL runs as the `postgres` user when started as root: it must be able to enter.
  fs.chmodSync(dir, 0o711);
  return { dir, remove: () => (process.env.OPS_KEEP === '1' ? undefined : fs.rmSync(dir, { recursive: true, force: true })) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` is true, or throws with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000, everyMs = 200): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ── PostgreSQL ───────────────────────────────────────────────────────────────────────────────────────────────

export interface TestDatabase {
  name: string;
  url: string;
  /** A client of this database for the test's own reads and set-up. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createDatabase(prefix: string): Promise<TestDatabase> {
  const database = await createThrowawayDatabase(postgresAdminUrl, { prefix });
  const pool = new pg.Pool({ connectionString: database.url, max: 3 });
  return {
    ...database,
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows,
    drop: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

// ── S3 (s3rver) ──────────────────────────────────────────────────────────────────────────────────────────────

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables a shop server needs to keep its files there. */
  env: Record<string, string>;
  /** Keys stored in the bucket. */
  keys(): string[];
  close(): Promise<void>;
}

export async function startS3(dir: string): Promise<TestS3> {
  const port = await freePort();
  const bucket = 'pasar';
  const directory = path.join(dir, 's3');
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver's fixed account (S3RVER/S3RVER); path-style addresses, as the shop's S3 client uses.
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' },
    keys: () => listObjectKeys(path.join(directory, bucket)),
    close: async () => {
      // The shop servers' kept-alive connections would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}

function listObjectKeys(bucketDir: string): string[] {
  if (!fs.existsSync(bucketDir)) return [];
  // s3rver keeps an object as `<key>._S3rver_object` beside its metadata.
  return fs
    .readdirSync(bucketDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'));
}

// ── SMTP ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface TestSmtp {
  url: string;
  /** Recipients of every message delivered, one entry per message and recipient. */
  delivered: string[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const delivered: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // The shop's client would upgrade to TLS and refuse a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) delivered.push(r.address.toLowerCase());
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, delivered, close: () => new Promise((r) => server.close(() => r())) };
}

// ── Shop servers ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The built server (npm run build) with the flags scripts/start.mjs gives it, as production runs it, when there is
 * one; else its TypeScript through tsx. Not start.mjs itself: kill -9 must hit the server, not a wrapper.
 */
export function serverCommand(): { args: string[]; built: boolean } {
  const built = path.join(root, 'apps/api/dist/server.js');
  if (fs.existsSync(built) && process.env.OPS_SERVER !== 'tsx') return { args: ['--max-semi-space-size=1', '--enable-source-maps', built], built: true };
  return { args: ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], built: false };
}

export interface ShopServer {
  name: string;
  port: number;
  url: string;
  pid(): number | undefined;
  running(): boolean;
  /** Everything the process printed (JSON lines in production). */
  log(): string;
  /** Starts the process; resolves once readiness answers 200. */
  start(extraEnv?: Record<string, string>): Promise<void>;
  /** SIGTERM, and the exit code and the milliseconds it took to exit. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  kill9(): Promise<void>;
}

/** A shop server on a fixed port (nginx names it), restartable on the same port. */
export function shopServer(name: string, port: number, dir: string, env: Record<string, string>): ShopServer {
  let child: ChildProcess | undefined;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: null, signal: null });
  const logFile = path.join(dir, `${name}.log`);
  const url = `http://127.0.0.1:${port}`;
  const server: ShopServer = {
    name,
    port,
    url,
    pid: () => child?.pid,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    async start(extraEnv = {}) {
      const out = fs.openSync(logFile, 'a');
      const { args } = serverCommand();
      child = spawn(process.execPath, args, {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(dir, `${name}-data`),
          LOG_LEVEL: 'info',
          ...env,
          ...extraEnv,
        },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      const current = child;
      exited = new Promise((resolve) => current.once('exit', (code, signal) => resolve({ code, signal })));
      try {
        await waitFor(
          `${name} ready on ${url}`,
          async () => {
            if (current.exitCode !== null || current.signalCode !== null) throw new Error(`${name} exited (${current.exitCode ?? current.signalCode}) while starting`);
            return (await fetch(`${url}/api/v1/health/ready`).then((r) => r.status).catch(() => 0)) === 200;
          },
          120_000,
          250,
        );
      } catch (error) {
        // A server that never became ready is not left behind for the next step to trip over.
        current.kill('SIGKILL');
        throw new Error(`${String(error)}; its last lines:\n${server.log().slice(-4000)}`);
      }
    },
    async stop(timeoutMs = 20_000) {
      const started = Date.now();
      if (!server.running()) return { ...(await exited), ms: 0 };
      child?.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(timeoutMs).then(() => undefined)]);
      if (!result) {
        child?.kill('SIGKILL');
        throw new Error(`${name} did not exit within ${timeoutMs} ms of SIGTERM`);
      }
      return { ...result, ms: Date.now() - started };
    },
    async kill9() {
      child?.kill('SIGKILL');
      await exited;
    },
  };
  return server;
}

// ── nginx ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface TestNginx {
  url: string;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

export const nginxSiteFile = path.join(root, 'docs/deploy/nginx.conf');

/**
 * The committed site config with the operator's placeholders filled for this machine: the two shop addresses
 * 10.0.0.11:3000 and 10.0.0.12:3000, `listen 80`, and the log paths. Each must be there exactly once, so the
 * test fails when the file changes shape rather than silently testing something else.
 */
export function fillSiteConfig(site: string, fill: { upstreams: [string, string]; listenPort: number; dir: string }): string {
  const replacements: [string, string][] = [
    ['10.0.0.11:3000', fill.upstreams[0]],
    ['10.0.0.12:3000', fill.upstreams[1]],
    ['listen 80;', `listen 127.0.0.1:${fill.listenPort};`],
    ['/var/log/nginx/pasar.access.log', path.join(fill.dir, 'access.log')],
    ['/var/log/nginx/pasar.error.log', path.join(fill.dir, 'error.log')],
  ];
  let out = site;
  for (const [from, to] of replacements) {
    const count = out.split(from).length - 1;
    if (count !== 1) throw new Error(`docs/deploy/nginx.conf: expected "${from}" once, found ${count} times`);
    out = out.replace(from, to);
  }
  return out;
}

/** Debian's nginx, as an unprivileged foreground process with its own prefix, on a free port. */
export async function startNginx(dir: string, upstreamPorts: [number, number]): Promise<TestNginx> {
  const prefix = path.join(dir, 'nginx');
  fs.mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const listenPort = await freePort();
  const site = fillSiteConfig(fs.readFileSync(nginxSiteFile, 'utf8'), {
    upstreams: [`127.0.0.1:${upstreamPorts[0]}`, `127.0.0.1:${upstreamPorts[1]}`],
    listenPort,
    dir: prefix,
  });
  fs.writeFileSync(path.join(prefix, 'pasar.conf'), site);
  // What Debian's /etc/nginx/nginx.conf gives a site, less what needs root (user, /var paths).
  const temp = (name: string) => path.join(prefix, 'temp', name);
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `error_log ${path.join(prefix, 'error.log')} info;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  client_body_temp_path ${temp('body')}; proxy_temp_path ${temp('proxy')}; fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};`,
      `  access_log ${path.join(prefix, 'access.log')};`,
      `  include ${path.join(prefix, 'pasar.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const check = spawnSync(nginxBinary, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', `pid ${path.join(prefix, 'nginx.pid')};`], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(nginxBinary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', `daemon off; pid ${path.join(prefix, 'nginx.pid')};`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${listenPort}`;
  await waitFor(
    `nginx on ${url}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return (await fetch(`${url}/api/v1/health`).then((r) => r.status).catch(() => 0)) !== 0;
    },
    20_000,
  );
  const read = (file: string) => (fs.existsSync(path.join(prefix, file)) ? fs.readFileSync(path.join(prefix, file), 'utf8') : '');
  return {
    url,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop: async () => {
      // QUIT: a graceful stop of the master and its worker.
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// ── The demo shop over HTTP ──────────────────────────────────────────────────────────────────────────────────

export interface Answer<T = unknown> {
  status: number;
  body: { success?: boolean; data?: T; error?: string; code?: string } | undefined;
  headers: Headers;
}

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { json?: unknown; token?: string; headers?: Record<string, string>; form?: FormData; signal?: AbortSignal } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : options.form ? { body: options.form } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await res.text();
  let body: Answer<T>['body'];
  try {
    body = JSON.parse(text) as Answer<T>['body'];
  } catch {
    body = undefined;
  }
  return { status: res.status, body, headers: res.headers };
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await call<{ token: string }>(baseUrl, 'POST', '/api/v1/auth/login', { json: { username, password } });
  if (res.status !== 200 || !res.body?.data?.token) throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

export interface LocalCourier {
  courier_id: number;
  price_id: number;
}

/** The store's own district in Kota Bandung, where the demo's local couriers deliver (as bench/checkout.ts). */
export async function localCourier(baseUrl: string): Promise<LocalCourier> {
  const res = await call<{ options: LocalCourier[] }>(baseUrl, 'GET', '/api/v1/couriers/local-options?district_id=327319&city_id=3273');
  const option = res.body?.data?.options[0];
  if (!option) throw new Error(`no local courier: ${res.status} ${JSON.stringify(res.body)}`);
  return option;
}

let buyer = 0;
const runTag = Date.now().toString(36);
/**
 * A guest order paid by manual transfer: each another buyer at another address, since the shop caps one guest's
 * unpaid orders per e-mail and per address (decision 045).
 */
export function guestOrder(productId: number, courier: LocalCourier, tag = 'ops'): { email: string; body: Record<string, unknown> } {
  buyer += 1;
  const email = `${tag}${runTag}${buyer}@contoh.id`;
  return {
    email,
    body: guestOrderPayload({ productId, quantity: 1, local: courier, email, name: 'Uji Operasi', address: `Jl. Braga ${runTag} No. ${buyer}`, phone: '081234567890' }),
  };
}

/** A real 1×1 PNG: the shop recognises a proof of transfer by its first bytes. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Runs `worker` on `concurrency` lanes until `until()` says stop. */
export async function lanes(concurrency: number, until: () => boolean, worker: (lane: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      while (!until()) await worker(lane);
    }),
  );
}

/** Whether this machine has what the operations tests need, and if not why. */
export async function opsPrerequisites(): Promise<string | undefined> {
  if (!fs.existsSync(nginxBinary)) return `nginx not found at ${nginxBinary} (apt-get install -y nginx)`;
  const url = new URL(postgresAdminUrl);
  const up = await postgresAnswers(postgresAdminUrl);
  return up ? undefined : `no PostgreSQL answers on ${url.hostname}:${url.port || 5432}`;
}

/** "key: count" for each distinct key, for a one-line summary of a run. */
export function tally<T>(items: T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ');
}

/** The one row a query that must find one returned. */
export function only<T>(rows: T[]): T {
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
  return rows[0] as T;
}
