/**
 * What `npm start` and `npm run <tool>` need to know about the build (docs/decisions/070-production-build.md):
 * where it is, whether this checkout could make it (dev dependencies installed) and whether the sources
 * changed since. No dependency of its own: it runs in a checkout installed with `npm ci --omit=dev`.
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const apiDist = path.join(root, 'apps/api/dist');
export const builtServer = path.join(apiDist, 'server.js');
export const webIndex = path.join(root, 'apps/web/dist/index.html');

/** The tools of apps/api/tools.json: name → TypeScript entry, relative to apps/api. */
/** @type {Record<string, string>} */
export const tools = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/tools.json'), 'utf8'));

/** A tool's built entry (scripts/build-server.mjs names each after its tool). */
export const builtTool = (/** @type {string} */ name) => path.join(apiDist, `${name}.js`);

/** Whether the dev dependencies that build and run sources are installed: not after `npm ci --omit=dev`. */
export function devDependenciesInstalled() {
  return ['tsx', 'esbuild', 'vite'].every((name) => fs.existsSync(path.join(root, 'node_modules', name, 'package.json')));
}

/** @param {string} file @returns {number} */
function newestMtime(file) {
  if (!fs.statSync(file).isDirectory()) return fs.statSync(file).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

/**
 * Whether `file` is missing or older than any source it is built from (the web app, the api, core).
 * @param {string} file
 * @param {string[]} sources
 */
export function builtBefore(file, sources) {
  if (!fs.existsSync(file)) return true;
  const built = fs.statSync(file).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > built);
}

export const webSources = ['apps/web', 'packages/core/src'];
export const serverSources = ['apps/api/src', 'apps/api/tools.json', 'packages/core/src'];
