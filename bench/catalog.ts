/**
 * `npm run bench` (catalogue part): 100,000 generated products, autocannon with 50
 * connections for 10 s per scenario, on PGlite and on PostgreSQL, beside Fastify's own
 * hello world from the same run. Prints requests per second and p99; asserts nothing.
 * Targets (issue 2 (docs/issues.md), PostgreSQL): product by id >= 5,000 req/s with p99 <= 15 ms;
 * search p99 <= 30 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { generateCatalog } from './generate-catalog';
import { createPostgresDatabase, load, postgresAvailable, printTable, root, startProcess, type LoadResult } from './support';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<LoadResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-bench-'));
  const pgDb = engine === 'postgres' ? await createPostgresDatabase('pasar_bench_catalog') : undefined;
  try {
    const started = Date.now();
    const database = await openDatabase({ databaseUrl: pgDb?.url, dataDir: pgDb ? undefined : dataDir });
    const { productIds, categoryIds } = await generateCatalog(database.db, PRODUCTS);
    await database.close();
    console.log(`[${engine}] ${productIds.length} products generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const server = await startProcess(path.join(root, 'apps/api/src/server.ts'), {
      DATA_DIR: dataDir,
      DATABASE_URL: pgDb?.url ?? '',
    });
    try {
      const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
      // Warm up connections, plans and the JIT.
      await load('warm-up', server.baseUrl, { duration: 2, path: () => `/api/v1/catalog/products/${pick(productIds)}` });
      const results: LoadResult[] = [];
      results.push(await load(`${engine}: product by id`, server.baseUrl, { path: () => `/api/v1/catalog/products/${pick(productIds)}` }));
      results.push(
        await load(`${engine}: category page of 12`, server.baseUrl, {
          path: () => `/api/v1/catalog/products/?category_id=${pick(categoryIds)}&page=${1 + Math.floor(Math.random() * 20)}&page_size=12`,
        }),
      );
      const typoTerms = ['kripik', 'batk', 'dodoll', 'sambel', 'arabica', 'anyamn', 'temep'];
      results.push(
        await load(`${engine}: search page of 12, one-typo term`, server.baseUrl, {
          path: () => `/api/v1/catalog/products/?q=${pick(typoTerms)}&page=1&page_size=12`,
        }),
      );
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runCatalogBench(): Promise<void> {
  const hello = await startProcess(path.join(root, 'bench/hello-server.ts'), {});
  const baseline = await load('fastify hello world (baseline)', hello.baseUrl, { path: () => '/' });
  await hello.stop();
  const rows: LoadResult[] = [baseline];
  rows.push(...(await benchEngine('pglite')));
  if (await postgresAvailable()) rows.push(...(await benchEngine('postgres')));
  else console.log('PostgreSQL not reachable on 127.0.0.1:5432: PostgreSQL figures skipped.');
  printTable(`Catalogue, ${PRODUCTS} products, 50 connections, ${process.env.BENCH_SECONDS ?? 10} s each (${os.cpus().length} cores)`, rows);
  for (const r of rows.slice(1)) {
    console.log(`${r.name}: ${(r.requestsPerSecond / baseline.requestsPerSecond * 100).toFixed(1)}% of hello world`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCatalogBench();
}
