/**
 * `npm run restore ARCHIVE` (docs/decisions/069-backup-and-restore.md, docs/deploy.md): an archive of
 * `npm run backup` into an empty DATA_DIR, or the empty database of DATABASE_URL. The copy starts
 * with its background jobs held: start it with JOBS=on once it should send mail and expire orders.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { ArchiveError } from './archive';
import { BackupError } from './backup';
import { restore } from './restore';

const cwd = process.env.INIT_CWD ?? process.cwd();
const given = process.argv[2];
if (!given) {
  console.error('Pakai: npm run restore -- ARSIP.tar.gz  (ke DATA_DIR kosong, atau ke database kosong DATABASE_URL)');
  process.exit(2);
}

try {
  const config = loadConfig();
  const started = Date.now();
  const result = await restore(config, path.resolve(cwd, given));
  const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  console.info(`Dipulihkan dalam ${((Date.now() - started) / 1000).toFixed(1)} s ke ${result.target}: cadangan ${result.manifest.created_at}, ${Object.keys(result.rows).length} tabel, ${rows} baris, ${result.files} berkas.`);
  if (result.migratedAfter) console.info(`${result.migratedAfter} migrasi yang lebih baru dari cadangan dijalankan sesudahnya.`);
  if (result.outboxFailed) console.info(`${result.outboxFailed} pesan yang belum terkirim saat pencadangan ditandai gagal (bisa dikirim ulang dari Kotak keluar).`);
  if (result.manifest.file_storage.note) console.info(`Saat pencadangan: ${result.manifest.file_storage.note}`);
  console.info('Pekerjaan latar (kirim e-mail, kedaluwarsa pesanan) ditahan di salinan ini. Jalankan server dengan JOBS=on bila salinan ini menggantikan toko.');
} catch (error) {
  if (error instanceof BackupError || error instanceof ArchiveError) {
    console.error(`Pemulihan gagal: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
