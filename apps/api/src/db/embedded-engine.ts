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
import { embeddedPostgresAvailable, startEmbeddedPostgres } from './embedded-postgres';

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

/**
 * Takes DATA_DIR (one shop per folder: decision 024) and starts its PostgreSQL. The lock is held by
 * the process that owns the server, so a second shop or tool on the same folder is refused with the
 * lock's message instead of meeting a server it did not start.
 */
export async function startShopPostgres(config: Pick<Config, 'dataDir'>, options: { maxConnections?: number } = {}): Promise<ShopEmbeddedPostgres> {
  const release = await lockDataDir(config.dataDir);
  try {
    const server = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
      onLog: (line) => console.info(line),
    });
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
