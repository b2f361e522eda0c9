/**
 * `npm run bench:checkout`: 50 concurrent buyers placing orders for 10 s against PostgreSQL,
 * once spread over many products and once all on one product with limited stock. Prints
 * orders per second, p99 and the oversold units (sold beyond the initial stock; must be 0), beside
 * Fastify's hello world from the same run. Targets (issue 30 §3, docs/issues.md): <= 2 ms of CPU an
 * order, >= 800 orders/s spread, >= 500/s on one product; at most 8 database round trips an order
 * (apps/api/src/features/orders/checkout-round-trips.test.ts). Prints the CPU an order costs in Node
 * and in PostgreSQL (Linux /proc; with the part spent in the kernel), the figure a shared machine moves
 * least, and how many of the products updates were HOT (migration 0017); and the raw baseline, an atomic
 * stock update through node:http and pg (bench/raw-stock-server.ts), with its rate and CPU per update.
 * The shop starts with 100,000 orders of history (HISTORY_ORDERS).
 */
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { queryRows } from '../apps/api/src/db/client';
import { products } from '../apps/api/src/db/schema';
import { guestOrderPayload } from '@pasar/core/testing';
import { generateCatalog } from './generate-catalog';
import { generateOrders } from './generate-orders';
import { seededBenchDatabase } from './seeded-database';
import { helloWorldBaseline, load, printTable, root, startBenchServer, startProcess, type LoadResult } from './support';

/** Enough not to sell out in the warm-up and the run at twice the target rate (1,000/s for 20 s): the rate is of orders placed, not of 409s. */
const ONE_PRODUCT_STOCK = 50_000;
/**
 * The orders the shop has before the bench: a running shop's tables have rows and statistics. On an
 * empty orders table every connection planned its foreign-key checks and functions as scans of a tiny
 * table and kept those plans while the bench filled it (decision 080): 12,108 scans reading 61.5 million
 * rows of orders and 2,540 reading 11.8 million of shipments in one run. BENCH_CHECKOUT_HISTORY=0
 * measures that empty shop.
 */
const HISTORY_ORDERS = Number(process.env.BENCH_CHECKOUT_HISTORY ?? 100_000);
/**
 * Seconds of the same load before each measured row, not counted: a live shop's server has compiled
 * its code, opened its connections and prepared its statements; a cold one did that inside the first row.
 * 3 s was not enough: perf showed V8's compiler threads still at a third of Node's CPU in the first
 * measured row (Node 2.2 ms an order there, 1.2 after 15 s of warm-up; decision 081). 10 s was not
 * enough either on a slower day: perf put V8's compiler at 12% of the server's CPU in the spread row
 * (the first one) against 3% in the one-product row, and the spread row's Node figure 0.3 ms above
 * the other's; after 30 s they were level (decision 083).
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 30);
const RAW_STOCK_ROWS = 2000;
const RAW_STOCK_EACH = 1_000_000;

/** A process's CPU in ms, in user space and in the kernel (its system calls: sockets, fsync, scheduling). */
interface CpuTime {
  user: number;
  system: number;
}

/** utime and stime of a process in ms, from /proc (Linux; clock ticks of 10 ms), or undefined once it is gone. */
function cpuMsOf(pid: number): CpuTime | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return undefined;
  }
}

/** The server's processes: its group (the primary and the workers it forks). */
function groupPids(leader: number): number[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === leader;
      } catch {
        return false;
      }
    });
}

interface CpuSnapshot {
  node: Map<number, CpuTime>;
  postgres: Map<number, CpuTime>;
  orders: number;
}

/**
 * What the server's processes and this database's backends have spent so far, and the orders placed:
 * two snapshots around a load give the CPU an order costs on each side, the figure a busy machine
 * hardly moves (it moves the rate). A process that ends during the load loses its share.
 */
/** How many orders were placed, or for the raw baseline how many units it took. */
const ORDERS_DONE = 'SELECT count(*)::int AS n FROM orders';
const RAW_TAKEN = `SELECT (${RAW_STOCK_ROWS}::bigint * ${RAW_STOCK_EACH} - sum(stock))::int AS n FROM bench_raw_stock`;

async function cpuSnapshot(check: pg.Client, serverPid: number, doneSql: string): Promise<CpuSnapshot> {
  const { rows } = await check.query<{ pid: number }>(`SELECT a.pid FROM pg_stat_activity a WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()`);
  const read = (pids: number[]) => new Map(pids.flatMap((pid) => { const ms = cpuMsOf(pid); return ms === undefined ? [] : [[pid, ms] as [number, CpuTime]]; }));
  const orders = (await check.query<{ n: number }>(doneSql)).rows[0]!.n;
  return { node: read(groupPids(serverPid)), postgres: read(rows.map((r) => r.pid)), orders };
}

interface CpuCost {
  orders: number;
  node: number;
  postgres: number;
  /** Of node and postgres, the part spent in the kernel. */
  nodeSystem: number;
  postgresSystem: number;
}

function cpuCost(before: CpuSnapshot, after: CpuSnapshot): CpuCost | undefined {
  const spent = (a: Map<number, CpuTime>, b: Map<number, CpuTime>, part: (t: CpuTime) => number) => [...b].reduce((sum, [pid, t]) => sum + part(t) - (a.has(pid) ? part(a.get(pid)!) : 0), 0);
  const all = (t: CpuTime) => t.user + t.system;
  const kernel = (t: CpuTime) => t.system;
  const orders = after.orders - before.orders;
  if (orders <= 0 || after.node.size === 0) return undefined;
  return {
    orders,
    node: spent(before.node, after.node, all) / orders,
    postgres: spent(before.postgres, after.postgres, all) / orders,
    nodeSystem: spent(before.node, after.node, kernel) / orders,
    postgresSystem: spent(before.postgres, after.postgres, kernel) / orders,
  };
}

const cpuLine = (cost: CpuCost | undefined, unit: string) =>
  cost
    ? `${cost.orders} ${unit}s; CPU per ${unit}: Node ${cost.node.toFixed(2)} ms + PostgreSQL ${cost.postgres.toFixed(2)} ms = ${(cost.node + cost.postgres).toFixed(2)} ms` +
      ` (in the kernel: Node ${cost.nodeSystem.toFixed(2)}, PostgreSQL ${cost.postgresSystem.toFixed(2)})`
    : `CPU per ${unit}: not measured`;

export async function runCheckoutBench(): Promise<void> {
  const pgDb = await seededBenchDatabase('pasar_bench_checkout', 'checkout');
  if (!pgDb) return;
  try {
    const { database } = pgDb;
    // The generated products have no business, so every cart has one origin: the store.
    const { productIds } = await generateCatalog(database.db, 2000, { stock: 1_000_000, variantsEvery: 1_000_000 });
    // Product 0 is generated with size variants; the bench buys plain products.
    const hot = productIds[1] as number;
    await database.db.update(products).set({ stock: ONE_PRODUCT_STOCK }).where(sql`id = ${hot}`);
    if (HISTORY_ORDERS > 0) await generateOrders(database.db, HISTORY_ORDERS, productIds, { shipments: true });
    const [history] = await queryRows<{ last: number }>(database.db, sql`SELECT coalesce(max(id), 0)::int AS last FROM orders`);
    const [local] = await queryRows<{ courier_id: number; price_id: number }>(
      database.db,
      sql`SELECT c.id AS courier_id, p.id AS price_id FROM couriers c JOIN courier_prices p ON p.courier_id = c.id
          WHERE c.is_active AND c.status = 'active' AND p.is_active AND (p.district_id IS NULL OR p.district_id = 327319)
          ORDER BY greatest(p.base_price, p.min_price) LIMIT 1`,
    );
    await database.close();

    // Fastify's hello world in the same run: a busy machine lowers both, so read the ratio.
    const baseline = await helloWorldBaseline();
    // The raw baseline: an atomic stock update on a table without triggers, through node:http and pg
    // (issue 30 §3: "the raw atomic stock update is the limit"), with its CPU per update.
    const check = new pg.Client({ connectionString: pgDb.url });
    await check.connect();
    await check.query(`CREATE TABLE bench_raw_stock (id int PRIMARY KEY, stock int NOT NULL)`);
    await check.query(`INSERT INTO bench_raw_stock SELECT g, ${RAW_STOCK_EACH} FROM generate_series(1, ${RAW_STOCK_ROWS}) g`);
    const rawServer = await startProcess(path.join(root, 'bench/raw-stock-server.ts'), { DATABASE_URL: pgDb.url, RAW_STOCK_ROWS: String(RAW_STOCK_ROWS) });
    let raw: LoadResult;
    let rawCost: CpuCost | undefined;
    try {
      const rawLoad = { method: 'POST', path: () => '/', body: () => '{}' } as const;
      if (WARM_UP_SECONDS > 0) await load('warm-up', rawServer.baseUrl, { ...rawLoad, duration: WARM_UP_SECONDS });
      const before = await cpuSnapshot(check, rawServer.pid, RAW_TAKEN);
      raw = await load('raw atomic stock update (baseline)', rawServer.baseUrl, rawLoad);
      rawCost = cpuCost(before, await cpuSnapshot(check, rawServer.pid, RAW_TAKEN));
    } finally {
      await rawServer.stop();
    }
    const server = await startBenchServer(pgDb.url);
    // Each order is another guest at another address: the shop caps one guest's open unpaid orders
    // (issue 13 §7), and a bench of one repeated guest measured mostly 429 answers.
    let buyer = 0;
    if (!local) throw new Error('the seeded shop has no local courier for Sumur Bandung');
    const body = (productId: number) => {
      buyer += 1;
      return JSON.stringify(guestOrderPayload({ productId, quantity: 1, local, email: `pembeli${buyer}@contoh.id`, name: 'Bench', address: `Jl. Braga ${buyer}`, phone: '081234567890' }));
    };
    const rows: LoadResult[] = [baseline, raw];
    const cpu: string[] = [`${raw.name}: ${cpuLine(rawCost, 'update')}`];
    try {
      const headers = { 'content-type': 'application/json' };
      const measured = async (run: (seconds?: number) => Promise<LoadResult>) => {
        if (WARM_UP_SECONDS > 0) await run(WARM_UP_SECONDS);
        const before = await cpuSnapshot(check, server.pid, ORDERS_DONE);
        const first = (await check.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM orders')).rows[0]!.last;
        const result = await run();
        const cost = cpuCost(before, await cpuSnapshot(check, server.pid, ORDERS_DONE));
        const times = cost && rawCost ? ` (${((cost.node + cost.postgres) / (rawCost.node + rawCost.postgres)).toFixed(1)} raw updates)` : '';
        // Each write statement is one transaction: its orders share an xmin (the write batch, decision 080).
        const writes = (await check.query<{ orders: number; writes: number }>('SELECT count(*)::int AS orders, count(DISTINCT xmin::text)::int AS writes FROM orders WHERE id > $1', [first])).rows[0];
        const batch = writes && writes.writes > 0 ? `; ${(writes.orders / writes.writes).toFixed(1)} orders a write` : '';
        cpu.push(`${result.name}: ${cpuLine(cost, 'order')}${times}${batch}`);
        return result;
      };
      rows.push(
        await measured((seconds) =>
          load('orders spread over 2,000 products', server.baseUrl, {
            method: 'POST',
            headers,
            path: () => '/api/v1/orders',
            body: () => body(productIds[2 + Math.floor(Math.random() * (productIds.length - 2))] as number),
            ...(seconds ? { duration: seconds } : {}),
          }),
        ),
      );
      rows.push(
        await measured((seconds) =>
          load(`orders all on one product (stock ${ONE_PRODUCT_STOCK})`, server.baseUrl, { method: 'POST', headers, path: () => '/api/v1/orders', body: () => body(hot), ...(seconds ? { duration: seconds } : {}) }),
        ),
      );
    } finally {
      await server.stop();
    }
    const sold = await check.query<{ sold: number; stock: number }>(
      'SELECT (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE product_id = $1 AND order_id > $2) AS sold, (SELECT stock FROM products WHERE id = $1) AS stock',
      [hot, Number(history?.last ?? 0)],
    );
    // Whether sales were HOT updates (migration 0017): the server has stopped, so its backends report as they end.
    await new Promise((r) => setTimeout(r, 1000));
    const updates = await check.query<{ upd: number; hot: number }>("SELECT n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'products'");
    await check.end();
    printTable('Checkout on PostgreSQL, 50 connections (201 = order placed; 409 = sold out)', rows);
    const { sold: soldUnits, stock } = sold.rows[0] ?? { sold: 0, stock: 0 };
    for (const r of rows.slice(1)) console.log(`${r.name}: ${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}% of hello world, ${((r.requestsPerSecond / raw.requestsPerSecond) * 100).toFixed(1)}% of the raw stock update`);
    for (const line of cpu) console.log(line);
    console.log(`products updates: ${updates.rows[0]?.upd ?? 0}, of them HOT: ${updates.rows[0]?.hot ?? 0}`);
    console.log(`one product: sold ${soldUnits} of ${ONE_PRODUCT_STOCK}, stock left ${stock}, oversold ${Math.max(0, soldUnits - ONE_PRODUCT_STOCK)}`);
  } finally {
    await pgDb.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCheckoutBench();
}
