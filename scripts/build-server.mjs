#!/usr/bin/env node
/**
 * The server's half of `npm run build` (docs/decisions/070-production-build.md): bundles
 * apps/api/src/server.ts and every command-line tool of apps/api/tools.json (the one list, which
 * scripts/tool.mjs runs) into JavaScript in apps/api/dist, so a checkout installed with
 * `npm ci --omit=dev` runs with plain `node`: no tsx, no TypeScript.
 *
 * Packages stay imports (node_modules is installed beside the build); only the workspace's own
 * @pasar/core, TypeScript sources, is bundled in. The build then refuses what would fail only in
 * production: a package the bundle (or the web app's server bundle) imports that the importing
 * workspace lists only in devDependencies, or not at all, is missing after `npm ci --omit=dev`.
 *
 *   node scripts/build-server.mjs [--outdir DIR] [--strict]
 *   (default apps/api/dist; tests build elsewhere; --strict: exit 1 on a package missing from "dependencies")
 */
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { apiDist, root, tools } from './built.mjs';

const api = path.join(root, 'apps/api');
/** Workspace packages bundled from source: the others of the monorepo are not imported by the server. */
const bundledWorkspaces = ['@pasar/core'];

/** Entry name → source file: the server and each tool that exists (apps/api/tools.json). */
export function entries() {
  const list = { server: 'src/server.ts', ...tools };
  /** @type {Record<string, string>} */
  const present = {};
  /** @type {string[]} */
  const missing = [];
  for (const [name, source] of Object.entries(list)) {
    if (fs.existsSync(path.join(api, source))) present[name] = path.join(api, source);
    else missing.push(`${name} (${source})`);
  }
  return { present, missing };
}

/** 'pdfjs-dist/legacy/build/pdf.mjs' → 'pdfjs-dist'; '@fastify/static' stays whole. @param {string} specifier */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : /** @type {string} */ (parts[0]);
}

/** The workspace folder (holding a package.json) that owns a file of the build's inputs. @param {string} file */
function owningPackage(file) {
  const absolute = path.resolve(root, file);
  for (let dir = path.dirname(absolute); dir.startsWith(root); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return root;
}

/**
 * Every package an esbuild metafile's inputs import at run time, checked against the "dependencies"
 * of the package.json that owns the importing file. Returns one line per package missing there.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} [cwd]
 */
export function undeclaredImports(metafile, cwd = root) {
  const problems = new Map();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const owner = owningPackage(path.resolve(cwd, input));
    const manifest = JSON.parse(fs.readFileSync(path.join(owner, 'package.json'), 'utf8'));
    for (const imported of imports) {
      // '<runtime>' is esbuild's own helper code, written into the bundle.
      if (!imported.external || imported.path === '<runtime>') continue;
      if (isBuiltin(imported.path) || /^[./]/.test(imported.path)) continue;
      const name = packageName(imported.path);
      if (manifest.dependencies?.[name]) continue;
      const where = manifest.devDependencies?.[name] ? 'only in devDependencies' : 'not listed';
      const key = `${name} → ${path.relative(root, owner) || '.'}`;
      if (!problems.has(key)) problems.set(key, `${name}: imported by ${path.relative(root, path.resolve(cwd, input))}, ${where} in ${path.relative(root, path.join(owner, 'package.json'))}`);
    }
  }
  return [...problems.values()];
}

/** Packages stay imports, except the workspace packages bundled from their TypeScript. @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (bundledWorkspaces.some((w) => args.path === w || args.path.startsWith(`${w}/`))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer({ outdir = apiDist } = {}) {
  const { present, missing } = entries();
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(present).map(([out, source]) => ({ out, in: source })),
    outdir,
    bundle: true,
    // The server imports the app only in the process that serves (server.ts): shared code goes into
    // chunks, so the supervising process of an embedded database never loads it (decision 035).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Error and class names read in logs and `instanceof`-free checks stay as written.
    keepNames: true,
    metafile: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  const problems = undeclaredImports(result.metafile);
  // The web app's server bundle (server rendering) is imported by the server at run time: its packages too.
  const webEntry = path.join(root, 'apps/web/dist/server/entry-server.js');
  if (fs.existsSync(webEntry)) {
    const web = await esbuild.build({ absWorkingDir: root, entryPoints: [webEntry], bundle: true, write: false, metafile: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'silent' });
    problems.push(...undeclaredImports(web.metafile));
  }
  return { built: Object.keys(present), missing, problems, outdir };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at > 0 ? path.resolve(/** @type {string} */ (process.argv[at + 1])) : undefined;
  const started = Date.now();
  const { built, missing, problems } = await buildServer(outdir ? { outdir } : {});
  if (missing.length) console.info(`Belum ada (dilewati): ${missing.join(', ')}.`);
  // Said, and refused only with --strict: the build still runs here, where every package is installed.
  // Its test (apps/api/src/production-build.test.ts) builds with --strict, so it is fixed before it ships.
  if (problems.length) {
    console.warn(`Paket yang dipakai saat berjalan tetapi tidak ada di "dependencies" (npm ci --omit=dev tidak memasangnya):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    if (process.argv.includes('--strict')) process.exit(1);
  }
  console.info(`Server dibangun ke ${path.relative(root, outdir ?? apiDist)} (${built.join(', ')}) dalam ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
