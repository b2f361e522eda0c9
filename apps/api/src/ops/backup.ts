/**
 * `npm run backup [ARCHIVE]` (docs/decisions/069-backup-and-restore.md): one .tar.gz with the
 * database as of one snapshot and the shop's files, taken while the shop keeps selling.
 *
 * Archive layout: `db/<table>.jsonl` (one JSON object per row), `files/<folder>/…` (the folders of
 * DATA_DIR that hold the shop's files), `manifest.json` last (what the rest holds, with counts and
 * checksums; written last because it lists the files' sha256 taken as they were copied).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { z } from 'zod';
import { productImageKeys } from '@pasar/core/catalog';
import type { Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { chooseEmbeddedEngine, startShopPostgres } from '../db/embedded-engine';
import { proofKey } from '../features/payments/payments.service';
import { isObjectKey, type ObjectArea, type ObjectStorage } from '../integrations/storage/object-storage';
import { s3StorageFor, storageFor } from '../integrations/storage/shop-storage';
import { writeArchive, type ArchiveEntry } from './archive';
import { BackupError, exportSnapshot, type ExportOptions, type SnapshotExport } from './backup.repository';

export { BackupError } from './backup.repository';

export const MANIFEST_FORMAT = 'pasar-umkm-backup';
export const MANIFEST_VERSION = 1;

/**
 * DATA_DIR's folders that hold the shop's files (decision 068): the public area (product images,
 * knowledge files) and payment proofs. The database folders are never copied as files: a running
 * cluster's files are not a consistent copy.
 */
export const FILE_FOLDERS = ['uploads', 'payment-proofs'] as const;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  created_at: z.string(),
  engine: z.enum(['embedded-postgres', 'postgres']),
  server_version: z.string(),
  snapshot: z.string(),
  migration_count: z.number().int(),
  migrations: z.array(z.object({ hash: z.string(), created_at: z.number() })),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int(), file: z.string() })),
  sequences: z.array(z.object({ name: z.string(), last_value: z.string(), is_called: z.boolean() })),
  outbox_unsent: z.number().int(),
  files: z.array(z.object({ path: z.string(), size: z.number().int(), sha256: z.string() })),
  file_storage: z.object({ s3: z.boolean(), note: z.string().optional() }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** `pasar-backup-YYYYMMDD-HHMMSS.tar.gz`, in UTC so two servers in different zones name alike. */
export function defaultArchiveName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `pasar-backup-${stamp}.tar.gz`;
}

export interface ShopConnection {
  url: string;
  engine: Manifest['engine'];
  /** How it was reached, for the tool's output. */
  how: string;
  close(): Promise<void>;
}

/**
 * The socket of the embedded PostgreSQL a running shop started in DATA_DIR: PostgreSQL writes its
 * port (line 4) and socket folder (line 5) to postmaster.pid, which is how a second process on the
 * same machine finds it without asking the shop.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const port = lines[3]?.trim();
  const socketDir = lines[4]?.trim();
  if (!port || !socketDir) return undefined;
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`;
}

/**
 * The shop's database for the backup: DATABASE_URL; else the embedded PostgreSQL of DATA_DIR,
 * reached on its socket while the shop runs (the shop holds DATA_DIR's lock), or started for the
 * tool's while when the shop is stopped, as openShopDatabase does.
 */
export async function connectShop(config: Pick<Config, 'DATABASE_URL' | 'EMBEDDED_DATABASE' | 'dataDir'>): Promise<ShopConnection> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, engine: 'postgres', how: 'DATABASE_URL', close: async () => undefined };
  const choice = await chooseEmbeddedEngine(config);
  if (choice.engine === 'pglite') {
    throw new BackupError(
      `Folder data ${config.dataDir} memakai PGlite, yang hanya dapat dibuka satu proses: cadangan daring hanya untuk PostgreSQL tertanam atau DATABASE_URL. ` +
        'Hentikan toko lalu salin seluruh folder DATA_DIR, atau pindah ke PostgreSQL tertanam (docs/decisions/035-embedded-database-memory.md).',
    );
  }
  const cluster = path.join(config.dataDir, 'postgres');
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) throw new BackupError(`Tidak ada database di ${cluster}: belum ada yang dapat dicadangkan.`);
  try {
    const server = await startShopPostgres(config);
    return { url: server.url, engine: 'embedded-postgres', how: `PostgreSQL tertanam di ${cluster}, dijalankan untuk pencadangan ini`, close: () => server.stop() };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const url = runningEmbeddedUrl(config.dataDir);
    if (!url) throw new BackupError(`Toko sedang berjalan di ${config.dataDir}, tetapi PostgreSQL tertanamnya belum siap (postmaster.pid tidak ada). Coba lagi sebentar lagi.`);
    return { url, engine: 'embedded-postgres', how: `PostgreSQL tertanam toko yang sedang berjalan (${cluster})`, close: async () => undefined };
  }
}

/** Every regular file under DATA_DIR's file folders, as archive names (`files/uploads/products/…`). */
export function listShopFiles(dataDir: string): { name: string; file: string }[] {
  const out: { name: string; file: string }[] = [];
  const walk = (dir: string, name: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      // A write still under way (storage writes `<name>.<pid>.partial` and renames it): not a file yet.
      if (entry.name.endsWith('.partial')) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${name}/${entry.name}`);
      else if (entry.isFile()) out.push({ name: `${name}/${entry.name}`, file: path.join(dir, entry.name) });
    }
  };
  for (const folder of FILE_FOLDERS) walk(path.join(dataDir, folder), `files/${folder}`);
  return out;
}

export interface BackupOptions extends ExportOptions {
  now?: Date;
}

export interface BackupResult {
  archive: string;
  manifest: Manifest;
  how: string;
}

/** A full Config with S3 set copies S3's objects; without, only DATA_DIR's files are copied. */
export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'EMBEDDED_DATABASE' | 'dataDir'> & Partial<Config>;

/** The archive name of an object: the same place it has in DATA_DIR without S3 (decision 068). */
export const archiveNameOf = (area: ObjectArea, key: string) => (area === 'public' ? `files/uploads/${key}` : `files/${key}`);

/** The storage object an archive name stands for, or undefined for a name outside both areas. */
export function objectOfArchiveName(name: string): { area: ObjectArea; key: string } | undefined {
  if (name.startsWith('files/uploads/')) return { area: 'public', key: name.slice('files/uploads/'.length) };
  if (name.startsWith('files/payment-proofs/')) return { area: 'private', key: name.slice('files/'.length) };
  return undefined;
}

/**
 * Every object the exported rows name: any string a public address of the storage reads as a key
 * (product images with their sized siblings, knowledge files, images in change proposals), and each
 * payment's proof. Read from the export itself, so the list matches the snapshot.
 */
export async function referencedObjects(dir: string, tables: SnapshotExport['tables'], storage: ObjectStorage): Promise<{ area: ObjectArea; key: string }[]> {
  const found = new Map<string, { area: ObjectArea; key: string }>();
  const add = (area: ObjectArea, key: string) => {
    if (isObjectKey(key)) found.set(`${area}:${key}`, { area, key });
  };
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const key = value.length < 2000 ? storage.keyOfPublicUrl(value) : undefined;
      if (!key) return;
      add('public', key);
      // The stored address names the widest copy; its narrower siblings go with it (core/catalog/images.ts).
      for (const sized of productImageKeys(key) ?? []) add('public', sized);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  for (const table of tables) {
    const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, table.file)), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const row = JSON.parse(line) as Record<string, unknown>;
      if (table.name === 'payments' && typeof row.proof_file === 'string' && row.proof_file) add('private', proofKey(row.proof_file));
      visit(row);
    }
  }
  return [...found.values()];
}

export async function backup(config: BackupConfig, archive: string, options: BackupOptions = {}): Promise<BackupResult> {
  const target = path.resolve(archive);
  if (fs.existsSync(target)) throw new BackupError(`Berkas ${target} sudah ada: pilih nama lain, cadangan lama tidak ditimpa.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), `.${path.basename(target)}.`));
  try {
    const shop = await connectShop(config);
    let snapshot: SnapshotExport;
    try {
      const client = new pg.Client({ connectionString: shop.url, application_name: 'pasar-backup' });
      await client.connect();
      try {
        snapshot = await exportSnapshot(client, staging, options);
      } finally {
        await client.end();
      }
    } finally {
      await shop.close();
    }

    // Files after the snapshot: a file is written before the row that names it commits, so every
    // file the snapshot's rows name is already on disk (decision 069 says what this misses).
    // With S3 the objects the rows name are fetched (S3 first, this disk for those not yet copied).
    const storage = s3StorageFor(config as Config) ? storageFor(config as Config) : undefined;
    const fromStorage = storage ? await referencedObjects(staging, snapshot.tables, storage) : [];
    let missing = 0;
    const files: Manifest['files'] = [];
    const manifestBase = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      created_at: (options.now ?? new Date()).toISOString(),
      engine: shop.engine,
      server_version: snapshot.serverVersion,
      snapshot: snapshot.snapshot,
      migration_count: snapshot.migrations.length,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      outbox_unsent: snapshot.outboxUnsent,
      files,
      file_storage: { s3: Boolean(storage) } as Manifest['file_storage'],
    } satisfies Manifest;

    async function* entries(): AsyncGenerator<ArchiveEntry> {
      for (const table of snapshot.tables) {
        const file = path.join(staging, table.file);
        yield { name: `db/${table.file}`, size: fs.statSync(file).size, content: fs.createReadStream(file) as AsyncIterable<Buffer> };
      }
      const copied = new Set<string>();
      for (const object of fromStorage) {
        const data = await storage?.get(object.area, object.key);
        if (!data) {
          missing += 1; // named by a row but in neither place (deleted since, or lost before)
          continue;
        }
        const name = archiveNameOf(object.area, object.key);
        copied.add(name);
        files.push({ path: name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
        yield { name, size: data.length, content: data };
      }
      if (storage) {
        manifestBase.file_storage.note =
          `${copied.size} objek yang dirujuk database disalin dari S3${missing ? ` (${missing} tidak ditemukan di S3 maupun di disk)` : ''}. ` +
          'Objek S3 yang tidak dirujuk database tidak ikut; versioning bucket tetap dianjurkan.';
      }
      for (const f of listShopFiles(config.dataDir)) {
        if (copied.has(f.name)) continue;
        let data: Buffer;
        try {
          // Whole, so the size in the header and the bytes agree even if the file is replaced meanwhile.
          data = fs.readFileSync(f.file);
        } catch {
          continue; // removed since it was listed (an image deleted meanwhile)
        }
        files.push({ path: f.name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
        yield { name: f.name, size: data.length, content: data };
      }
      const manifest = Buffer.from(JSON.stringify(manifestBase, null, 2) + '\n');
      yield { name: 'manifest.json', size: manifest.length, content: manifest };
    }
    await writeArchive(target, entries());
    return { archive: target, manifest: manifestBase, how: shop.how };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
