#!/usr/bin/env node
/**
 * `npm run <tool>`: runs one of the shop's command-line tools (docs/deploy.md), listed once in
 * apps/api/tools.json. The built JavaScript (apps/api/dist/<tool>.js, `npm run build`) runs with plain
 * `node`, as in a checkout installed with `npm ci --omit=dev`; where the dev dependencies are installed
 * and the sources changed since that build (or there is none), the TypeScript runs through tsx instead
 * (docs/decisions/070-production-build.md).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtBefore, builtTool, devDependenciesInstalled, root, serverSources, tools } from './built.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !Object.hasOwn(tools, name)) {
  console.error(`Alat tidak dikenal: ${name ?? '(kosong)'}. Pilihan: ${Object.keys(tools).join(', ')}.`);
  process.exit(2);
}
const built = builtTool(name);
const fromSource = devDependenciesInstalled() && builtBefore(built, serverSources);
if (!fromSource && !fs.existsSync(built)) {
  console.error(`Alat ${name} belum dibangun (${path.relative(root, built)}) dan tsx tidak terpasang: jalankan \`npm ci && npm run build\` dulu, lalu \`npm ci --omit=dev\`.`);
  process.exit(1);
}
const entry = fromSource ? ['--import', 'tsx', path.join(root, 'apps/api', /** @type {string} */ (tools[name]))] : ['--enable-source-maps', built];
const child = spawn(process.execPath, [...entry, ...args], { cwd: root, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
