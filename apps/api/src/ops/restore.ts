/**
 * `npm run restore ARCHIVE` (docs/decisions/069-backup-and-restore.md): an archive of `npm run backup`
 * into an empty DATA_DIR (the embedded PostgreSQL is created there) or an empty DATABASE_URL.
 *
 * 1. The archive is unpacked beside its destination and checked whole (manifest, every file's sha256,
 *    the migrations it was taken at) before anything is created.
 * 2. The database is migrated only as far as the archive's migrations, loaded as it was (triggers
 *    off), then migrated the rest of the way by the code's own migrations, as any start would.
 * 3. Mail that was pending or being sent at backup time is marked failed with a note (the original
 *    shop may have sent it after the backup), and the jobs are held (jobs-hold.ts): the copy sends
 *    nothing and expires nothing until a server starts with JOBS=on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { migrationsFolder, openDatabase } from '../db/client';
import { chooseEmbeddedEngine, startShopPostgres } from '../db/embedded-engine';
import { holdJobs } from '../jobs-hold';
import { extractArchive } from './archive';
import { contentTypeOf } from '../integrations/storage/object-storage';
import { s3StorageFor } from '../integrations/storage/shop-storage';
import { BackupError, FILE_FOLDERS, manifestSchema, objectOfArchiveName, type Manifest } from './backup';
import { applyMigrations, databaseContents, folderMigrations, loadSnapshot } from './backup.repository';
import { formatDateTime } from '@pasar/core/time';
import { storeTimeZone } from '../features/settings/settings.service';

/** The last_error of mail that was unsent at backup time (issue 27 §3): the admin outbox's "Kirim ulang" sends it deliberately. */
export const RESTORED_OUTBOX_NOTE = 'Dipulihkan dari cadangan: pesan ini mungkin sudah terkirim sebelum cadangan dibuat. Kirim ulang bila perlu.';

/** A full Config with S3 set puts the archive's files into S3; without, into DATA_DIR. */
type RestoreConfig = Pick<Config, 'DATABASE_URL' | 'EMBEDDED_DATABASE' | 'dataDir'> & Partial<Config>;

export interface RestoreResult {
  manifest: Manifest;
  /** Where the database went, for the tool's output. */
  target: string;
  rows: Record<string, number>;
  outboxFailed: number;
  files: number;
  /** Migrations of the code applied after the load (the archive was older than the code). */
  migratedAfter: number;
}

function nonEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/** The migrations the code has, checked against those the archive was taken at. */
export function checkMigrations(manifest: Pick<Manifest, 'migrations'>, folder = migrationsFolder): { code: number } {
  const code = folderMigrations(folder);
  if (manifest.migrations.length > code.length) {
    throw new BackupError(
      `Cadangan ini dibuat oleh versi aplikasi yang lebih baru (${manifest.migrations.length} migrasi; aplikasi ini mengenal ${code.length}). Perbarui aplikasi dulu, lalu pulihkan lagi.`,
    );
  }
  manifest.migrations.forEach((m, i) => {
    const mine = code[i]!;
    if (mine.created_at !== m.created_at || mine.hash !== m.hash) {
      throw new BackupError(`Migrasi ke-${i + 1} di cadangan tidak sama dengan milik aplikasi ini: cadangan berasal dari cabang kode lain. Pulihkan dengan versi aplikasi yang membuatnya.`);
    }
  });
  return { code: code.length };
}

/** A copy of the migrations folder holding only the first `count`: drizzle applies whatever its journal lists. */
function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-restore-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** Refuses a destination that holds anything of a shop: a restore never merges into data. */
function checkEmptyDataDir(config: RestoreConfig): void {
  const taken = [...(config.DATABASE_URL ? [] : ['postgres', 'pglite']), ...FILE_FOLDERS].filter((name) => nonEmptyDir(path.join(config.dataDir, name)));
  if (taken.length) {
    throw new BackupError(
      `Folder data ${config.dataDir} tidak kosong (${taken.join(', ')}). Pemulihan hanya ke DATA_DIR kosong: pilih folder baru, atau pindahkan isinya dulu.`,
    );
  }
}

async function checkEmptyDatabase(url: string, where: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const contents = await databaseContents(client);
    if (contents.tables > 0 || contents.migrated) {
      throw new BackupError(
        `Database tujuan (${where}) tidak kosong: ${contents.tables} tabel${contents.migrated ? ', sudah dimigrasi' : ''}. ` +
          'Pemulihan hanya ke database kosong: buat database baru (mis. createdb pasar_pulih) dan arahkan DATABASE_URL ke sana.',
      );
    }
  } finally {
    await client.end();
  }
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'socket'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function restore(config: RestoreConfig, archive: string, options: { reason?: string } = {}): Promise<RestoreResult> {
  const source = path.resolve(archive);
  if (!fs.existsSync(source)) throw new BackupError(`Arsip ${source} tidak ditemukan.`);
  if (!config.DATABASE_URL) {
    if (config.EMBEDDED_DATABASE === 'pglite') {
      throw new BackupError('Pemulihan ke PGlite tidak didukung: pulihkan ke PostgreSQL tertanam (tanpa EMBEDDED_DATABASE=pglite) atau ke DATABASE_URL.');
    }
    const choice = await chooseEmbeddedEngine({ ...config, EMBEDDED_DATABASE: config.EMBEDDED_DATABASE ?? 'postgres' });
    if (choice.engine !== 'postgres') throw new BackupError(`PostgreSQL tertanam tidak tersedia di sini${choice.note ? ` (${choice.note})` : ''}: pulihkan ke DATABASE_URL.`);
  }
  checkEmptyDataDir(config);
  const target = config.DATABASE_URL ? describeUrl(config.DATABASE_URL) : `PostgreSQL tertanam di ${path.join(config.dataDir, 'postgres')}`;
  if (config.DATABASE_URL) await checkEmptyDatabase(config.DATABASE_URL, target);

  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.pulihkan-'));
  let migrations: string | undefined;
  try {
    // Public images readable as the shop wrote them; the export and the proofs stay the owner's.
    const extracted = await extractArchive(source, staging, (name) => (name.startsWith('files/uploads/') ? 0o644 : 0o600));
    const manifestFile = path.join(staging, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new BackupError(`Arsip ${source} bukan cadangan Pasar UMKM (manifest.json tidak ada).`);
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    if (!parsed.success) throw new BackupError(`manifest.json di ${source} tidak dikenali (format atau versi lain): ${parsed.error.issues[0]?.message ?? ''}`);
    const manifest = parsed.data;
    const got = new Map(extracted.map((f) => [f.name, f]));
    for (const f of manifest.files) {
      const there = got.get(f.path);
      if (!there || there.sha256 !== f.sha256 || there.size !== f.size) throw new BackupError(`Berkas ${f.path} di arsip hilang atau rusak (sha256 tidak cocok).`);
    }
    for (const t of manifest.tables) if (!got.has(`db/${t.file}`)) throw new BackupError(`Data tabel ${t.name} tidak ada di arsip.`);
    const { code } = checkMigrations(manifest);

    let url = config.DATABASE_URL;
    let stopServer: (() => Promise<void>) | undefined;
    if (!url) {
      const server = await startShopPostgres(config);
      stopServer = () => server.stop();
      url = server.url;
      if (!server.created) {
        await stopServer();
        throw new BackupError(`Folder ${path.join(config.dataDir, 'postgres')} sudah berisi database: pemulihan hanya ke DATA_DIR kosong.`);
      }
    }
    try {
      migrations = migrationsUpTo(manifest.migrations.length);
      const client = new pg.Client({ connectionString: url, application_name: 'pasar-restore' });
      await client.connect();
      let loaded: Awaited<ReturnType<typeof loadSnapshot>>;
      try {
        await applyMigrations(client, migrations);
        loaded = await loadSnapshot(client, { dir: path.join(staging, 'db'), tables: manifest.tables, sequences: manifest.sequences, outboxNote: RESTORED_OUTBOX_NOTE });
      } finally {
        await client.end();
      }
      // The rest of the code's migrations, and the hold, through the shop's own way of opening a database.
      const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
      try {
        await holdJobs(database.db, options.reason ?? `Dipulihkan dari ${path.basename(source)} (cadangan ${formatDateTime(manifest.created_at, { timeZone: await storeTimeZone(database.db) })})`);
      } finally {
        await database.close();
      }

      const s3 = s3StorageFor(config as Config);
      if (s3) {
        // Under the same keys. Rows keep the addresses they were saved with: an image saved with S3 names
        // the original's S3_PUBLIC_URL, so a copy shows it only with that same public address (decision 069).
        for (const f of manifest.files) {
          const object = objectOfArchiveName(f.path);
          if (object) await s3.put(object.area, object.key, fs.readFileSync(path.join(staging, f.path)), contentTypeOf(object.key));
        }
      } else {
        for (const folder of FILE_FOLDERS) {
          const from = path.join(staging, 'files', folder);
          if (!fs.existsSync(from)) continue;
          const to = path.join(config.dataDir, folder);
          fs.rmSync(to, { recursive: true, force: true }); // empty (checked above); rename needs it gone
          fs.renameSync(from, to);
        }
      }
      return { manifest, target, rows: loaded.rows, outboxFailed: loaded.outboxFailed, files: manifest.files.length, migratedAfter: code - manifest.migrations.length };
    } finally {
      await stopServer?.();
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    if (migrations) fs.rmSync(migrations, { recursive: true, force: true });
  }
}
