/**
 * Runs once before the end-to-end files: starts the built server on a fresh DATA_DIR (the default embedded
 * PostgreSQL created, migrated, demo data and its pictures seeded), stops it cleanly (its database server
 * too, so the files can be copied) and keeps that DATA_DIR as the run's template. Every file then starts its own server on a copy of it (support/suite.ts), so each file still
 * has its own data, without paying for the creation and the seed again (about ten seconds a file here).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startServer();
  await server.stop({ keepDataDir: true });
  // A database server still running would be copied mid-write.
  if (fs.existsSync(path.join(server.dataDir, 'postgres/postmaster.pid'))) throw new Error(`the template's PostgreSQL did not stop: ${server.dataDir}`);
  project.provide('e2eTemplateDir', server.dataDir);
  return () => fs.rmSync(server.dataDir, { recursive: true, force: true });
}
