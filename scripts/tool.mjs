#!/usr/bin/env node
/**
 * `npm run <tool>`: runs one of the shop's command-line tools (docs/deploy.md). Each has a TypeScript
 * entry under apps/api/src; this runs it through tsx (a dev dependency). Issue 27 §4 adds the built
 * JavaScript beside it for a checkout installed without dev dependencies.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Tool name → its entry, relative to apps/api/src. */
export const tools = {
  migrate: 'db/migrate.ts',
  seed: 'db/seed/run.ts',
  'create-admin': 'features/users/create-admin.ts',
  backup: 'ops/backup.cli.ts',
  restore: 'ops/restore.cli.ts',
  'storage-migrate': 'ops/storage-migrate.cli.ts',
};

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in tools)) {
  console.error(`Alat tidak dikenal: ${name ?? '(kosong)'}. Pilihan: ${Object.keys(tools).join(', ')}.`);
  process.exit(2);
}
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src', tools[name]), ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
