/**
 * `npm run bench backoffice`: the back office at a province's size (issue 15): 100,000 products and
 * 100,000 orders on PostgreSQL. Prints p99 of the admin product list, the order desk (first page,
 * a status tab, a search), the dashboard and the bell, and the CSV export's first bytes, beside
 * Fastify's hello world from the same run (a busy machine lowers both). Target: p99 <= 100 ms each,
 * and the export streams (the server's memory is printed before and after it).
 * BENCH_BACKOFFICE_PRODUCTS / BENCH_BACKOFFICE_ORDERS change the sizes; BENCH_SCENARIOS runs only the rows
 * whose name holds one of its comma-separated words (e.g. 'order desk,bell'; 'export' for the export).
 */
import { execSync } from 'node:child_process';
import http from 'node:http';
import { generateCatalog } from './generate-catalog';
import { generateOrders } from './generate-orders';
import { seededBenchDatabase, type SeededBenchDatabase } from './seeded-database';
import { adminHeaders, helloWorldBaseline, load, printAgainstTarget, printTable, startBenchServer, type LoadResult } from './support';

const PRODUCTS = Number(process.env.BENCH_BACKOFFICE_PRODUCTS ?? 100_000);
const ORDERS = Number(process.env.BENCH_BACKOFFICE_ORDERS ?? 100_000);
const TARGET_P99_MS = 100;
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const wanted = (name: string) => SCENARIOS.length === 0 || SCENARIOS.some((s) => name.includes(s));

/** Time to the first byte and to the end of a GET, one request at a time. */
function timeGet(url: string, headers: Record<string, string>): Promise<{ firstByte: number; total: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers }, (res) => {
      let firstByte = 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (!firstByte) firstByte = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ firstByte, total: performance.now() - started, bytes, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function serverRssMb(pid: number): Promise<number> {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * The seeded database with `products` generated products and `count` generated orders of them (generateOrders),
 * open, and when the generating started; undefined (the bench said skipped) when no PostgreSQL answers.
 */
export async function databaseWithOrders(prefix: string, bench: string, products: number, count: number): Promise<(SeededBenchDatabase & { started: number }) | undefined> {
  const pgDb = await seededBenchDatabase(prefix, bench);
  if (!pgDb) return undefined;
  try {
    const started = performance.now();
    const { productIds } = await generateCatalog(pgDb.database.db, products);
    await generateOrders(pgDb.database.db, count, productIds);
    return { ...pgDb, started };
  } catch (error) {
    await pgDb.database.close();
    await pgDb.drop();
    throw error;
  }
}

export async function runBackofficeBench(): Promise<void> {
  const pgDb = await databaseWithOrders('pasar_bench_backoffice', 'back-office', PRODUCTS, ORDERS);
  if (!pgDb) return;
  try {
    const { database, started } = pgDb;
    console.log(`generated ${PRODUCTS} products and ${ORDERS} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await database.close();

    const baseline = await helloWorldBaseline();

    // One process, so the figures compare with the other benches' one-process rows.
    const server = await startBenchServer(pgDb.url, { WEB_CONCURRENCY: '1' });
    const rows: LoadResult[] = [baseline];
    let exportLine = '';
    try {
      const headers = await adminHeaders(server.baseUrl);
      const connections = 10;
      const get = async (name: string, url: string) => {
        if (wanted(name)) rows.push(await load(name, server.baseUrl, { path: () => url, headers, connections }));
      };
      await get('admin products, first page', '/api/v1/products/?page=1');
      await get('admin products, search "keripik"', '/api/v1/products/?q=keripik&page=1');
      await get('admin products, sorted by name', '/api/v1/products/?sort=name&dir=asc&page=1');
      await get('order desk, first page (all)', '/api/v1/orders?page=1');
      await get('order desk, tab "pending"', '/api/v1/orders?status=pending&page=1');
      await get('order desk, proofs to verify', '/api/v1/orders?payment=verification&page=1');
      await get('order desk, search "siti"', '/api/v1/orders?q=siti&page=1');
      await get('order desk, search an order id', `/api/v1/orders?q=${Math.floor(ORDERS / 2)}&page=1`);
      await get('dashboard summary', '/api/v1/dashboard/summary');
      await get('notification bell', '/api/v1/dashboard/notifications');

      // The export: its first bytes must come as fast as a page; the whole file streams behind them.
      // The process listening on the server's port (lsof), to read its resident memory around the export.
      if (wanted('export')) {
        const pid = Number(execSync(`lsof -t -i :${new URL(server.baseUrl).port} -sTCP:LISTEN || true`).toString().trim().split('\n')[0] || 0);
        const rssBefore = pid ? await serverRssMb(pid) : 0;
        const runs: Awaited<ReturnType<typeof timeGet>>[] = [];
        for (let i = 0; i < Number(process.env.BENCH_EXPORT_RUNS ?? 10); i++) runs.push(await timeGet(`${server.baseUrl}/api/v1/orders/export.csv`, headers));
        const rssAfter = pid ? await serverRssMb(pid) : 0;
        const firstByteP99 = Math.round(percentile(runs.map((r) => r.firstByte), 99));
        const totalP99 = Math.round(percentile(runs.map((r) => r.total), 99));
        exportLine = `CSV export of every order (${runs.length} runs, one at a time): first bytes p99 ${firstByteP99} ms, whole file p99 ${totalP99} ms, ${(runs[0]?.bytes ?? 0).toLocaleString('en')} bytes, status ${runs[0]?.status}; server RSS ${rssBefore} MB before, ${rssAfter} MB after`;
      }
    } finally {
      await server.stop();
    }
    printTable(`Back office on PostgreSQL, ${PRODUCTS.toLocaleString('en')} products, ${ORDERS.toLocaleString('en')} orders, 10 connections (target p99 <= ${TARGET_P99_MS} ms)`, rows);
    printAgainstTarget(rows, TARGET_P99_MS);
    if (exportLine) console.log(exportLine);
  } finally {
    await pgDb.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBackofficeBench();
}
