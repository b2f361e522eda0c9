/**
 * Which database a shop without DATABASE_URL runs in its DATA_DIR, and starting it for the shop
 * (docs/decisions/035-embedded-database-memory.md). Light on purpose: the cluster's primary loads
 * this and not the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EmbeddedEngine } from '../cluster';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import { embeddedPostgresAvailable, startEmbeddedPostgres, type EmbeddedPostgresServer } from './embedded-postgres';

export interface EmbeddedChoice {
  engine: EmbeddedEngine;
  /** A start line that says why the shop runs PGlite, when it was not asked for. */
  note?: string;
}

export async function chooseEmbeddedEngine(config: Pick<Config, 'EMBEDDED_DATABASE' | 'dataDir'>): Promise<EmbeddedChoice> {
  if (config.EMBEDDED_DATABASE === 'pglite') return { engine: 'pglite' };
  if (config.EMBEDDED_DATABASE === undefined) {
    // A shop made before PostgreSQL became the default keeps its data where it is: nothing is moved
    // behind the operator's back (decision 035 says how to move).
    const has = (name: string) => fs.existsSync(path.join(config.dataDir, name));
    if (has('pglite') && !has('postgres')) {
      return {
        engine: 'pglite',
        note:
          `Folder data ${config.dataDir} berisi database PGlite dari versi sebelumnya: toko tetap memakai PGlite agar datanya tetap ada. ` +
          'PostgreSQL tertanam memakai jauh lebih sedikit memori; cara pindah: docs/decisions/035-embedded-database-memory.md. Setel EMBEDDED_DATABASE=pglite untuk tidak melihat pesan ini.',
      };
    }
  }
  if (!(await embeddedPostgresAvailable())) {
    return { engine: 'pglite', note: 'PostgreSQL tertanam tidak tersedia untuk sistem ini (paket platform embedded-postgres tidak terpasang): memakai PGlite.' };
  }
  return { engine: 'postgres' };
}

export interface ShopEmbeddedPostgres {
  url: string;
  /** The folder of the cluster, for the start banner. */
  folder: string;
  /** Whether the database was created by this start. */
  created: boolean;
  /** Stops the server, then releases DATA_DIR. */
  stop(): Promise<void>;
}

/** What the server does when its embedded PostgreSQL dies (issue 26 §7, docs/decisions/047-dependable-health.md). */
export interface SupervisePolicy {
  /** Restarts allowed within `windowMs`; one death more and the shop gives up. Default 3. */
  maxRestarts?: number;
  /** Default 5 minutes. */
  windowMs?: number;
  /** The database cannot be kept running: the server closes and exits non-zero (server.ts). */
  onGiveUp: (reason: string) => void;
}

/**
 * Restarts a postmaster that died (a crash, the OOM killer, a kill -9) on the same folder and socket,
 * so the server's pools reconnect by themselves (pg.Pool drops broken clients) and requests in the
 * meantime answer 503. A database that keeps dying is not restarted forever: past `maxRestarts` in
 * `windowMs` the shop exits non-zero, and a supervisor (systemd, Docker) that restarts on failure
 * starts it afresh instead of a process that would serve errors for good.
 */
function supervise(server: EmbeddedPostgresServer, policy: SupervisePolicy): void {
  const maxRestarts = policy.maxRestarts ?? 3;
  const windowMs = policy.windowMs ?? 5 * 60_000;
  const minutes = Math.round(windowMs / 60_000);
  const restarts: number[] = [];
  server.onUnexpectedExit((how) => {
    const now = Date.now();
    while (restarts[0] !== undefined && restarts[0] <= now - windowMs) restarts.shift();
    if (restarts.length >= maxRestarts) {
      policy.onGiveUp(
        `PostgreSQL tertanam berhenti (${how}) untuk ke-${maxRestarts + 1} kalinya dalam ${minutes} menit: server berhenti dengan kode 1 agar supervisor (systemd, Docker) menjalankannya ulang.`,
      );
      return;
    }
    restarts.push(now);
    console.warn(`PostgreSQL tertanam berhenti tak terduga (${how}); dijalankan ulang (${restarts.length} dari ${maxRestarts} kali dalam ${minutes} menit).`);
    server.restart().then(
      () => console.info(`PostgreSQL tertanam berjalan lagi (pid ${server.pid}).`),
      (error: unknown) => policy.onGiveUp(`PostgreSQL tertanam tidak dapat dijalankan ulang: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
}

/**
 * Takes DATA_DIR (one shop per folder: decision 024) and starts its PostgreSQL. The lock is held by
 * the process that owns the server, so a second shop or tool on the same folder is refused with the
 * lock's message instead of meeting a server it did not start.
 */
export async function startShopPostgres(
  config: Pick<Config, 'dataDir'>,
  options: { maxConnections?: number; supervise?: SupervisePolicy } = {},
): Promise<ShopEmbeddedPostgres> {
  const release = await lockDataDir(config.dataDir);
  try {
    const server = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
      onLog: (line) => console.info(line),
    });
    if (options.supervise) supervise(server, options.supervise);
    return {
      url: server.url,
      folder: path.join(config.dataDir, 'postgres'),
      created: server.created,
      async stop() {
        try {
          await server.stop();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
