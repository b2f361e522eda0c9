/**
 * `npm run storage:migrate` (issue 27 §2): copies the files a server kept on its own disk (product
 * and demo images and knowledge files under DATA_DIR/uploads, payment proofs under
 * DATA_DIR/payment-proofs) to the S3 storage, each under the key the shop reads it by, so that any
 * server finds it (docs/decisions/068-one-file-storage.md). Safe to run twice, and while the shop
 * runs: an object already in S3 with the same size and MD5 is skipped. Nothing in the database
 * changes: addresses stored as /uploads/… are answered from S3 by the /uploads route. Local files
 * are left in place; the operator removes them once satisfied.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { contentTypeOf, isObjectKey, localObjectStorage, type ObjectArea, type ObjectStorage } from '../integrations/storage/object-storage';
import { s3StorageFor } from '../integrations/storage/shop-storage';

export class StorageMigrateError extends Error {}

export interface StorageMigrateResult {
  /** Objects written to S3 (new, or different from what was there). */
  copied: number;
  copiedBytes: number;
  /** Already in S3 with the same size and content. */
  present: number;
  /** Files left alone: names the shop never gives (half-written `.partial` files, hidden files). */
  ignored: string[];
}

/** The S3 variables an operator must set, in the order the message names them. */
const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Every regular file under `dir`, as paths relative to it with `/` separators; a missing folder has none. */
async function walk(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

type Source = { area: ObjectArea; key: string };

/** What the disk holds, by area and key, as the shop's local storage would name it. */
async function localObjects(config: Pick<Config, 'dataDir' | 'uploadsDir'>): Promise<{ objects: Source[]; ignored: string[] }> {
  const objects: Source[] = [];
  const ignored: string[] = [];
  for (const key of await walk(config.uploadsDir)) {
    if (isObjectKey(key) && !key.endsWith('.partial')) objects.push({ area: 'public', key });
    else ignored.push(`uploads/${key}`);
  }
  for (const name of await walk(path.join(config.dataDir, 'payment-proofs'))) {
    const key = `payment-proofs/${name}`;
    if (isObjectKey(key) && !key.endsWith('.partial')) objects.push({ area: 'private', key });
    else ignored.push(key);
  }
  return { objects, ignored };
}

export async function migrateStorage(
  config: Config,
  options: { s3?: ObjectStorage; onProgress?: (done: number, total: number) => void } = {},
): Promise<StorageMigrateResult> {
  const s3 = options.s3 ?? s3StorageFor(config);
  if (!s3) {
    const missing = REQUIRED.filter((name) => !config[name]);
    throw new StorageMigrateError(
      `Penyimpanan S3 belum dikonfigurasi: isi ${missing.join(', ')} (lihat docs/deploy.md), lalu jalankan lagi. Tidak ada berkas yang disalin.`,
    );
  }
  const local = localObjectStorage(config);
  const { objects, ignored } = await localObjects(config);
  const result: StorageMigrateResult = { copied: 0, copiedBytes: 0, present: 0, ignored };
  let done = 0;
  const queue = [...objects];
  // A few at a time: enough to hide S3's round trips, few enough not to crowd a running shop.
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const bytes = await local.get(item.area, item.key);
      // Removed since the walk (a product deleted meanwhile): nothing to copy.
      if (bytes) {
        const there = await s3.stat(item.area, item.key);
        const md5 = createHash('md5').update(bytes).digest('hex');
        if (there && there.size === bytes.length && (there.md5 === undefined || there.md5 === md5)) {
          result.present += 1;
        } else {
          await s3.put(item.area, item.key, bytes, contentTypeOf(item.key));
          result.copied += 1;
          result.copiedBytes += bytes.length;
        }
      }
      done += 1;
      options.onProgress?.(done, objects.length);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return result;
}

/** The result in the operator's words. */
export function describeResult(result: StorageMigrateResult): string[] {
  const mb = (result.copiedBytes / 1024 / 1024).toFixed(1);
  const lines = [`Disalin ke S3: ${result.copied} berkas (${mb} MB).`, `Sudah ada di S3 (sama persis): ${result.present} berkas.`];
  if (result.ignored.length > 0) lines.push(`Dilewati (bukan berkas toko): ${result.ignored.length} berkas: ${result.ignored.slice(0, 5).join(', ')}${result.ignored.length > 5 ? ', …' : ''}.`);
  return lines;
}
