#!/usr/bin/env node
/**
 * `npm test`: dead links (scripts/check-links.mjs), typecheck, lint, unit tests, API tests (PGlite, then PostgreSQL when one
 * answers on 127.0.0.1:5432), then the end-to-end tests against the built app in Chromium.
 * Every step runs; the exit code is non-zero when any failed.
 *
 * CI must stay under 20 minutes on two cores (docs/decisions/042-test-run-time.md): the checks that each keep one core
 * busy (links, typecheck, lint, unit tests, the web build) run two at a time, each printing its output as one block
 * when it ends; the test projects then run one after another, the API tests with two workers (vitest.config.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const results = [];
const reportDir = '.tmp/test-reports';
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });
let reportCount = 0;
/** Vitest arguments that also write a JSON report, so the summary can count every test. */
function vitest(...args) {
  reportCount += 1;
  return ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportDir}/${reportCount}.json`];
}
/**
 * Runs one step with its output passed through as it comes, keeping the last lines: CI shows only the tail of
 * a long run, so the summary repeats the end of every failed step (the failing test or the unhandled error).
 */
async function step(name, command, args, env = {}, { buffered = false } = {}) {
  const header = `\n━━ ${name} ━━\n`;
  if (!buffered) process.stdout.write(header);
  const started = Date.now();
  const tail = [];
  /** A step run beside another keeps its whole output and prints it at once when it ends, so two never interleave. */
  const held = [];
  const keep = (chunk) => {
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

/** Runs one step on its own, its output passed through as it comes. */
async function run(name, command, args, env = {}) {
  const result = await step(name, command, args, env);
  results.push(result);
  return result.ok;
}

/**
 * Runs steps at most `slots` at a time (longest first, as listed), each buffered; their results keep the listed order.
 * Returns whether each passed, by name.
 */
async function runTogether(slots, steps) {
  const done = new Array(steps.length);
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const i = next++;
      const [name, command, args, env] = steps[i];
      done[i] = await step(name, command, args, env ?? {}, { buffered: true });
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, steps.length) }, lane));
  results.push(...done);
  return Object.fromEntries(done.map((r) => [r.name, r.ok]));
}

/** The lines of a failed step worth repeating: vitest's failures and errors, else the step's last lines. */
function failureLines(lines) {
  // eslint-disable-next-line no-control-regex
  const plain = lines.map((l) => l.replace(/\u001b\[[0-9;]*m/g, ''));
  const start = plain.findIndex((l) => /Failed Tests|Unhandled Errors|Unhandled Rejection|FAIL\s/.test(l));
  const picked = start >= 0 ? plain.slice(start) : plain;
  return picked.filter((l) => l.trim() !== '').slice(-40);
}
function skip(name, why) {
  console.info(`\n━━ ${name} ━━\nskipped: ${why}`);
  results.push({ name, ok: true, skipped: why, seconds: '0.0' });
}

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

const npx = 'npx';
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const e2eRuns = fs.existsSync(chromium);
// Each of these keeps about one core busy: two at a time fill the machine. Lint, the longest, starts first.
const checks = await runTogether(2, [
  ['lint', npx, ['eslint', '--max-warnings', '0', '.']],
  ['typecheck', npx, ['tsc', '-b', 'packages/core', 'apps/api', 'apps/web', 'e2e', 'bench']],
  ['unit tests (core, web)', npx, vitest('--project', 'core', '--project', 'web')],
  ...(e2eRuns ? [['build web app', 'npm', ['run', 'build']]] : []),
  ['links in docs and docs/ paths in code', process.execPath, ['scripts/check-links.mjs']],
]);
await run('API tests on embedded PGlite', npx, vitest('--project', 'api'), { TEST_POSTGRES_URL: '' });

const pgUrl = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (process.env.SKIP_POSTGRES === '1') {
  skip('API tests on PostgreSQL', 'SKIP_POSTGRES=1');
} else if (await portOpen('127.0.0.1', 5432)) {
  await run('API tests on PostgreSQL', npx, vitest('--project', 'api'), { TEST_POSTGRES_URL: pgUrl });
} else {
  skip('API tests on PostgreSQL', 'no PostgreSQL server answers on 127.0.0.1:5432 (the embedded PGlite pass above still ran every API test)');
}

if (e2eRuns) {
  if (checks['build web app']) await run('end-to-end tests in Chromium', npx, vitest('--project', 'e2e'));
} else if (process.env.CI) {
  console.error(`\nChromium not found at ${chromium}; .ci/run installs it with apt-get install -y chromium.`);
  results.push({ name: 'end-to-end tests in Chromium', ok: false, seconds: '0.0' });
} else {
  skip('end-to-end tests in Chromium', `Chromium not found at ${chromium} (install it: apt-get install -y chromium)`);
}

for (const r of results.filter((x) => x.tail?.length)) console.info(`\n── why "${r.name}" failed (its last lines) ──\n${r.tail.join('\n')}`);
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
