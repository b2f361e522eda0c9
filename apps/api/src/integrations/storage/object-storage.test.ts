/**
 * The one file storage (docs/decisions/068-one-file-storage.md) against a real S3-compatible server
 * (s3rver): what goes where, what a browser can fetch without the shop's key, and the disk fallback.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { drawProductImage } from '../../db/seed/product-images';
import { S3_TEST_BUCKET, S3_TEST_PRIVATE_BUCKET, startLocalS3, type LocalS3 } from '../../test/s3';
import { localObjectStorage } from './object-storage';
import { imageStorageFor } from './image-storage';
import { storageFor } from './shop-storage';
import { s3ObjectStorage, type S3Config } from './s3-client';

let s3: LocalS3;
let s3Config: S3Config;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-storage-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startLocalS3();
  s3Config = {
    endpoint: s3.endpoint,
    bucket: S3_TEST_BUCKET,
    privateBucket: S3_TEST_PRIVATE_BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: `${s3.endpoint}/${S3_TEST_BUCKET}`,
    timeoutMs: 5000,
  };
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** What a browser gets for an address: no key, no signature. */
const anonymous = (url: string) => fetch(url).then(async (r) => ({ status: r.status, bytes: Buffer.from(await r.arrayBuffer()) }));

describe('S3 object storage', () => {
  it('puts, reads, measures and removes objects in both areas', async () => {
    const storage = s3ObjectStorage(s3Config);
    const image = Buffer.from('gambar produk');
    const proof = Buffer.from('%PDF-1.4 bukti transfer');
    await storage.put('public', 'products/abc-320.webp', image, 'image/webp');
    await storage.put('private', 'payment-proofs/7-abc.pdf', proof, 'application/pdf');

    expect((await storage.get('public', 'products/abc-320.webp'))?.equals(image)).toBe(true);
    expect((await storage.get('private', 'payment-proofs/7-abc.pdf'))?.equals(proof)).toBe(true);
    expect(await storage.stat('private', 'payment-proofs/7-abc.pdf')).toEqual({ size: proof.length, md5: createHash('md5').update(proof).digest('hex') });
    // Areas are apart: the same key names a different object in each.
    expect(await storage.get('public', 'payment-proofs/7-abc.pdf')).toBeUndefined();
    expect(await storage.stat('private', 'products/abc-320.webp')).toBeUndefined();

    await storage.remove('private', 'payment-proofs/7-abc.pdf');
    expect(await storage.get('private', 'payment-proofs/7-abc.pdf')).toBeUndefined();
    // Removing what is gone is no error.
    await storage.remove('private', 'payment-proofs/7-abc.pdf');
  });

  it('keeps a private object out of the public bucket: no address a browser could load gives it', async () => {
    const storage = s3ObjectStorage(s3Config);
    const proof = Buffer.from('%PDF-1.4 rahasia');
    await storage.put('public', 'products/terbuka-320.webp', Buffer.from('terbuka'), 'image/webp');
    await storage.put('private', 'payment-proofs/8-rahasia.pdf', proof, 'application/pdf');

    // s3rver serves a public bucket to anyone, so a 404 below is about where the proof is, not about access rules.
    expect((await anonymous(storage.publicUrl('products/terbuka-320.webp'))).status).toBe(200);
    expect((await anonymous(storage.publicUrl('payment-proofs/8-rahasia.pdf'))).status).toBe(404);
    expect((await anonymous(storage.publicUrl('private/payment-proofs/8-rahasia.pdf'))).status).toBe(404);
    // It is in the private bucket, which the shop's key reads.
    expect(fs.readdirSync(path.join(s3.directory, S3_TEST_PRIVATE_BUCKET), { recursive: true }).some((f) => String(f).includes('8-rahasia.pdf'))).toBe(true);
    expect(fs.readdirSync(path.join(s3.directory, S3_TEST_BUCKET), { recursive: true }).some((f) => String(f).includes('8-rahasia.pdf'))).toBe(false);
    expect((await storage.get('private', 'payment-proofs/8-rahasia.pdf'))?.equals(proof)).toBe(true);
  });

  it('without a private bucket keeps private objects under private/, beside the public ones but never at their addresses', async () => {
    const storage = s3ObjectStorage({ ...s3Config, privateBucket: undefined });
    await storage.put('private', 'payment-proofs/9-x.png', Buffer.from('png'), 'image/png');
    expect((await anonymous(storage.publicUrl('payment-proofs/9-x.png'))).status).toBe(404);
    expect(fs.existsSync(path.join(s3.directory, S3_TEST_BUCKET, 'private', 'payment-proofs'))).toBe(true);
    expect((await storage.get('private', 'payment-proofs/9-x.png'))?.toString()).toBe('png');
    // A public key cannot reach into private/: the prefix is added, never read from the key.
    expect(await storage.get('public', 'payment-proofs/9-x.png')).toBeUndefined();
  });

  it('reports a store that refuses with a clear message', async () => {
    const storage = s3ObjectStorage({ ...s3Config, accessKeyId: 'BUKAN-KUNCI' });
    await expect(storage.put('private', 'payment-proofs/1-a.pdf', Buffer.from('x'), 'application/pdf')).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'Penyimpanan berkas menolak berkas. Silakan coba lagi.',
    });
  });
});

describe('local storage', () => {
  it('keeps public objects under uploads/ (served) and private ones beside it (never served)', async () => {
    const dataDir = tempDir();
    const storage = localObjectStorage({ dataDir, uploadsDir: path.join(dataDir, 'uploads') });
    await storage.put('public', 'knowledge/a.txt', Buffer.from('isi'), 'text/plain');
    await storage.put('private', 'payment-proofs/1-a.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'knowledge', 'a.txt'), 'utf8')).toBe('isi');
    expect(fs.existsSync(path.join(dataDir, 'payment-proofs', '1-a.pdf'))).toBe(true);
    expect(storage.publicUrl('knowledge/a.txt')).toBe('/uploads/knowledge/a.txt');
    expect(await storage.stat('private', 'payment-proofs/1-a.pdf')).toEqual({ size: 4 });
    expect(await storage.get('private', 'payment-proofs/none.pdf')).toBeUndefined();
  });

  it('refuses a key that could leave its folder, and takes every name the shop gives', async () => {
    const dataDir = tempDir();
    const storage = localObjectStorage({ dataDir, uploadsDir: path.join(dataDir, 'uploads') });
    for (const key of ['../postgres/PG_VERSION', 'products/../../x', '/etc/passwd', 'products/.hidden', 'a//b', '', 'products/a b.webp']) {
      await expect(storage.get('public', key)).rejects.toThrow('Kunci berkas tidak sah');
    }
    // A base64url image id may begin with '-' or '_'.
    await storage.put('public', 'products/-KSanxWAjrIc-320.webp', Buffer.from('x'), 'image/webp');
    expect((await storage.get('public', 'products/-KSanxWAjrIc-320.webp'))?.toString()).toBe('x');
  });
});

describe('the shop storage with S3 configured', () => {
  it('writes to S3, reads a file still only on this disk, and removes both copies', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env, S3_PUBLIC_URL: `${s3.endpoint}/${S3_TEST_BUCKET}` });
    const storage = storageFor(config);
    expect(storage.kind).toBe('s3');
    // A file from before S3 was configured.
    fs.mkdirSync(path.join(dataDir, 'uploads', 'products'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'products', 'lama-320.webp'), 'lama');
    expect((await storage.get('public', 'products/lama-320.webp'))?.toString()).toBe('lama');
    // Its old address still names it, so deleting the product deletes it wherever it is.
    expect(storage.keyOfPublicUrl('/uploads/products/lama-1024.webp')).toBe('products/lama-1024.webp');
    expect(storage.keyOfPublicUrl(`${s3.endpoint}/${S3_TEST_BUCKET}/products/baru-1024.webp`)).toBe('products/baru-1024.webp');
    expect(storage.keyOfPublicUrl('https://elsewhere.example/products/x-1024.webp')).toBeUndefined();

    await storage.put('public', 'products/baru-320.webp', Buffer.from('baru'), 'image/webp');
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'products', 'baru-320.webp'))).toBe(false);
    expect((await anonymous(storage.publicUrl('products/baru-320.webp'))).bytes.toString()).toBe('baru');

    await storage.remove('public', 'products/lama-320.webp');
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'products', 'lama-320.webp'))).toBe(false);
  });

  it("keeps the demo seed's drawn images in S3 too", async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env });
    const stored = await drawProductImage('Keripik Tempe', 'Camilan', '#166534', 0, imageStorageFor(config));
    expect(stored).toMatch(new RegExp(`^${s3.endpoint}/${S3_TEST_BUCKET}/products/[A-Za-z0-9_-]+-1024\\.webp$`));
    expect((await anonymous(stored.replace('-1024.', '-320.'))).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'products'))).toBe(false);
  });
});
