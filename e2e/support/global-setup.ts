/**
 * Runs once before the end-to-end files: starts the built server on a fresh DATA_DIR (database created,
 * migrated, demo data and its pictures seeded), stops it cleanly and keeps that DATA_DIR as the run's
 * template. Every file then starts its own server on a copy of it (support/suite.ts), so each file still
 * has its own data, without paying for the creation and the seed again (about ten seconds a file here).
 */
import fs from 'node:fs';
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
  project.provide('e2eTemplateDir', server.dataDir);
  return () => fs.rmSync(server.dataDir, { recursive: true, force: true });
}
