/**
 * End-to-end harness: starts the production server (built web app + API) on a free port
 * with a fresh DATA_DIR and the demo data, and drives Debian's Chromium with playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { listeningUrl } from '../../apps/api/src/test/listening-url';

export { listeningUrl };

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Stops the server (SIGTERM, then SIGKILL after 15 s) and removes its DATA_DIR unless kept. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

export interface StartOptions {
  /**
   * A stopped server's DATA_DIR to start from (a copy of it): the run's seeded template
   * (e2e/support/global-setup.ts), so a file skips the database's creation and the demo seed.
   */
  from?: string | undefined;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-e2e-'));
  // mkdtemp makes it 0700; run by root, the embedded PostgreSQL runs as `postgres` and must reach it.
  fs.chmodSync(dataDir, 0o755);
  if (options.from && !env.DATA_DIR) {
    // The template's server was stopped (global-setup.ts), so its files are a consistent copy; the copy's
    // socket lives in its own folder, and its server takes the files over as its own (embedded-postgres.ts).
    fs.cpSync(options.from, dataDir, { recursive: true, filter: (source) => path.basename(source) !== '.lock' });
  }
  // E2E_SERVER=built (npm test and npm run test:e2e, after `npm run build`): the built server with plain node, as
  // `npm start` runs it (docs/decisions/070-production-build.md); otherwise the sources, so a spec run alone tests the code as it is.
  const entry = process.env.E2E_SERVER === 'built' ? ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')] : ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const baseUrl = await listeningUrl(child).catch(async (error: unknown) => {
    // A start that hangs is stopped (with the database it may have started), and its folder removed.
    await stopGroup(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl,
    dataDir,
    async stop(stopOptions: { keepDataDir?: boolean } = {}) {
      await stopGroup(child);
      if (!stopOptions.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * SIGTERM to the server's process group, then SIGKILL after 15 s. The server stops its embedded
 * PostgreSQL before it exits: the wait gives it time to, so no database is left running.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page whose console errors and uncaught exceptions are collected; the spec's
 * afterEach asserts none happened unless the test expected them (docs/design.md §7).
 */
export async function newPage(browser: Browser, baseUrl: string, options: { mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    ...(options.mobile ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
    locale: 'id-ID',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  return { context, page, consoleErrors };
}

/** Saves a screenshot under e2e/artifacts for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(root, 'e2e/artifacts');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
