#!/usr/bin/env node
/**
 * `npm start`: builds the web app when it is missing or older than its sources, then runs
 * the production server (API + web app on PORT, default 3000; apps/api/src/server.ts).
 */
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () => {
  if (!fs.existsSync(dist)) return true;
  const built = fs.statSync(dist).mtimeMs;
  return [path.join(root, 'apps/web'), path.join(root, 'packages/core/src')].some((d) => newestMtime(d) > built);
};

// WEB_DIST_DIR names a build made elsewhere (the server serves it): nothing here to build.
if (!process.env.WEB_DIST_DIR && sourcesChanged()) {
  console.info('Membangun aplikasi web…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@pasar/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Small-heap settings unless the operator chose their own (docs/decisions/035-embedded-database-memory.md):
// a 1 MB young generation instead of V8's up to three 16 MB semi-spaces, and two malloc arenas instead
// of up to eight per core (the libuv pool's threads each fill one). ~130 MB less per Node process.
const nodeOptions = process.env.NODE_OPTIONS ?? '';
const heapArgs = /--max-semi-space-size\b/.test(nodeOptions) ? [] : ['--max-semi-space-size=1'];
const child = spawn(process.execPath, [...heapArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// A server killed by a signal (the OOM killer, kill -9) exits non-zero here too, so a supervisor
// that restarts on failure restarts the shop (issue 26 §7).
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
