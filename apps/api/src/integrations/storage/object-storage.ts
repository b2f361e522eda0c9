/**
 * The one way the shop keeps a file (docs/decisions/068-one-file-storage.md): product images,
 * knowledge files and payment proofs are objects named by a key (`products/<id>-640.webp`,
 * `knowledge/<name>.pdf`, `payment-proofs/<order>-<random>.jpg`) in one of two areas:
 * - `public`: what browsers load. On disk under DATA_DIR/uploads, served at /uploads/<key>; in S3
 *   the bucket that S3_PUBLIC_URL shows.
 * - `private`: what only an authorised route reads through the server (payment proofs). On disk
 *   under DATA_DIR itself (never under uploads/, so never served); in S3 the private bucket or the
 *   `private/` prefix, never given a public URL.
 * With S3 configured every write goes to S3, so any server reads what another wrote; a file a
 * server still has on its own disk (written before S3, not yet copied by `npm run storage:migrate`)
 * is read from there as a fallback.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export type ObjectArea = 'public' | 'private';

export interface ObjectInfo {
  size: number;
  /** Hex MD5 of the content when the store tells it. */
  md5?: string;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(area: ObjectArea, key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(area: ObjectArea, key: string): Promise<Buffer | undefined>;
  stat(area: ObjectArea, key: string): Promise<ObjectInfo | undefined>;
  /** Removing an object that is not there is no error. */
  remove(area: ObjectArea, key: string): Promise<void>;
  /** The address browsers load a public object from. */
  publicUrl(key: string): string;
  /** The key of a public address this storage gives out, or undefined for any other (external URLs). */
  keyOfPublicUrl(url: string): string | undefined;
}

/** Where local public objects are served from; addresses stored before S3 keep this form. */
export const LOCAL_PUBLIC_PREFIX = '/uploads/';

/** Image ids are base64url, so a segment may begin with '-'; never with '.' (no `..`, no hidden files). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** Whether a string is a well-formed key: plain segments, none of them `.` or `..` or hidden. */
export function isObjectKey(key: string): boolean {
  return key.split('/').every((s) => SEGMENT.test(s));
}

/** Keys are made by the shop, never by a client; a key that could leave its folder is a bug. */
export function checkKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`Kunci berkas tidak sah: ${JSON.stringify(key)}`);
}

/** The file types the shop stores, by ending: what an object is sent to S3 and served with (as @fastify/static would set them from disk). */
const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

export function contentTypeOf(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

export interface LocalRoots {
  /** DATA_DIR/uploads: the public area. */
  uploadsDir: string;
  /** DATA_DIR: the private area (payment proofs live in DATA_DIR/payment-proofs since they began). */
  dataDir: string;
}

export function localObjectStorage(roots: LocalRoots): ObjectStorage & { fileOf(area: ObjectArea, key: string): string } {
  const fileOf = (area: ObjectArea, key: string) => {
    checkKey(key);
    return path.join(area === 'public' ? roots.uploadsDir : roots.dataDir, key);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';
  return {
    kind: 'local',
    fileOf,
    async put(area, key, data) {
      const file = fileOf(area, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader (or a copy to S3) never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    async get(area, key) {
      try {
        return await fs.readFile(fileOf(area, key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async stat(area, key) {
      try {
        const info = await fs.stat(fileOf(area, key));
        return info.isFile() ? { size: info.size } : undefined;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(area, key) {
      await fs.rm(fileOf(area, key), { force: true });
    },
    publicUrl: (key) => `${LOCAL_PUBLIC_PREFIX}${key}`,
    keyOfPublicUrl: (url) => (url.startsWith(LOCAL_PUBLIC_PREFIX) ? url.slice(LOCAL_PUBLIC_PREFIX.length) : undefined),
  };
}

/**
 * S3 first, this server's disk second. Writes go to S3 only; reads fall back to the disk for files
 * not yet copied; a removal clears both, so an image deleted through one server is not served
 * again from another's disk copy after a migration. Addresses of the local form (/uploads/…)
 * still name their objects, which storage:migrate copied under the same key.
 */
export function s3WithLocalFallback(s3: ObjectStorage, local: ObjectStorage): ObjectStorage {
  return {
    kind: 's3',
    put: (area, key, data, contentType) => s3.put(area, key, data, contentType),
    get: async (area, key) => (await s3.get(area, key)) ?? (await local.get(area, key)),
    stat: async (area, key) => (await s3.stat(area, key)) ?? (await local.stat(area, key)),
    async remove(area, key) {
      await s3.remove(area, key);
      await local.remove(area, key);
    },
    publicUrl: (key) => s3.publicUrl(key),
    keyOfPublicUrl: (url) => s3.keyOfPublicUrl(url) ?? local.keyOfPublicUrl(url),
  };
}
