/**
 * Where the api package's own files are, whether this code runs from its TypeScript sources (tsx,
 * Vitest) or from the build in apps/api/dist (scripts/build-server.mjs, docs/decisions/070-production-build.md).
 * A path built from a module's import.meta.dirname names a different folder in each: the build puts
 * every module into one of a few files, so `../../..` from src/config.ts is not `../../..` from dist.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The nearest folder holding a package.json, from here up: apps/api from src/lib and from dist alike. */
function nearestPackage(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json tidak ditemukan di atas ${from}`);
  }
}

/** apps/api */
export const apiRoot = nearestPackage(import.meta.dirname);
/** The repository (workspace) root: the web app's build is at apps/web/dist under it. */
export const repoRoot = path.resolve(apiRoot, '../..');
/** Whether this process runs the built JavaScript rather than the sources. */
export const runsBuilt = !import.meta.url.endsWith('.ts');

/**
 * A command-line tool's entry (apps/api/tools.json, the one list scripts/tool.mjs runs and
 * scripts/build-server.mjs builds): in a built server the <name>.js the build put beside the server's
 * own entry (apps/api/dist, or the folder a test built into), else its TypeScript source.
 */
export function toolEntry(name: string): string {
  if (runsBuilt) return path.join(path.dirname(process.argv[1] ?? ''), `${name}.js`);
  const tools = JSON.parse(fs.readFileSync(path.join(apiRoot, 'tools.json'), 'utf8')) as Record<string, string>;
  const source = tools[name];
  if (!source) throw new Error(`Alat tidak dikenal: ${name}`);
  return path.join(apiRoot, source);
}
