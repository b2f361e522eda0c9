/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset) with Debian's Chromium on `/`,
 * `/catalog` and a product page of the production build with demo data. Prints performance
 * and accessibility scores and the gzipped JavaScript each route loads. Asserts nothing.
 * Targets (issue 2 (docs/issues.md)): performance >= 98, accessibility 100, <= 70 KB gzipped JS per route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/harness';
import { root } from './support';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function runLighthouseBench(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || process.env.BENCH_BUILD !== '0') {
    spawnSync('npm', ['run', 'build', '-w', '@pasar/web'], { cwd: root, stdio: 'inherit' });
  }
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  try {
    const products = (await (await fetch(`${server.baseUrl}/api/v1/catalog/products/?page=1&page_size=1`)).json()) as { data: { items: { id: number }[] } };
    const routes = ['/', '/catalog', `/product/${products.data.items[0]?.id ?? 1}`];
    const rows: string[] = [];
    for (const route of routes) {
      const result = await lighthouse(`${server.baseUrl}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      });
      const lhr = result?.lhr;
      if (!lhr) continue;
      const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number; url: string }[] } | undefined)?.items ?? [];
      const jsBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id))
        .map((a) => a.id);
      rows.push(
        `${route.padEnd(16)} performance ${String(Math.round((lhr.categories.performance?.score ?? 0) * 100)).padStart(3)}  accessibility ${String(Math.round((lhr.categories.accessibility?.score ?? 0) * 100)).padStart(3)}  JS ${(jsBytes / 1024).toFixed(1)} KB gzipped  LCP ${lhr.audits['largest-contentful-paint']?.displayValue ?? '?'}${failed.length ? `  a11y issues: ${failed.join(', ')}` : ''}`,
      );
    }
    console.log('\nLighthouse (mobile preset, Debian Chromium, production build, demo data)');
    for (const row of rows) console.log(row);
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runLighthouseBench();
}
