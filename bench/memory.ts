/**
 * `npm run bench memory`: resident memory of the whole shop, every process it starts and its
 * database included (issue 15: ≤ 250 MB at idle with the demo data, ≤ 400 MB at 10,000 products
 * under load). The shop is started as `npm start` starts it (scripts/start.mjs), and the figure is
 * the sum over its process tree read from /proc (Linux only):
 * - RSS counts every page a process has resident, so pages shared by several processes (PostgreSQL's
 *   shared buffers, Node's code in cluster workers) are counted once per process: an upper bound.
 * - PSS divides each shared page among the processes sharing it: the tree's real share of RAM.
 * Engines: the default embedded PostgreSQL (apps/api/src/db/embedded-postgres.ts, which the shop
 * starts itself in DATA_DIR/postgres: docs/decisions/035-embedded-database-memory.md) with one server
 * process (its default) and one per core, and PGlite (EMBEDDED_DATABASE=pglite). BENCH_MEMORY_PRODUCTS
 * (10,000), BENCH_SECONDS (10), BENCH_MEMORY_ENGINES (embedded-postgres,pglite) and BENCH_MEMORY_TUNING
 * (both, on, off: start.mjs's small-heap settings, its default, or V8's and glibc's own) choose what
 * runs; WEB_DIST_DIR serves a build made elsewhere (start.mjs then builds nothing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openShopDatabase } from '../apps/api/src/db/client';
import { seedDemoIfEmpty } from '../apps/api/src/db/seed/seed-demo';
import { generateCatalog } from './generate-catalog';
import { load, startShop } from './support';

const PRODUCTS = Number(process.env.BENCH_MEMORY_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const ENGINES = (process.env.BENCH_MEMORY_ENGINES ?? 'embedded-postgres,pglite').split(',');
const MB = 1024 * 1024;

interface ProcessMemory {
  pid: number;
  name: string;
  rss: number;
  pss: number;
}

/** The pid and every descendant, from each process's parent in /proc/<pid>/stat. */
function processTree(rootPids: number[]): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name in parentheses may hold spaces; the parent's pid is the second field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* ended meanwhile */
    }
  }
  const out: number[] = [];
  const queue = [...rootPids];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

function field(text: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) * 1024 : 0;
}

function memoryOf(pid: number): ProcessMemory | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = cmdline.find((a) => /\.(ts|mjs)$/.test(a));
    const name = script ? `node ${path.basename(script)}` : fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return { pid, name, rss: field(status, 'VmRSS'), pss: field(rollup, 'Pss') };
  } catch {
    return undefined;
  }
}

interface Sample {
  rss: number;
  pss: number;
  processes: ProcessMemory[];
}

function sample(rootPids: number[]): Sample {
  const processes = processTree(rootPids).flatMap((pid) => memoryOf(pid) ?? []);
  return { rss: processes.reduce((s, p) => s + p.rss, 0), pss: processes.reduce((s, p) => s + p.pss, 0), processes };
}

function larger(a: Sample | undefined, b: Sample): Sample {
  return !a || b.pss > a.pss ? b : a;
}

interface Row {
  scenario: string;
  sample: Sample;
  target: number;
  requestsPerSecond?: number;
  errors?: number;
}

type Engine = 'pglite' | 'embedded-postgres';

/**
 * start.mjs runs the server with two cheap settings for a small machine unless the operator set
 * them: a 1 MB young generation (V8's default semi-space grows to 16 MB, three of them per process)
 * and two malloc arenas (glibc keeps up to 8 per core, and the libuv pool's threads each fill one).
 * "Off" sets V8's and glibc's own values in their place, for the comparison.
 */
const DEFAULT_MEMORY_ENV = { NODE_OPTIONS: '--max-semi-space-size=16', MALLOC_ARENA_MAX: String(8 * os.availableParallelism()) };
const TUNING = (process.env.BENCH_MEMORY_TUNING ?? 'both') as 'both' | 'on' | 'off';

interface Setup {
  engine: Engine;
  smallMemory: boolean;
  /** Generated products on top of the demo data; 0 for the demo alone. */
  products: number;
  webConcurrency?: number;
}

async function measure(setup: Setup): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-memory-'));
  // mkdtemp makes it 0700; started by root, the embedded server runs as `postgres` and must reach it.
  fs.chmodSync(dataDir, 0o755);
  try {
    let productIds: number[] = [];
    let categoryIds: number[] = [];
    if (setup.products > 0) {
      // The catalogue is made beforehand, in the folder the shop then opens as its own.
      const database = await openShopDatabase({ dataDir, EMBEDDED_DATABASE: setup.engine === 'pglite' ? 'pglite' : 'postgres' });
      try {
        await seedDemoIfEmpty(database.db, { uploadsDir: path.join(dataDir, 'uploads'), withImages: true });
        ({ productIds, categoryIds } = await generateCatalog(database.db, setup.products));
      } finally {
        await database.close();
      }
    }
    const shop = await startShop({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_DATABASE: setup.engine === 'pglite' ? 'pglite' : 'postgres',
      ...(setup.webConcurrency ? { WEB_CONCURRENCY: String(setup.webConcurrency) } : {}),
      ...(setup.smallMemory ? {} : DEFAULT_MEMORY_ENV),
    });
    // The embedded PostgreSQL is the shop's own child: the tree from the shop's pid holds it.
    const roots = [shop.pid];
    const label = `${setup.engine}${setup.engine === 'pglite' ? '' : `, WEB_CONCURRENCY=${setup.webConcurrency ?? 1}`}${setup.smallMemory ? ', small heap' : ', V8/glibc defaults'}`;
    try {
      // What a first visitor does: the drawn pages load the renderer and warm the queries.
      for (const p of ['/', '/catalog', '/api/v1/catalog/products/?page=1&page_size=12']) await (await fetch(shop.baseUrl + p)).arrayBuffer();
      if (setup.products === 0) {
        await delay(IDLE_SECONDS * 1000);
        let peak: Sample | undefined;
        for (let i = 0; i < 5; i++) {
          peak = larger(peak, sample(roots));
          await delay(200);
        }
        return { scenario: `${label}: demo data, idle`, sample: peak as Sample, target: 250 * MB };
      }
      let peak: Sample | undefined;
      const timer = setInterval(() => (peak = larger(peak, sample(roots))), 250);
      const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
      const terms = ['kripik', 'batk', 'dodoll', 'sambel', 'arabica', 'anyamn', 'madu', 'kopi bandung'];
      const paths = [
        () => `/api/v1/catalog/products/${pick(productIds)}`,
        () => `/api/v1/catalog/products/?category_id=${pick(categoryIds)}&page=${1 + Math.floor(Math.random() * 20)}&page_size=12`,
        () => `/api/v1/catalog/products/?q=${encodeURIComponent(pick(terms))}&page=1&page_size=12`,
        () => `/product/${pick(productIds)}`,
        () => `/catalog?q=${encodeURIComponent(pick(terms))}`,
        () => '/',
      ];
      const result = await load('memory', shop.baseUrl, { connections: 20, duration: SECONDS, path: () => pick(paths)() });
      clearInterval(timer);
      peak = larger(peak, sample(roots));
      return {
        scenario: `${label}: ${setup.products} products, under load`,
        sample: peak,
        target: 400 * MB,
        requestsPerSecond: result.requestsPerSecond,
        errors: result.errors + result.non2xx,
      };
    } finally {
      await shop.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MB)}`;

function print(rows: Row[]): void {
  console.log(`\nMemory of the whole shop (every process, database included), ${os.availableParallelism()} cores; load: 20 connections for ${SECONDS} s over product, category, search and drawn pages`);
  console.log('scenario'.padEnd(58), 'PSS MB'.padStart(7), 'RSS MB'.padStart(7), 'target'.padStart(7), 'req/s'.padStart(6), 'errors'.padStart(7));
  for (const r of rows) {
    const verdict = r.sample.pss <= r.target ? 'ok' : 'OVER';
    console.log(
      r.scenario.padEnd(58),
      mb(r.sample.pss).padStart(7),
      mb(r.sample.rss).padStart(7),
      `${mb(r.target)} ${verdict}`.padStart(7),
      String(r.requestsPerSecond ?? '').padStart(6),
      String(r.errors ?? '').padStart(7),
    );
    const groups = new Map<string, { n: number; pss: number; rss: number }>();
    for (const p of r.sample.processes) {
      const g = groups.get(p.name) ?? { n: 0, pss: 0, rss: 0 };
      groups.set(p.name, { n: g.n + 1, pss: g.pss + p.pss, rss: g.rss + p.rss });
    }
    console.log(`   ${[...groups].map(([name, g]) => `${name}${g.n > 1 ? ` ×${g.n}` : ''} ${mb(g.pss)}/${mb(g.rss)}`).join(', ')}  (PSS/RSS MB)`);
  }
}

export async function runMemoryBench(): Promise<void> {
  if (!fs.existsSync('/proc/self/smaps_rollup')) {
    console.log('Memory bench skipped: it reads /proc (Linux only).');
    return;
  }
  const setups: Setup[] = [];
  const tunings = TUNING === 'both' ? [false, true] : [TUNING === 'on'];
  for (const engine of ENGINES as Engine[]) {
    const concurrency = engine === 'pglite' ? [undefined] : [1, os.availableParallelism()];
    for (const smallMemory of tunings) {
      for (const webConcurrency of concurrency) {
        setups.push({ engine, smallMemory, products: 0, ...(webConcurrency ? { webConcurrency } : {}) });
        if (PRODUCTS > 0) setups.push({ engine, smallMemory, products: PRODUCTS, ...(webConcurrency ? { webConcurrency } : {}) });
      }
    }
  }
  const rows: Row[] = [];
  for (const setup of setups) {
    try {
      rows.push(await measure(setup));
      print(rows.slice(-1));
    } catch (error) {
      console.error(`${setup.engine} (${setup.products} products) failed:`, error);
    }
  }
  print(rows);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMemoryBench();
}
