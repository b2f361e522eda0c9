/**
 * Issue 15 §3 (docs/decisions/034-all-cores.md): how many server processes run, and, on PostgreSQL,
 * a real `server.ts` under WEB_CONCURRENCY=2 on a throwaway database: two workers share one port,
 * the background jobs run in one of them only, a killed worker is replaced and the jobs move to a
 * live one, and SIGTERM stops every process cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processPlan } from './cluster';
import { createThrowawayDatabase } from './test/app';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const apiRoot = path.resolve(import.meta.dirname, '..');

describe('processPlan', () => {
  const url = 'postgres://db/shop';

  it('runs one process per core on PostgreSQL unless WEB_CONCURRENCY says how many', () => {
    expect(processPlan({ DATABASE_URL: url, WEB_CONCURRENCY: undefined }, 'postgres', 4)).toEqual({ count: 4 });
    expect(processPlan({ DATABASE_URL: url, WEB_CONCURRENCY: 2 }, 'postgres', 8)).toEqual({ count: 2 });
    expect(processPlan({ DATABASE_URL: url, WEB_CONCURRENCY: 1 }, 'postgres', 8)).toEqual({ count: 1 });
  });

  it('runs one process on the embedded PostgreSQL unless WEB_CONCURRENCY says how many (decision 035: memory)', () => {
    expect(processPlan({ DATABASE_URL: undefined, WEB_CONCURRENCY: undefined }, 'postgres', 4)).toEqual({ count: 1 });
    expect(processPlan({ DATABASE_URL: undefined, WEB_CONCURRENCY: 3 }, 'postgres', 4)).toEqual({ count: 3 });
  });

  it('keeps PGlite to one process, and says why when more were asked for', () => {
    expect(processPlan({ DATABASE_URL: undefined, WEB_CONCURRENCY: undefined }, 'pglite', 4)).toEqual({ count: 1 });
    expect(processPlan({ DATABASE_URL: undefined, WEB_CONCURRENCY: 1 }, 'pglite', 4)).toEqual({ count: 1 });
    const plan = processPlan({ DATABASE_URL: undefined, WEB_CONCURRENCY: 3 }, 'pglite', 4);
    expect(plan.count).toBe(1);
    expect(plan.ignored).toBe(
      'WEB_CONCURRENCY=3 diabaikan: database tertanam (PGlite) hanya dibuka satu proses. Setel DATABASE_URL (PostgreSQL) untuk memakai semua inti prosesor.',
    );
  });
});

interface LogLine {
  pid?: number;
  msg?: string;
}

/** The primary and its workers, with every line they print. */
class Shop {
  lines: string[] = [];
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let partial = '';
    const onData = (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      this.lines.push(...parts);
    };
    this.child.stdout?.on('data', onData);
    this.child.stderr?.on('data', onData);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  logs(msg: string): LogLine[] {
    return this.lines.flatMap((line) => {
      if (!line.startsWith('{')) return [];
      const parsed = JSON.parse(line) as LogLine;
      return parsed.msg?.startsWith(msg) ? [parsed] : [];
    });
  }

  /** Waits until `done` holds for what was printed so far. */
  async until(what: string, done: () => boolean, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (this.child.exitCode !== null) throw new Error(`shop exited (${this.child.exitCode}) waiting for ${what}:\n${this.lines.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms:\n${this.lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  kill(): void {
    if (this.child.pid && this.child.exitCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(postgresUrl)('WEB_CONCURRENCY=2 on one PostgreSQL (runs in the PostgreSQL pass of npm test; PGlite is one process by design)', () => {
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string;
  let shop: Shop | undefined;

  beforeAll(async () => {
    const created = await createThrowawayDatabase(postgresUrl as string);
    drop = created.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-cluster-'));
    // Jobs every 100 ms so many runs happen while both workers are up; debug shows each run.
    shop = new Shop({ DATABASE_URL: created.url, DATA_DIR: dataDir, WEB_CONCURRENCY: '2', JOB_INTERVAL_MS: '100', LOG_LEVEL: 'debug' });
  }, 60_000);

  afterAll(async () => {
    shop?.kill();
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves one port from two processes, runs the jobs in one of them, replaces a killed one and stops on SIGTERM', async () => {
    const s = shop as Shop;
    const runs = () => s.logs('tugas latar selesai');
    const listening = () => s.logs('Server listening at');
    await s.until('the banner', () => s.lines.some((l) => l.includes('(database: PostgreSQL, 2 proses server)')));
    const banner = s.lines.find((l) => l.includes('proses server')) as string;
    const port = /localhost:(\d+)/.exec(banner)?.[1];
    // Each worker's own log line may reach the pipe after the primary's banner.
    await s.until('both workers listening', () => listening().length >= 2);
    const workers = listening().map((l) => l.pid as number);
    expect(new Set(workers).size).toBe(2);
    expect(listening().every((l) => l.msg?.endsWith(`:${port}`))).toBe(true);
    expect(workers).not.toContain(s.child.pid);

    // Counted from when both listen: the first worker starts alone and runs the jobs meanwhile.
    const runsWithBoth = runs().length;
    await s.until('ten job runs with both workers up', () => runs().length >= runsWithBoth + 10);
    const runners = new Set(runs().map((l) => l.pid));
    expect(runners.size).toBe(1);
    const runner = [...runners][0] as number;
    expect(workers).toContain(runner);
    expect(s.logs('proses ini menjalankan tugas latar').map((l) => l.pid)).toEqual([runner]);

    // Both workers answer on the one port.
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/catalog/categories/`);
    expect(health.status).toBe(200);

    // The runner dies without closing anything: its lock goes with its connection.
    process.kill(runner, 'SIGKILL');
    const runsBefore = runs().length;
    await s.until('a replacement worker', () => listening().length === 3);
    await s.until('jobs in another process', () => runs().slice(runsBefore).some((l) => l.pid !== runner));
    await s.until('five runs by the new runner', () => runs().filter((l) => l.pid !== runner).length >= 5);
    const after = runs().slice(runsBefore).filter((l) => l.pid !== runner);
    expect(new Set(after.map((l) => l.pid)).size).toBe(1);
    // Production prints JSON lines, the primary's own included (decision 046).
    expect(s.logs(`Proses server ${runner} berhenti (sinyal SIGKILL); diganti`)).toHaveLength(1);
    const current = listening()
      .map((l) => l.pid as number)
      .filter((pid) => pid !== runner);
    expect(current).toHaveLength(2);
    expect(current.every(alive)).toBe(true);

    process.kill(s.child.pid as number, 'SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.logs('server berhenti: menyelesaikan permintaan yang sedang berjalan').map((l) => l.pid).sort()).toEqual([...current].sort());
    expect(current.filter(alive)).toEqual([]);
  }, 180_000);
});
