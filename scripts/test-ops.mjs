#!/usr/bin/env node
/**
 * `npm run test:ops`: the operations tests of docs/deploy.md (docs/decisions/073-ops-test.md), apart from `npm test`
 * because they need Debian's nginx and a PostgreSQL server and take a few minutes: two shop servers behind nginx
 * (ops/two-servers.test.ts) and backup → restore → start (ops/backup-round-trip.test.ts). Builds the server first
 * (scripts/build-server.mjs, as `npm run build` does), so the tests run what production runs.
 *
 * Without nginx (NGINX_BIN, default /usr/sbin/nginx) or without a PostgreSQL on 127.0.0.1:5432 (OPS_POSTGRES_URL)
 * it says skipped and why, and exits 0: a fresh machine without them passes. On CI (CI set) a missing nginx fails
 * instead, since .ci/run installs it. Arguments are passed to Vitest (e.g. a file name).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { portOpen } from './port-open.mjs';

const root = path.resolve(import.meta.dirname, '..');
const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const pgUrl = new URL(process.env.OPS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

const missing = [];
if (!fs.existsSync(nginx)) missing.push(`nginx not found at ${nginx} (apt-get install -y nginx)`);
if (!(await portOpen(pgUrl.hostname, Number(pgUrl.port || 5432)))) missing.push(`no PostgreSQL answers on ${pgUrl.hostname}:${pgUrl.port || 5432}`);
// CI installs nginx (.ci/run); there its absence is a broken CI, not a machine without it.
if (process.env.CI && !fs.existsSync(nginx)) {
  console.error(`ops tests FAILED: nginx not found at ${nginx} on CI (.ci/run installs it with apt-get install -y nginx).`);
  process.exit(1);
}
if (missing.length > 0) {
  console.info(`ops tests skipped: ${missing.join('; ')}.`);
  process.exit(0);
}

const started = Date.now();
const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('ops tests: the server build failed.');
  process.exit(1);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'ops', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
console.info(`ops tests ${run.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
process.exit(run.status ?? 1);
