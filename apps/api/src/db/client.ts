/**
 * One database handle for the whole API: PostgreSQL when DATABASE_URL is set (server.ts hands the
 * embedded PostgreSQL of DATA_DIR to the server processes this way), or PGlite in DATA_DIR
 * (docs/decisions/002-embedded-postgres-and-runtime.md, 035-embedded-database-memory.md).
 * The same migrations and the same SQL run on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { apiRoot } from '../lib/package-root';
import { lockDataDir } from './data-dir-lock';
import { chooseEmbeddedEngine, startShopPostgres } from './embedded-engine';
import * as schema from './schema';

export { DataDirLockedError, lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
/** The drizzle handle repositories receive; a transaction handle has the same shape. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository function accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (the test templates, apps/api/src/test/global-setup.ts). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Runs `work` while no other process on this database runs start-up work (migrations, the demo
   * seed): the start lock below on PostgreSQL; PGlite is one process by design and just runs it.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The start lock (issue 27 §1, docs/decisions/067-lifecycle.md): servers started at once on an empty
 * PostgreSQL would otherwise migrate at once (`duplicate key … pg_type_typname_nsp_index`) and seed
 * at once (`users_username_lower_unique`). 0x7061736172007374 ('pasar', 0, 'st'), beside the jobs'
 * key in cluster-jobs.ts; decimal, as PostgreSQL reads hex literals only since 16.
 */
export const START_LOCK_KEY = '8097880467350516596';

/**
 * A session-level advisory lock on a connection of its own: held for `work` and gone with the
 * session, so a process killed while holding it frees it at once. Infrastructure, not a feature: this
 * is its one SQL statement, as in cluster-jobs.ts.
 */
export async function withStartLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection must not crash the process; the query in flight fails instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${START_LOCK_KEY}::bigint)`);
    return await work();
  } finally {
    // Ending the session releases the lock even when the unlock itself cannot be sent.
    await client.query(`SELECT pg_advisory_unlock(${START_LOCK_KEY}::bigint)`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

// From the package root, not this file: in the build (apps/api/dist) this module is one of a bundle's chunks.
// Also read by `npm run restore`, which migrates a copy only as far as its archive before loading it.
export const migrationsFolder = path.join(apiRoot, 'src/db/migrations');

/**
 * PostgreSQL's default planner costs assume spinning disks, and then it scans the whole
 * products table instead of using the trigram index for a catalogue search (measured in decision
 * 007). Every connection gets SSD-appropriate costs.
 */
const plannerSettings = 'SET random_page_cost = 1.1; SET effective_io_concurrency = 100';
// (PostgreSQL gets the same settings as connection options below.)

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * A PGlite data directory dumped by `dumpDataDir()` to start from instead of an empty one: tests start
   * from a migrated (and seeded) copy, which skips PGlite's initdb (seconds on a busy machine).
   */
  pgliteTemplate?: Blob | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: '-c random_page_cost=1.1 -c effective_io_concurrency=100',
    });
    // An idle client dropped by the server (restart, failover, admin kill) must not crash the
    // process: pg emits the error on the pool, and the pool replaces the client on next use.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const databaseUrl = options.databaseUrl;
    const exclusive = <T>(work: () => Promise<T>) => withStartLock(databaseUrl, work);
    try {
      await exclusive(() => migratePg(drizzlePg(pool), { migrationsFolder }));
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return { db, engine: 'postgres', exclusive, close: () => pool.end() };
  }

  let releaseLock: (() => void) | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = await lockDataDir(options.dataDir);
  }
  try {
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pglite') } : {}),
      ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
      extensions: { pg_trgm },
    });
    await client.exec(plannerSettings);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      engine: 'pglite',
      dumpDataDir: () => client.dumpDataDir('none'),
      exclusive: (work) => work(),
      close: async () => {
        await client.close();
        releaseLock?.();
      },
    };
  } catch (error) {
    releaseLock?.();
    throw error;
  }
}

/**
 * The shop's database for a command-line tool (migrate, seed, create-admin): DATABASE_URL, else the
 * embedded database of DATA_DIR as the server would run it, started for the tool's while.
 */
export async function openShopDatabase(config: Pick<Config, 'DATABASE_URL' | 'EMBEDDED_DATABASE' | 'dataDir'>): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ databaseUrl: config.DATABASE_URL });
  const choice = await chooseEmbeddedEngine(config);
  if (choice.note) console.info(choice.note);
  if (choice.engine === 'pglite') return openDatabase({ dataDir: config.dataDir });
  const server = await startShopPostgres(config);
  try {
    const database = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Runs `work` on a PostgreSQL connection of its own, outside the pool, closed afterwards: for a long
 * read (the search index's whole catalogue) that must neither wait behind the requests' statements
 * for a pooled connection nor hold one of theirs. PGlite has a single connection: the work runs on it.
 */
export async function withOwnConnection<T>(db: Db, work: (own: Db) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return work(db);
  const client = new pg.Client(pool.options);
  // A dropped connection must not crash the process; the statement in flight fails instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(drizzlePg(client, { schema }) as unknown as Db);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Reads that do not wait for each other: all at once on the pool (each on a connection of its own),
 * one after another in a transaction. A transaction is one connection, which answers one query at a
 * time: pg 8 queues a second one sent meanwhile and logs a deprecation warning, pg 9 refuses it (a
 * payout, which reads the partner's figures inside its transaction, logged the warning as an error).
 */
export async function readAll<const T extends readonly (() => Promise<unknown>)[]>(db: DbOrTx, reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/**
 * Runs raw SQL (for what the query builder cannot express, e.g. trigram ranking) and
 * returns its rows; node-postgres and PGlite both answer `{ rows }`.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Statement text written by hand with PostgreSQL's numbered placeholders (`$1`, `$2`, …) and its
 * parameters, as one drizzle SQL value: for statements assembled as text because drizzle's query
 * builder cost too much of a checkout's time (docs/decisions/036-checkout-and-back-office-at-scale.md).
 * A placeholder used twice sends its value twice; `$` followed by anything but digits is left as it is.
 */
export function rawSql(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQLChunk[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i]!));
      continue;
    }
    const n = Number(parts[i]);
    if (n < 1 || n > params.length) throw new Error(`rawSql: $${n} has no parameter (${params.length} given)`);
    chunks.push(sql.param(params[n - 1]));
  }
  return sql.join(chunks);
}

/**
 * Runs hand-written statement text with its parameters on the database or an open transaction (see
 * rawSql) and returns its rows, typed as with queryRows (timestamps come back as PostgreSQL prints them).
 * Every parameter must be used by the text: on the database the list goes to the server as it is.
 * `prepare` makes it a prepared statement of each connection (PostgreSQL only, see statementName):
 * for a statement run often whose text takes few shapes.
 */
export async function rawQuery<T>(db: DbOrTx, text: string, params: readonly unknown[], options: { prepare?: boolean } = {}): Promise<T[]> {
  // The database itself (not a transaction) is asked through its driver directly: drizzle would
  // rebuild the text from chunks and set up a query object per call, which was a tenth of a
  // checkout's Node time (issue 30). A transaction's connection is drizzle's own, so it goes through drizzle.
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const name = options.prepare ? statementName(text) : undefined;
    const result = await client.query<T & pg.QueryResultRow>({ text, values: params as unknown[], types: asPrintedTypes, ...(name ? { name } : {}) });
    return result.rows;
  }
  if (client instanceof PGlite) {
    const result = await client.query<T>(text, params as unknown[], { rowMode: 'object', parsers: asPrintedParsers });
    return result.rows;
  }
  return queryRows<T>(db, rawSql(text, params));
}

/** A statement compiled once: its text and its parameters, placeholders among them (`sql.placeholder`). */
export interface CompiledStatement {
  text: string;
  params: unknown[];
}

/**
 * Compiles drizzle SQL whose varying values are placeholders, once per shape, so a hot statement
 * built from several features' parts (the checkout's context read) is neither rebuilt nor recompiled
 * per request (issue 30: that was a tenth of a checkout's Node time); run it with runCompiled.
 */
export function compileStatement(query: SQL): CompiledStatement {
  const compiled = dialect.sqlToQuery(query);
  return { text: compiled.sql, params: compiled.params };
}

/** A compiled statement with its placeholders' values, as a prepared statement (see rawQuery). */
export async function runCompiled<T>(db: DbOrTx, statement: CompiledStatement, values: Record<string, unknown>): Promise<T[]> {
  return rawQuery<T>(db, statement.text, fillPlaceholders(statement.params, values), { prepare: true });
}

const dialect = new PgDialect();

/**
 * Each statement text rawQuery prepares gets a name of its own for the process's life; a connection
 * parses and plans it once, then only binds it. A checkout's two statements were parsed and planned on
 * every order: ~3.5 ms of PostgreSQL's time on a 2-core machine, more than executing them (issue 30).
 * The texts are few (their shape follows the cart's size), and past `MAX_PREPARED` a new text runs
 * unprepared, so an unexpected variety of texts cannot grow every connection without bound.
 */
const preparedNames = new Map<string, string>();
const MAX_PREPARED = 200;

function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `pasar_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * The types drizzle's `execute` leaves as PostgreSQL prints them (timestamps, dates, intervals,
 * numeric arrays), so rawQuery answers the same values on every path.
 */
const asPrintedTypeIds = new Set([1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const asPrinted = (value: string) => value;
const asPrintedTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') => (asPrintedTypeIds.has(typeId) ? asPrinted : pg.types.getTypeParser(typeId, format))) as typeof pg.types.getTypeParser,
};
const asPrintedParsers = Object.fromEntries([...asPrintedTypeIds].map((id) => [id, asPrinted]));
