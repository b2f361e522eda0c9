/**
 * `npm run bench:catalog` (issue 15): a generated catalogue (BENCH_PRODUCTS, default 100,000;
 * generate-catalog.ts) on PGlite, on PostgreSQL and on the shop's embedded default (BENCH_ENGINES,
 * default all three: pglite, postgres, embedded), autocannon with
 * 50 connections for BENCH_SECONDS (10) per scenario. Beside it, in the same run, Fastify's hello
 * world and a raw `pg` server answering the same product by id with no project code
 * (raw-pg-server.ts): every figure is printed with its ratio to both, so a busy machine can neither
 * flatter nor hide a change. On PostgreSQL the shop runs as one process and as all processes
 * (WEB_CONCURRENCY=1 and =BENCH_PROCESSES, default the number of cores; BENCH_PROCESSES=1 runs one
 * process only). `embedded` is the shop exactly as `npm start` runs it without DATABASE_URL: start.mjs
 * (its small-heap settings), the embedded PostgreSQL it starts in DATA_DIR/postgres, one process; the
 * catalogue is generated into that folder beforehand, through the tools' own way in
 * (openShopDatabase). BENCH_SCENARIOS picks scenarios by name. Prints; asserts nothing.
 * Issue 30 adds a search with two new misspelt words each request, and, on PostgreSQL, the three read
 * scenarios again while 2 and 20 stock changes a second are written (each row beside its read-only rate).
 */
import fs from 'node:fs';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, openShopDatabase } from '../apps/api/src/db/client';
import { embeddedPostgresAvailable } from '../apps/api/src/db/embedded-postgres';
import { generateCatalog } from './generate-catalog';
import { createPostgresDatabase, helloWorldBaseline, load, postgresAvailable, root, startProcess, startShop, type LoadResult, type ServerProcess } from './support';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres,embedded').split(',').map((e) => e.trim());
const ALL_PROCESSES = Number(process.env.BENCH_PROCESSES ?? os.availableParallelism());
/** BENCH_SCENARIOS: run only the scenarios whose name contains one of these (comma-separated), e.g. 'product by id,category page'. */
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? '').split(',').map((s) => s.trim()).filter(Boolean);

interface Row extends LoadResult {
  /** The target for this figure, printed beside it. */
  target?: string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** One-typo queries a shopper types (each finds products of the generated catalogue). */
const typoQueries = ['kripik', 'batk', 'dodoll', 'sambel cabe', 'anaman rotan', 'kopi arabca', 'temep', 'madu hutn'];
/** Words of the generated catalogue, misspelt at random below: nearly every query is new (cache misses). */
const vocabulary = ['keripik', 'sambal', 'kerupuk', 'rengginang', 'arabika', 'robusta', 'melati', 'anyaman', 'rotan', 'keranjang', 'batik', 'kerudung', 'sepatu', 'sandal', 'sabun', 'lulur', 'bengkoang', 'temulawak', 'aromaterapi', 'gerabah', 'singkong', 'pisang', 'durian', 'pandan', 'kelapa'];
const letters = 'abcdefghijklmnopqrstuvwxyz';
function misspelt(word: string): string {
  const i = Math.floor(Math.random() * word.length);
  const edit = Math.floor(Math.random() * 3);
  if (edit === 0) return word.slice(0, i) + word.slice(i + 1);
  if (edit === 1) return word.slice(0, i) + pick([...letters]) + word.slice(i + 1);
  return word.slice(0, i) + pick([...letters]) + word.slice(i);
}

/**
 * Sales while the shop is read (issue 30 §2): `perSecond` stock changes a second on random products, each
 * leaving the product on the same side of zero (a sale that sells nothing out; a product at zero stays).
 */
async function selling<T>(databaseUrl: string, productIds: number[], perSecond: number, work: () => Promise<T>): Promise<{ result: T; sales: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let sales = 0;
  let busy: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (busy) return;
    busy = client
      .query('UPDATE products SET stock = CASE WHEN stock > 40 THEN stock - 1 WHEN stock > 0 THEN stock + 1 ELSE stock END WHERE id = $1', [pick(productIds)])
      .then(
        () => (sales += 1),
        (error: unknown) => console.error('sale failed', error),
      )
      .finally(() => (busy = undefined));
  }, 1000 / perSecond);
  try {
    return { result: await work(), sales };
  } finally {
    clearInterval(timer);
    await busy;
    await client.end();
  }
}

async function scenarios(label: string, baseUrl: string, data: { productIds: number[]; categoryIds: number[] }, databaseUrl?: string): Promise<Row[]> {
  const { productIds, categoryIds } = data;
  // Warm up connections, plans and the JIT.
  await load('warm-up', baseUrl, { duration: 2, path: () => `/api/v1/catalog/products/${pick(productIds)}` });
  const rows: Row[] = [];
  // The embedded default's targets (issue 15, written when PGlite was that default): p99 <= 50 ms with
  // no errors at 10,000 products, 0 errors and p99 <= 500 ms at 100,000.
  const embeddedTarget = PRODUCTS <= 10_000 ? 'embedded: p99 <= 50 ms, 0 errors' : 'embedded: p99 <= 500 ms, 0 errors';
  const embeddedEngine = label.startsWith('pglite') || label.startsWith('embedded');
  const run = async (name: string, target: string, pathOf: () => string) => {
    if (SCENARIOS.length > 0 && !SCENARIOS.some((s) => name.includes(s))) return;
    rows.push({ ...(await load(`${label}: ${name}`, baseUrl, { path: pathOf })), target: embeddedEngine && !target.startsWith('(') ? embeddedTarget : target });
  };
  await run('product by id', '>= 5,000 req/s, p99 <= 15 ms', () => `/api/v1/catalog/products/${pick(productIds)}`);
  await run('category page of 12 (pages 1-20)', '>= 2,000 req/s, p99 <= 30 ms', () => `/api/v1/catalog/products/?category_id=${pick(categoryIds)}&page=${1 + Math.floor(Math.random() * 20)}&page_size=12`);
  // Each process builds its search index as it starts (about a second at 100,000 products, 15-25 s at
  // 1,000,000; the SQL answers meanwhile): warm up until new misspellings are answered at index speed.
  const warmUntil = Date.now() + 180_000;
  for (;;) {
    const warm = await load('warm-up', baseUrl, { duration: 3, path: () => `/api/v1/catalog/products/?q=${misspelt(pick(vocabulary))}&page_size=12` });
    if (warm.p99 < 1_000 || Date.now() > warmUntil) break;
  }
  await run('search page of 12, one typo', '>= 1,000 req/s, p99 <= 30 ms', () => `/api/v1/catalog/products/?q=${encodeURIComponent(pick(typoQueries))}&page=1&page_size=12`);
  await run('search, new misspelt word each time', '(cache misses; no target)', () => `/api/v1/catalog/products/?q=${misspelt(pick(vocabulary))}&category_id=${pick(categoryIds)}&page_size=12`);
  await run('search, two new misspelt words each time', '>= 5% of hello world, p99 <= 50 ms (1M: p99 <= 150 ms)', () => `/api/v1/catalog/products/?q=${misspelt(pick(vocabulary))}+${misspelt(pick(vocabulary))}&page_size=12`);
  await run('landing: categories with counts', 'p99 <= 30 ms', () => '/api/v1/catalog/categories/');
  await run('landing: 4 random of a category', 'p99 <= 30 ms', () => `/api/v1/catalog/products/by-category?category_id=${pick(categoryIds)}&limit=4&order=random`);
  if (databaseUrl) {
    // Reads while selling: each read scenario again with 2 and 20 stock changes a second, beside its read-only rate above.
    const reads: [string, () => string][] = [
      ['product by id', () => `/api/v1/catalog/products/${pick(productIds)}`],
      ['category page of 12 (pages 1-20)', () => `/api/v1/catalog/products/?category_id=${pick(categoryIds)}&page=${1 + Math.floor(Math.random() * 20)}&page_size=12`],
      ['search page of 12, one typo', () => `/api/v1/catalog/products/?q=${encodeURIComponent(pick(typoQueries))}&page=1&page_size=12`],
    ];
    for (const perSecond of [2, 20]) {
      for (const [name, pathOf] of reads) {
        const full = `${name}, ${perSecond} sales/s`;
        if (SCENARIOS.length > 0 && !SCENARIOS.some((s) => full.includes(s))) continue;
        const readOnly = rows.find((r) => r.name === `${label}: ${name}`);
        const { result, sales } = await selling(databaseUrl, productIds, perSecond, () => load(`${label}: ${full}`, baseUrl, { path: pathOf }));
        const share = readOnly ? ` (${((result.requestsPerSecond / readOnly.requestsPerSecond) * 100).toFixed(0)}% of read-only, ${sales} sales)` : ` (${sales} sales)`;
        rows.push({ ...result, target: `>= 70% of read-only, p99 <= 30 ms${share}` });
      }
    }
  }
  return rows;
}

type Engine = 'pglite' | 'postgres' | 'embedded';

async function benchEngine(engine: Engine): Promise<{ rows: Row[]; raw?: Row }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-bench-'));
  // mkdtemp makes it 0700; started by root, the embedded server runs as `postgres` and must reach it.
  fs.chmodSync(dataDir, 0o755);
  const pgDb = engine === 'postgres' ? await createPostgresDatabase('pasar_bench_catalog') : undefined;
  try {
    const started = Date.now();
    const database = pgDb
      ? await openDatabase({ databaseUrl: pgDb.url })
      : await openShopDatabase({ DATABASE_URL: undefined, dataDir, EMBEDDED_DATABASE: engine === 'pglite' ? 'pglite' : 'postgres' });
    let data: Awaited<ReturnType<typeof generateCatalog>>;
    try {
      data = await generateCatalog(database.db, PRODUCTS);
    } finally {
      await database.close();
    }
    console.log(`[${engine}] ${data.productIds.length} active products generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    let raw: Row | undefined;
    if (pgDb) {
      const rawServer = await startProcess(path.join(root, 'bench/raw-pg-server.ts'), { DATABASE_URL: pgDb.url });
      try {
        await load('warm-up', rawServer.baseUrl, { duration: 2, path: () => `/product/${pick(data.productIds)}` });
        raw = { ...(await load('raw pg, product by id (baseline)', rawServer.baseUrl, { path: () => `/product/${pick(data.productIds)}` })), target: '(baseline)' };
      } finally {
        await rawServer.stop();
      }
    }
    const rows: Row[] = [];
    const plans = pgDb ? [...new Set([1, ALL_PROCESSES])] : [1];
    for (const processes of plans) {
      const server: ServerProcess =
        engine === 'embedded'
          ? // Nothing chosen for it: the engine, process count and heap are npm start's own defaults.
            await startShop({ DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_DATABASE: '', WEB_CONCURRENCY: '', SEED_DEMO: 'false' })
          : await startProcess(path.join(root, 'apps/api/src/server.ts'), {
              DATA_DIR: dataDir,
              DATABASE_URL: pgDb?.url ?? '',
              // The catalogue was generated into PGlite: the shop must open that, not its default engine.
              ...(pgDb ? {} : { EMBEDDED_DATABASE: 'pglite' }),
              WEB_CONCURRENCY: String(processes),
            });
      try {
        rows.push(...(await scenarios(`${engine} ×${processes}`, server.baseUrl, data, pgDb?.url)));
      } finally {
        await server.stop();
      }
    }
    return { rows, ...(raw ? { raw } : {}) };
  } finally {
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ratio = (a: number, b: number | undefined) => (b ? `${((a / b) * 100).toFixed(1)}%` : '');

function print(title: string, hello: Row, raws: Row[], rows: Row[]): void {
  const raw = raws[0];
  console.log(`\n${title}`);
  console.log(
    'scenario'.padEnd(52),
    'req/s'.padStart(7),
    'p99 ms'.padStart(7),
    'errors'.padStart(6),
    'non2xx'.padStart(6),
    '/hello'.padStart(7),
    '/raw'.padStart(7),
    '  target',
  );
  for (const r of [hello, ...raws, ...rows]) {
    console.log(
      r.name.padEnd(52),
      String(r.requestsPerSecond).padStart(7),
      String(r.p99).padStart(7),
      String(r.errors).padStart(6),
      String(r.non2xx).padStart(6),
      ratio(r.requestsPerSecond, hello.requestsPerSecond).padStart(7),
      ratio(r.requestsPerSecond, raw?.requestsPerSecond).padStart(7),
      ` ${r.target ?? ''}`,
    );
  }
  console.log('/hello and /raw: requests per second as a share of Fastify hello world and of the raw pg server (on the PostgreSQL of 127.0.0.1:5432, run with the postgres engine), same run.');
}

export async function runCatalogBench(): Promise<void> {
  const baseline: Row = { ...(await helloWorldBaseline()), target: '(baseline)' };
  const rows: Row[] = [];
  const raws: Row[] = [];
  for (const engine of ['pglite', 'postgres', 'embedded'] as const) {
    if (!ENGINES.includes(engine)) continue;
    if (engine === 'postgres' && !(await postgresAvailable())) {
      console.log('PostgreSQL not reachable on 127.0.0.1:5432: PostgreSQL figures skipped.');
      continue;
    }
    if (engine === 'embedded' && !(await embeddedPostgresAvailable())) {
      // The shop would fall back to PGlite: figures under this name would not be the embedded PostgreSQL's.
      console.log('The embedded PostgreSQL has no binaries for this platform: embedded figures skipped.');
      continue;
    }
    const result = await benchEngine(engine);
    rows.push(...result.rows);
    if (result.raw) raws.push(result.raw);
  }
  print(`Catalogue, ${PRODUCTS} products, 50 connections, ${process.env.BENCH_SECONDS ?? 10} s each (${os.cpus().length} cores)`, baseline, raws, rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCatalogBench();
}
