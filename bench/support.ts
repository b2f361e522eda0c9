/** Shared bench plumbing: throwaway PostgreSQL databases, a server child process, autocannon runs. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { createThrowawayDatabase, postgresAnswers, type ThrowawayDatabase } from '../apps/api/src/test/throwaway-database';
import { listeningUrl } from '../e2e/support/harness';

export const root = path.resolve(import.meta.dirname, '..');
export const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function postgresAvailable(): Promise<boolean> {
  return postgresAnswers(postgresAdminUrl);
}

export function createPostgresDatabase(prefix: string): Promise<ThrowawayDatabase> {
  return createThrowawayDatabase(postgresAdminUrl, { prefix });
}

export interface ServerProcess {
  baseUrl: string;
  /** The started process (its group holds whatever it starts). */
  pid: number;
  stop(): Promise<void>;
}

export interface StartProcessOptions {
  /** Node's arguments before the script; TypeScript through tsx unless told otherwise. */
  nodeArgs?: string[];
  /** Environment applied before `env`: a bench server by default (production, no demo data). */
  baseEnv?: Record<string, string>;
  /** SIGTERM goes to the process only (it stops its children itself) rather than to its group. */
  signalProcessOnly?: boolean;
  startTimeoutMs?: number;
  stopGraceMs?: number;
}

/** Starts a Node script that prints `http://localhost:PORT` once listening. */
export async function startProcess(script: string, env: Record<string, string>, options: StartProcessOptions = {}): Promise<ServerProcess> {
  const baseEnv = options.baseEnv ?? { NODE_ENV: 'production', SEED_DEMO: 'false' };
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (for a bench's "profile first").
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...(options.nodeArgs ?? ['--import', 'tsx']), script], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const baseUrl = await listeningUrl(child, options.startTimeoutMs);
  return {
    baseUrl,
    pid: child.pid as number,
    async stop() {
      if (!child.pid || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(options.signalProcessOnly ? child.pid : -child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, options.stopGraceMs ?? 5000))]);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* all gone */
      }
    },
  };
}

/** The API's server.ts on a bench's PostgreSQL database, its files in .tmp/bench-data; `env` adds to that. */
export function startBenchServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startProcess(path.join(root, 'apps/api/src/server.ts'), { DATABASE_URL: databaseUrl, DATA_DIR: path.join(root, '.tmp/bench-data'), ...env });
}

/**
 * The shop as `npm start` runs it: scripts/start.mjs (its small-heap settings, the embedded database
 * of DATA_DIR when DATABASE_URL is empty) and what it starts, which it stops itself on SIGTERM.
 */
export function startShop(env: Record<string, string>): Promise<ServerProcess> {
  return startProcess(path.join(root, 'scripts/start.mjs'), env, {
    nodeArgs: [],
    baseEnv: {},
    signalProcessOnly: true,
    startTimeoutMs: 180_000,
    stopGraceMs: 15_000,
  });
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  name: string,
  baseUrl: string,
  options: { connections?: number; duration?: number; path?: () => string; method?: 'GET' | 'POST'; body?: () => string; headers?: Record<string, string>; headersOf?: () => Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections ?? 50,
    duration: options.duration ?? Number(process.env.BENCH_SECONDS ?? 10),
    requests: [
      {
        method: options.method ?? 'GET',
        ...(options.headers ? { headers: options.headers } : {}),
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          path: options.path ? options.path() : '/',
          ...(options.body ? { body: options.body() } : {}),
          // Per request, e.g. another client address each time (X-Forwarded-For behind TRUST_PROXY).
          ...(options.headersOf ? { headers: { ...(req.headers as Record<string, string> | undefined), ...options.headersOf() } } : {}),
        }),
      },
    ],
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Fastify's hello world, loaded like the shop in the same run: a busy machine lowers both, so the benches read the ratio. */
export async function helloWorldBaseline(): Promise<LoadResult> {
  const hello = await startProcess(path.join(root, 'bench/hello-server.ts'), {});
  try {
    return await load('fastify hello world (baseline)', hello.baseUrl, { path: () => '/' });
  } finally {
    await hello.stop();
  }
}

/** Signs in as the demo admin on a bench server; the bearer header for the office's requests. */
export async function adminHeaders(baseUrl: string): Promise<{ authorization: string }> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`admin login failed: ${login.status}`);
  return { authorization: `Bearer ${token}` };
}

/** Each row after the first (hello world) as a share of hello world, and its p99 against the target. */
export function printAgainstTarget(rows: LoadResult[], targetP99Ms: number): void {
  const [baseline, ...measured] = rows;
  if (!baseline) return;
  for (const r of measured) {
    console.log(`${r.name}: ${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(2)}% of hello world, p99 ${r.p99} ms ${r.p99 <= targetP99Ms ? '(target met)' : '(ABOVE TARGET)'}`);
  }
}

export function printTable(title: string, rows: LoadResult[]): void {
  console.log(`\n${title}`);
  console.log('scenario'.padEnd(44), 'req/s'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non-2xx'.padStart(8));
  for (const r of rows) {
    console.log(r.name.padEnd(44), String(r.requestsPerSecond).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(7), String(r.non2xx).padStart(8));
  }
}
