/**
 * `npm run storage:migrate` (issue 27 §2): a server's local files reach S3 under the keys the shop
 * reads them by, a second run copies nothing, and addresses stored as /uploads/… then load through a
 * server that never had the files (docs/decisions/068-one-file-storage.md).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { s3StorageFor } from '../integrations/storage/shop-storage';
import { createTestApp, type TestApp } from '../test/app';
import { startLocalS3, type LocalS3 } from '../test/s3';
import { describeResult, migrateStorage } from './storage-migrate';

let s3: LocalS3;
let dataDir: string;
let config: Config;
/** Another server on S3 with an empty disk. */
let other: TestApp;

const files: Record<string, string> = {
  'uploads/products/demo1-320.webp': 'gambar kecil',
  'uploads/products/demo1-1024.webp': 'gambar besar',
  'uploads/knowledge/0123456789abcdef0123456789abcdef.txt': 'Cara menyimpan keripik.',
  'payment-proofs/12-aabbccddeeff001122334455.pdf': '%PDF-1.4 bukti',
};

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-migrate-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dataDir, file)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, file), content);
  }
  // Half a file left by a crash, and the embedded database's folder: neither is a shop file.
  fs.writeFileSync(path.join(dataDir, 'uploads/products/x-320.webp.123.partial'), 'setengah');
  fs.mkdirSync(path.join(dataDir, 'postgres'));
  fs.writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18');
  config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env });
  other = await createTestApp({ seed: false, env: s3.env });
});
afterAll(async () => {
  await other?.close();
  await s3?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('storage:migrate', () => {
  it('refuses clearly when S3 is not configured, or only half of it', async () => {
    const plain = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    await expect(migrateStorage(plain)).rejects.toThrow(
      'Penyimpanan S3 belum dikonfigurasi: isi S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (lihat docs/deploy.md), lalu jalankan lagi. Tidak ada berkas yang disalin.',
    );
    // A server with half the variables would not start either: it would keep files on its own disk unseen.
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, S3_ENDPOINT: s3.endpoint, S3_BUCKET: 'pasar' })).toThrow(
      'penyimpanan S3 belum lengkap: isi juga S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (atau kosongkan semua variabel S3_ agar berkas disimpan di DATA_DIR).',
    );
  });

  it('copies every local file once; a second run copies none; the other server then serves the old addresses', async () => {
    // Before: the other server has no such image.
    expect((await other.app.inject({ method: 'GET', url: '/uploads/products/demo1-320.webp' })).statusCode).toBe(404);

    const first = await migrateStorage(config);
    expect(first).toMatchObject({ copied: 4, present: 0, ignored: ['uploads/products/x-320.webp.123.partial'] });
    expect(describeResult(first)[0]).toBe('Disalin ke S3: 4 berkas (0.0 MB).');

    const storage = s3StorageFor(config)!;
    expect((await storage.get('private', 'payment-proofs/12-aabbccddeeff001122334455.pdf'))?.toString()).toBe('%PDF-1.4 bukti');
    expect((await storage.get('public', 'knowledge/0123456789abcdef0123456789abcdef.txt'))?.toString()).toBe('Cara menyimpan keripik.');
    // The proof went to the private area only.
    expect(await storage.get('public', 'payment-proofs/12-aabbccddeeff001122334455.pdf')).toBeUndefined();

    const second = await migrateStorage(config);
    expect(second).toMatchObject({ copied: 0, present: 4 });
    expect(describeResult(second).slice(0, 2)).toEqual(['Disalin ke S3: 0 berkas (0.0 MB).', 'Sudah ada di S3 (sama persis): 4 berkas.']);

    const image = await other.app.inject({ method: 'GET', url: '/uploads/products/demo1-320.webp' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.body).toBe('gambar kecil');
    const knowledge = await other.app.inject({ method: 'GET', url: '/uploads/knowledge/0123456789abcdef0123456789abcdef.txt' });
    expect(knowledge.body).toBe('Cara menyimpan keripik.');
    // The /uploads route reads the public area only.
    expect((await other.app.inject({ method: 'GET', url: '/uploads/payment-proofs/12-aabbccddeeff001122334455.pdf' })).statusCode).toBe(404);
    expect((await other.app.inject({ method: 'GET', url: '/uploads/../payment-proofs/12-aabbccddeeff001122334455.pdf' })).statusCode).toBe(404);
  });

  it('copies again a file whose object differs (an upload cut short)', async () => {
    const storage = s3StorageFor(config)!;
    await storage.put('public', 'products/demo1-1024.webp', Buffer.from('terpotong'), 'image/webp');
    const again = await migrateStorage(config);
    expect(again).toMatchObject({ copied: 1, present: 3 });
    expect((await storage.get('public', 'products/demo1-1024.webp'))?.toString()).toBe('gambar besar');
  });

  it('runs as npm run storage:migrate, with its counts in Indonesian', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [path.join(root, 'scripts/tool.mjs'), 'storage-migrate'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, ...s3.env, NODE_ENV: 'test' },
    });
    expect(stdout).toContain('Disalin ke S3: 0 berkas (0.0 MB).');
    expect(stdout).toContain('Sudah ada di S3 (sama persis): 4 berkas.');
    const refused = await run(process.execPath, [path.join(root, 'scripts/tool.mjs'), 'storage-migrate'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, S3_ENDPOINT: '', S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', NODE_ENV: 'test' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Penyimpanan S3 belum dikonfigurasi');
  });
});
