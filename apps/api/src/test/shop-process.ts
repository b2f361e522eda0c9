/**
 * Process tests run a real `server.ts` (or another script of the API) as production does, and read
 * what it prints. In production every line is JSON (docs/decisions/046-timeouts-lookups-and-logs.md):
 * `output()` reads each line's message back as text for the assertions, `stdout()`/`stderr()` keep
 * the lines as printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { apiRoot } from '../lib/package-root';

export interface ShopProcess {
  child: ChildProcess;
  /** Everything printed, each JSON line read back as its message (and its error's). */
  output(): string;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

export interface ShopProcessOptions {
  /** Node's arguments before the script: its TypeScript through tsx unless told otherwise (a built server's). */
  nodeArgs?: string[];
  /** The working directory: apps/api unless told otherwise. */
  cwd?: string;
}

/**
 * Starts `script` (relative to apps/api, or absolute) in a process group of its own, so a test can end
 * it with everything it started. The shop's defaults are what a start without them does: the variables
 * that choose the demo, the sandbox and a public shop are left out of the inherited environment unless
 * `env` names them.
 */
export function startShopProcess(env: Record<string, string>, script = 'src/server.ts', args: string[] = [], options: ShopProcessOptions = {}): ShopProcess {
  const { SEED_DEMO: _seed, PAYMENT_SANDBOX: _sandbox, PUBLIC_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? ['--import', 'tsx']), path.resolve(apiRoot, script), ...args], {
    cwd: options.cwd ?? apiRoot,
    env: { ...inherited, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOB_INTERVAL_MS: '0', DATABASE_URL: '', EMBEDDED_DATABASE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  let both = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    both += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    both += chunk.toString();
  });
  return {
    child,
    output: () => readableOutput(both),
    stdout: () => stdout,
    stderr: () => stderr,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
}

/** The banner line ("Pasar UMKM berjalan di http://localhost:PORT (database: …)") once the shop listens. */
export async function shopBanner(shop: ShopProcess, timeoutMs = 150_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = shop.output().split('\n').find((l) => l.startsWith('Pasar UMKM berjalan di'));
    if (line) return line;
    if (shop.child.exitCode !== null || Date.now() > deadline) throw new Error(`no banner:\n${shop.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The shop's address once it listens. */
export async function shopBaseUrl(shop: ShopProcess, timeoutMs?: number): Promise<string> {
  return `http://127.0.0.1:${/localhost:(\d+)/.exec(await shopBanner(shop, timeoutMs))?.[1]}`;
}

/** Ends the shop's whole process group (a test's clean-up). */
export function killShop(shop: ShopProcess | undefined): void {
  if (!shop?.child.pid || shop.child.exitCode !== null) return;
  try {
    process.kill(-shop.child.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

/** A fresh folder for a shop's DATA_DIR (or a copy of one) that the embedded PostgreSQL can use. */
export function postgresDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // mkdtemp makes it 0700; started by root, the server runs as `postgres` and must reach it.
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** A test's clean-up: ends the shop, any embedded PostgreSQL still serving its DATA_DIR, and removes the folder. */
export function removeShop(shop: ShopProcess | undefined, dataDir: string): void {
  killShop(shop);
  for (const pid of postgresOf(dataDir)) process.kill(pid, 'SIGQUIT');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A fresh DATA_DIR for the describe block this is called in, and its clean-up after the block: the shop
 * `lastShop` returns by then (the block's variable) ended, as `removeShop` does.
 */
export function dataDirRemovedAfterAll(prefix: string, lastShop: () => ShopProcess | undefined): string {
  const dataDir = postgresDataDir(prefix);
  afterAll(() => {
    removeShop(lastShop(), dataDir);
  });
  return dataDir;
}

/** Postgres processes serving this DATA_DIR's cluster. */
export function postgresOf(dataDir: string): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return cmdline.includes('postgres') && cmdline.includes(path.join(dataDir, 'postgres')) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** Each JSON line read back as its `msg`, then its error's message; a line that is not JSON as it is. */
export function readableOutput(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (!line.startsWith('{')) return line;
      try {
        const entry = JSON.parse(line) as { msg?: unknown; err?: { message?: unknown } };
        const parts = [entry.msg, entry.err?.message].filter((part): part is string => typeof part === 'string' && part !== '');
        return parts.join(' ');
      } catch {
        return line;
      }
    })
    .join('\n');
}

/** The lines of a process's output that are not JSON objects (every line should be one in production). */
export function linesNotJson(text: string): string[] {
  return text.split('\n').filter((line) => {
    if (line.trim() === '') return false;
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed);
    } catch {
      return true;
    }
  });
}
