/**
 * Issue 14 §5: with DATABASE_URL set, several server processes share one PostgreSQL, and the sign-in
 * limit must hold across them (docs/decisions/025-shared-rate-limits.md). Two real server processes on
 * one database, wrong passwords sent to each in turn: the sixth attempt is refused whichever process
 * answers it. Kept in memory, each process would allow five of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { listeningUrl } from '../test/listening-url';
import { createThrowawayDatabase } from '../test/app';
import { makeUser } from '../test/factories';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const apiRoot = path.resolve(import.meta.dirname, '../..');

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: apiRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', JOB_INTERVAL_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const url = await listeningUrl(child, 60_000);
  return { url, child };
}

function stop(server: Server | undefined): void {
  if (server?.child.pid && server.child.exitCode === null) {
    try {
      process.kill(-server.child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

describe.runIf(postgresUrl)('two server processes on one PostgreSQL (runs in the PostgreSQL pass of npm test; PGlite is one process by design)', () => {
  let drop: () => Promise<void>;
  let servers: Server[] = [];
  let dataDir: string;
  let account: { username: string; password: string };

  beforeAll(async () => {
    const created = await createThrowawayDatabase(postgresUrl as string);
    drop = created.drop;
    const database = await openDatabase({ databaseUrl: created.url, dataDir: undefined, poolSize: 2 });
    account = await makeUser(database.db, { username: 'dua-proses' });
    await database.close();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-two-'));
    // One after the other: the first applies the migrations, the second finds them done.
    servers.push(await startServer(created.url, dataDir));
    servers.push(await startServer(created.url, dataDir));
  }, 120_000);

  afterAll(async () => {
    servers.forEach(stop);
    servers = [];
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('share the sign-in limit: five wrong passwords spread over both, then both refuse', async () => {
    const login = (server: Server, password: string) =>
      fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.username, password }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error?: string } }));
    const [a, b] = servers as [Server, Server];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(i % 2 === 0 ? a : b, 'salah-terus')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const onA = await login(a, account.password);
    const onB = await login(b, account.password);
    expect(onA.status).toBe(429);
    expect(onB.status).toBe(429);
    expect(onB.body.error).toMatch(/^Terlalu banyak percobaan masuk\. Coba lagi dalam 15 menit\.$/);
  });
});
