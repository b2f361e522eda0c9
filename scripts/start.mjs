#!/usr/bin/env node
/**
 * `npm start`: runs the production server (API + web app on PORT, default 3000) from the build:
 * apps/api/dist/server.js with plain `node`, and the web app of apps/web/dist
 * (docs/decisions/070-production-build.md).
 * - A checkout with its dev dependencies (`npm install`) builds what is missing or older than its
 *   sources first, so `npm install && npm start` and a `git pull` just work.
 * - A production checkout (`npm ci --omit=dev` after `npm run build`) has nothing to build with, and
 *   is never rebuilt: a build missing there is an error that says what to run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtBefore, builtServer, devDependenciesInstalled, root, serverSources, webIndex, webSources } from './built.mjs';

// WEB_DIST_DIR names a web build made elsewhere (the server serves it): nothing of it to build here.
const ownWeb = !process.env.WEB_DIST_DIR;

/** @param {string} what @param {string} command @param {string[]} args */
function run(what, command, args) {
  console.info(what);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (devDependenciesInstalled()) {
  // The web app first: the server's build also checks the packages its server-rendering bundle imports.
  if (ownWeb && builtBefore(webIndex, webSources)) run('Membangun aplikasi web…', 'npm', ['run', 'build', '-w', '@pasar/web']);
  if (builtBefore(builtServer, serverSources)) run('Membangun server…', process.execPath, ['scripts/build-server.mjs']);
} else {
  const missing = [...(fs.existsSync(builtServer) ? [] : ['apps/api/dist']), ...(ownWeb && !fs.existsSync(webIndex) ? ['apps/web/dist'] : [])];
  if (missing.length > 0) {
    console.error(
      `Belum dibangun: ${missing.join(' dan ')}. Pemasangan ini tanpa dependensi pengembangan (npm ci --omit=dev), jadi tidak bisa membangun: ` +
        'jalankan `npm ci && npm run build` dulu, lalu `npm ci --omit=dev` (docs/deploy.md).',
    );
    process.exit(1);
  }
  // Still started: the build is what was tested and deployed; the sources may have moved on without it.
  if (builtBefore(builtServer, serverSources) || (ownWeb && builtBefore(webIndex, webSources))) {
    console.warn('Peringatan: hasil build lebih lama dari kode sumbernya (mis. setelah git pull). Bangun ulang: `npm ci && npm run build`, lalu `npm ci --omit=dev`.');
  }
}

// Small-heap settings unless the operator chose their own (docs/decisions/035-embedded-database-memory.md):
// a 1 MB young generation instead of V8's up to three 16 MB semi-spaces, and two malloc arenas instead
// of up to eight per core (the libuv pool's threads each fill one). ~130 MB less per Node process.
const nodeOptions = process.env.NODE_OPTIONS ?? '';
const heapArgs = /--max-semi-space-size\b/.test(nodeOptions) ? [] : ['--max-semi-space-size=1'];
// Stack traces in the logs name the TypeScript file and line, not the bundle's: ~18 MB per process,
// and the built server still takes less than tsx did (decision 070).
const child = spawn(process.execPath, [...heapArgs, '--enable-source-maps', builtServer], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
// A server killed by a signal (the OOM killer, kill -9) exits non-zero here too, so a supervisor
// that restarts on failure restarts the shop (issue 26 §7).
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
