#!/usr/bin/env node
/**
 * `npm start`: builds the web app when it is missing or older than its sources, then runs
 * the one production process (API + web app on PORT, default 3000).
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

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
