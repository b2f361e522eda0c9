/**
 * A minimal S3-compatible object client (PUT, GET, HEAD and DELETE), path-style
 * (`{endpoint}/{bucket}/{key}`), which AWS S3, Cloudflare R2, MinIO and most S3-compatible stores
 * accept. Requests are signed with AWS Signature Version 4 by aws4fetch, a maintained signer on
 * Web Crypto, rather than by hand (docs/decisions/014-api-structure.md); only what the shop's
 * files need, no SDK. Public objects live in the bucket browsers read; private ones (payment
 * proofs) in a bucket of their own or under `private/`, read only with the shop's key
 * (docs/decisions/068-one-file-storage.md).
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { AppError } from '@pasar/core/errors';
import { imageStoreOf, type ImageStore } from '../../lib/images';
import { checkKey, type ObjectArea, type ObjectInfo, type ObjectStorage } from './object-storage';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base address of the bucket's objects (a CDN or the bucket's public URL). */
  publicUrl: string;
  timeoutMs: number;
  /** The bucket of private objects; unset, they go under `private/` in `bucket`. */
  privateBucket?: string | undefined;
}

/** Where private objects go when no private bucket is named: a prefix the bucket policy never makes public. */
export const PRIVATE_PREFIX = 'private/';

/** RFC 3986 encoding of each path segment, as SigV4 wants it (slashes kept). */
export function encodeKey(key: string): string {
  return key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/** The bucket and object key an area's key is stored at. */
export function s3Location(config: Pick<S3Config, 'bucket' | 'privateBucket'>, area: ObjectArea, key: string): { bucket: string; key: string } {
  if (area === 'public') return { bucket: config.bucket, key };
  return config.privateBucket ? { bucket: config.privateBucket, key } : { bucket: config.bucket, key: `${PRIVATE_PREFIX}${key}` };
}

type Method = 'PUT' | 'GET' | 'HEAD' | 'DELETE';

export function s3ObjectStorage(config: S3Config, now: () => Date = () => new Date()): ObjectStorage {
  const endpoint = new URL(config.endpoint);
  const base = config.publicUrl.replace(/\/+$/, '');
  // No retries: an upload answers a person's request, and a failure is reported to them at once.
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: 's3', region: config.region, retries: 0 });
  // The admin and the partner read "gambar" for pictures; a proof or a knowledge file is a "berkas".
  const noun = (key: string) => (key.startsWith('products/') ? 'gambar' : 'berkas');

  async function send(method: Method, area: ObjectArea, key: string, body?: Buffer, contentType?: string): Promise<Response & { bytes: Buffer }> {
    checkKey(key);
    const at = s3Location(config, area, key);
    const path = `${endpoint.pathname.replace(/\/+$/, '')}/${encodeKey(at.bucket)}/${encodeKey(at.key)}`;
    // The payload's hash is signed (aws4fetch would send UNSIGNED-PAYLOAD), so the store refuses a body changed on the way.
    const headers: Record<string, string> = { 'x-amz-content-sha256': createHash('sha256').update(body ?? '').digest('hex') };
    if (contentType) headers['content-type'] = contentType;
    // A private object is never cached by a proxy in between; a public one never changes under its name.
    if (method === 'PUT') headers['cache-control'] = area === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store';
    try {
      const response = await client.fetch(`${endpoint.protocol}//${endpoint.host}${path}`, {
        method,
        headers,
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
        aws: { datetime: now().toISOString().replace(/[:-]|\.\d{3}/g, '') },
      });
      return Object.assign(response, { bytes: Buffer.from(await response.arrayBuffer()) });
    } catch {
      throw new AppError('PROVIDER_ERROR', `Penyimpanan ${noun(key)} tidak dapat dihubungi. Silakan coba lagi.`);
    }
  }
  const refused = (key: string) => new AppError('PROVIDER_ERROR', `Penyimpanan ${noun(key)} menolak berkas. Silakan coba lagi.`);

  return {
    kind: 's3',
    async put(area, key, data, contentType) {
      const response = await send('PUT', area, key, data, contentType);
      if (!response.ok) throw refused(key);
    },
    async get(area, key) {
      const response = await send('GET', area, key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw refused(key);
      return response.bytes;
    },
    async stat(area, key): Promise<ObjectInfo | undefined> {
      const response = await send('HEAD', area, key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw refused(key);
      const etag = response.headers.get('etag')?.replace(/"/g, '');
      // A single-part upload's ETag is its MD5 on S3, R2, MinIO and s3rver; a multipart one is not (it has a dash).
      return { size: Number(response.headers.get('content-length') ?? -1), ...(etag && /^[a-f0-9]{32}$/.test(etag) ? { md5: etag } : {}) };
    },
    async remove(area, key) {
      const response = await send('DELETE', area, key);
      // A DELETE of a missing object is fine (404 from some stores, 204 from S3).
      if (!response.ok && response.status !== 404) throw refused(key);
    },
    publicUrl: (key) => `${base}/${key}`,
    keyOfPublicUrl: (url) => (url.startsWith(`${base}/`) ? url.slice(base.length + 1) : undefined),
  };
}

/** Product images in an S3-compatible bucket (the image store over `s3ObjectStorage`). */
export function s3ImageStore(config: S3Config, now: () => Date = () => new Date()): ImageStore {
  return imageStoreOf(s3ObjectStorage(config, now));
}
