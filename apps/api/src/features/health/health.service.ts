/**
 * Readiness (issue 26 §7, docs/decisions/047-dependable-health.md): whether this process can take an
 * order now. Liveness (GET /health) only says the process answers; this one asks the database and
 * the disk, so a load balancer or a supervisor stops sending shoppers to a shop that would fail them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { isDraining } from '../../lib/draining';
import { pingDatabase } from './health.repository';

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'down'; disk: 'ok' | 'low' };
  /** Set while the process shuts down (SIGTERM): not ready whatever the checks say. */
  draining?: true;
}

/** A database that neither answers nor fails within this time counts as down: the probe must not hang. */
const pingTimeoutMs = 3_000;

async function databaseAnswers(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), pingTimeoutMs);
  });
  try {
    return await Promise.race([pingDatabase(deps.database.db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The folder itself, or the nearest one above it that exists (uploads/ is made on the first upload). */
function existingFolder(dir: string): string {
  let current = path.resolve(dir);
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** Bytes an unprivileged writer may still use on the file system that holds `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await fs.promises.statfs(existingFolder(dir));
  return stats.bavail * stats.bsize;
}

export async function readiness(deps: AppDeps): Promise<Readiness> {
  // Draining answers at once, without asking the database: the balancer must learn it first.
  if (isDraining()) return { ready: false, checks: { database: 'ok', disk: 'ok' }, draining: true };
  const { dataDir, uploadsDir, READY_MIN_FREE_BYTES } = deps.config;
  const [database, spaces] = await Promise.all([databaseAnswers(deps), Promise.all([dataDir, uploadsDir].map(freeBytes))]);
  const disk = spaces.every((bytes) => bytes >= READY_MIN_FREE_BYTES) ? 'ok' : 'low';
  return { ready: database && disk === 'ok', checks: { database: database ? 'ok' : 'down', disk } };
}
