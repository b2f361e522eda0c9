/**
 * Builds the real app against a real database for API tests:
 * embedded PGlite in memory by default; PostgreSQL when TEST_POSTGRES_URL is set
 * (each test file then gets its own throwaway database, dropped at the end).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';
import type { ApiTemplates } from './global-setup';
import { createThrowawayDatabase } from './throwaway-database';

export { createThrowawayDatabase };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** PostgreSQL only: the throwaway database's URL (a second handle on it stands for another process). */
  databaseUrl?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Load the demo data (without images) before the app starts. Default true. */
  seed?: boolean;
  env?: Record<string, string>;
  now?: () => Date;
}

export const testEngine = process.env.TEST_POSTGRES_URL ? 'postgres' : 'pglite';

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  const seed = options.seed ?? true;
  // The run's templates (test/global-setup.ts): a copy of a migrated, and when asked seeded, database.
  const templates = inject('apiTemplates') as ApiTemplates | undefined;
  const template = templates?.engine === testEngine ? (seed ? templates.seeded : templates.empty) : undefined;
  if (process.env.TEST_POSTGRES_URL) {
    const created = await createThrowawayDatabase(process.env.TEST_POSTGRES_URL, { template });
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const pgliteTemplate = !databaseUrl && template ? new Blob([fs.readFileSync(template)]) : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: undefined, poolSize: 5, pgliteTemplate });
  if (seed && !template) await seedDemo(database.db, { uploadsDir: config.uploadsDir, withImages: false });
  const app = await buildApp({ config, database, ...(options.now ? { now: options.now } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    ...(databaseUrl ? { databaseUrl } : {}),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app of the describe block (or file) this is called in: built before its tests, closed after them.
 * The object returned is filled in by then: read it in tests and hooks, not while the block is collected.
 */
export function testAppForBlock(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(async () => {
    // Nothing to close when the build failed.
    if ('close' in t) await t.close();
  });
  return t;
}

/** Signs in through the real login route and returns the bearer header. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<{ authorization: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}` };
}

/**
 * A login with an unknown account carrying the given anti-forgery cookie and, when given, the header
 * (docs/decisions/006-xsrf.md): a request that changes state, whose answer says whether the check let it through.
 */
export function loginWithXsrf(app: FastifyInstance, cookie: string, header?: string) {
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${cookie}` };
  if (header !== undefined) headers['x-xsrf-token'] = header;
  return app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { username: 'a', password: 'b' } });
}

export const demoAccounts = {
  admin: { username: 'admin', password: 'admin12345' },
  operator: { username: 'operator', password: 'operator12345' },
  customer: { username: 'pembeli', password: 'pembeli12345' },
} as const;
