/**
 * Issue 27 §1: servers started at once on an empty PostgreSQL all come up. Without the start lock
 * (db/client.ts, docs/decisions/067-lifecycle.md) one of them failed in migration
 * (`duplicate key … pg_type_typname_nsp_index`) or in the demo seed (`users_username_lower_unique`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../test/app';
import { killShop, shopBaseUrl, startShopProcess } from '../test/shop-process';
import { openDatabase, queryRows, type Database } from './client';
import { demoUsers } from './seed/demo-data';
import { seedDemoIfEmpty } from './seed/seed-demo';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function emptyDatabase(): Promise<string> {
  const created = await createThrowawayDatabase(postgresUrl!);
  cleanups.push(created.drop);
  return created.url;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-start-lock-'));
  cleanups.push(() => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })));
  return dir;
}

/** A real server process on `databaseUrl`; resolves with its address once readiness answers 200. */
async function startServer(databaseUrl: string): Promise<{ url: string }> {
  // SEED_DEMO: each server finds an empty database and would seed it.
  const shop = startShopProcess({ DATA_DIR: tempDir(), DATABASE_URL: databaseUrl, SEED_DEMO: 'true', PUBLIC_URL: '', WEB_CONCURRENCY: '1', JOBS: 'off' });
  cleanups.push(() => Promise.resolve(killShop(shop)));
  const url = await shopBaseUrl(shop, 110_000);
  const ready = await fetch(`${url}/api/v1/health/ready`);
  expect(ready.status, shop.output()).toBe(200);
  return { url };
}

describe.runIf(postgresUrl)('start on an empty PostgreSQL, several at once (PostgreSQL pass of npm test; PGlite is one process by design)', () => {
  it('four processes opening and seeding one empty database at once all succeed, and the demo is seeded once', async () => {
    const url = await emptyDatabase();
    const uploadsDir = path.join(tempDir(), 'uploads');
    const opened: Database[] = [];
    cleanups.push(async () => {
      for (const database of opened) await database.close().catch(() => undefined);
    });
    const seeded = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const database = await openDatabase({ databaseUrl: url, poolSize: 3 });
        opened.push(database);
        return database.exclusive(() => seedDemoIfEmpty(database.db, { uploadsDir, withImages: false }));
      }),
    );
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const users = await queryRows<{ n: number }>(opened[0]!.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(users[0]?.n).toBe(demoUsers.length);
  }, 120_000);

  it('two server processes started at once on an empty database both come up ready', async () => {
    const url = await emptyDatabase();
    const servers = await Promise.all([startServer(url), startServer(url)]);
    for (const server of servers) {
      const health = await fetch(`${server.url}/api/v1/health`);
      expect(health.status).toBe(200);
    }
    const users = await fetch(`${servers[1]!.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: demoUsers[0]!.username, password: demoUsers[0]!.password }),
    });
    expect(users.status).toBe(200);
  }, 240_000);
});
