/**
 * `npm run backup [ARCHIVE]` (docs/decisions/069-backup-and-restore.md, docs/deploy.md): one .tar.gz
 * of the shop's database and files, taken while the shop runs. ARCHIVE is a file name or a folder;
 * without it the archive is `pasar-backup-YYYYMMDD-HHMMSS.tar.gz` (UTC) in BACKUP_DIR, else in the
 * folder the command was typed in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../config';
import { ArchiveError } from './archive';
import { BackupError, backup, defaultArchiveName } from './backup';

// npm runs scripts from the package's root; INIT_CWD is where the operator typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();
const env = z.object({ BACKUP_DIR: z.string().min(1).optional() }).parse({ BACKUP_DIR: process.env.BACKUP_DIR || undefined });

try {
  const config = loadConfig();
  const now = new Date();
  const given = process.argv[2];
  let archive = path.resolve(cwd, given ?? env.BACKUP_DIR ?? '.');
  if (!given || (fs.existsSync(archive) && fs.statSync(archive).isDirectory())) archive = path.join(archive, defaultArchiveName(now));
  const started = Date.now();
  const { manifest, how } = await backup(config, archive, { now });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const orders = manifest.tables.find((t) => t.name === 'orders')?.rows ?? 0;
  console.info(`Cadangan ditulis: ${archive} (${(fs.statSync(archive).size / 1024 / 1024).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  console.info(`Database: ${how}, PostgreSQL ${manifest.server_version}, ${manifest.migration_count} migrasi, ${manifest.tables.length} tabel, ${rows} baris (${orders} pesanan).`);
  console.info(`Berkas: ${manifest.files.length} berkas dari ${config.dataDir}.`);
  if (manifest.file_storage.note) console.info(manifest.file_storage.note);
} catch (error) {
  if (error instanceof BackupError || error instanceof ArchiveError) {
    console.error(`Pencadangan gagal: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
