/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU)
 * with Debian's Chromium on `/`, `/catalog` and a product page of the production build, served
 * as the server renders them (docs/decisions/026-server-rendered-storefront.md), twice: on the
 * demo data, then on a generated catalogue of 10,000 products (BENCH_LIGHTHOUSE_PRODUCTS, 0 skips
 * it). Prints per route the performance and accessibility scores, LCP, CLS and TBT of the
 * simulation, and the compressed JavaScript the route loaded with its files, for the median of
 * BENCH_LIGHTHOUSE_RUNS runs (3). Asserts nothing.
 * Targets (issue 16 (docs/issues.md)): performance >= 98, accessibility 100, CLS <= 0.02,
 * LCP <= 1.5 s, <= 90 KB of compressed JavaScript per route, and no code a route does not use
 * (the assistant's panel, other screens' zod schemas, the back office).
 * BENCH_BUILD=0 keeps an existing build; WEB_DIST_DIR serves another build folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase } from '../apps/api/src/db/client';
import { startServer } from '../e2e/support/harness';
import { generateCatalog } from './generate-catalog';
import { root, startProcess } from './support';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const GENERATED = Number(process.env.BENCH_LIGHTHOUSE_PRODUCTS ?? 10_000);
/** Runs per route; the run with the median performance score is printed (a busy machine's runs vary). */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface RouteFigures {
  route: string;
  performance: number;
  accessibility: number;
  lcp: number;
  cls: number;
  tbt: number;
  scripts: { file: string; bytes: number }[];
  accessibilityIssues: string[];
  /** Lighthouse's CPU benchmark of this machine: the simulation multiplies the tasks it saw, so a slow or busy machine scores lower. */
  benchmarkIndex: number;
}

async function measure(port: number, baseUrl: string, route: string): Promise<RouteFigures | undefined> {
  const result = await lighthouse(`${baseUrl}${route}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
  });
  const lhr = result?.lhr;
  if (!lhr) return undefined;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  // What the wire carried (brotli for the build's assets), headers included, as Lighthouse counts it.
  const scripts = requests
    .filter((r) => r.resourceType === 'Script')
    .map((r) => ({ file: new URL(r.url).pathname.replace(/^\/assets\//, ''), bytes: r.transferSize ?? 0 }));
  const accessibilityIssues = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id))
    .map((a) => a.id);
  return {
    route,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    scripts,
    accessibilityIssues,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function productRoute(baseUrl: string): Promise<string> {
  const answer = (await (await fetch(`${baseUrl}/api/v1/catalog/products/?page=1&page_size=1`)).json()) as { data: { items: { id: number }[] } };
  return `/product/${answer.data.items[0]?.id ?? 1}`;
}

async function measureServer(title: string, baseUrl: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  const rows: RouteFigures[] = [];
  try {
    for (const route of ['/', '/catalog', await productRoute(baseUrl)]) {
      // One unmeasured visit first: the server's first render of a route imports and warms its code.
      await fetch(`${baseUrl}${route}`);
      const runs: RouteFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const figures = await measure(chrome.port, baseUrl, route);
        if (figures) runs.push(figures);
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      if (median) rows.push(median);
    }
  } finally {
    await chrome.kill();
  }
  const benchmark = rows.map((r) => Math.round(r.benchmarkIndex)).join('/');
  console.log(`\nLighthouse, mobile preset, Debian Chromium, production build: ${title} (median of ${RUNS} runs per route; CPU benchmark index ${benchmark})`);
  console.log(`${'route'.padEnd(18)}${'perf'.padStart(5)}${'a11y'.padStart(6)}${'LCP s'.padStart(8)}${'CLS'.padStart(8)}${'TBT ms'.padStart(8)}${'JS KB'.padStart(8)}`);
  for (const r of rows) {
    const js = r.scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.log(
      `${r.route.padEnd(18)}${String(r.performance).padStart(5)}${String(r.accessibility).padStart(6)}${(r.lcp / 1000).toFixed(2).padStart(8)}${r.cls.toFixed(3).padStart(8)}${String(Math.round(r.tbt)).padStart(8)}${(js / 1024).toFixed(1).padStart(8)}` +
        (r.accessibilityIssues.length ? `  accessibility issues: ${r.accessibilityIssues.join(', ')}` : ''),
    );
    console.log(`${''.padEnd(18)}JS files: ${r.scripts.map((s) => `${s.file} ${(s.bytes / 1024).toFixed(1)}`).join(', ')}`);
  }
}

export async function runLighthouseBench(): Promise<void> {
  const webDist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')) || process.env.BENCH_BUILD !== '0') {
    spawnSync('npm', ['run', 'build', '-w', '@pasar/web'], { cwd: root, stdio: 'inherit' });
  }

  const demo = await startServer();
  try {
    await measureServer('demo data', demo.baseUrl);
  } finally {
    await demo.stop();
  }

  if (GENERATED <= 0) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-bench-lighthouse-'));
  try {
    const database = await openDatabase({ dataDir });
    await generateCatalog(database.db, GENERATED);
    await database.close();
    const server = await startProcess(path.join(root, 'apps/api/src/server.ts'), { DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_DATABASE: 'pglite' });
    try {
      await measureServer(`${GENERATED.toLocaleString('en')} generated products (PGlite)`, server.baseUrl);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runLighthouseBench();
}
