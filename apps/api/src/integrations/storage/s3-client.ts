/**
 * A minimal S3-compatible object client (PUT and DELETE of public objects), path-style
 * (`{endpoint}/{bucket}/{key}`), which AWS S3, Cloudflare R2, MinIO and most S3-compatible stores
 * accept. Requests are signed with AWS Signature Version 4 by aws4fetch, a maintained signer on
 * Web Crypto, rather than by hand (docs/decisions/014-api-structure.md); only what product
 * images need, no SDK.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { AppError } from '@pasar/core/errors';
import type { ImageStore } from '../../lib/images';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base address of the bucket's objects (a CDN or the bucket's public URL). */
  publicUrl: string;
  timeoutMs: number;
}

/** RFC 3986 encoding of each path segment, as SigV4 wants it (slashes kept). */
export function encodeKey(key: string): string {
  return key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

export function s3ImageStore(config: S3Config, now: () => Date = () => new Date()): ImageStore {
  const endpoint = new URL(config.endpoint);
  const base = config.publicUrl.replace(/\/+$/, '');
  // No retries: an upload answers the admin's request, and a failure is reported to them at once.
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: 's3', region: config.region, retries: 0 });
  async function send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<void> {
    const path = `${endpoint.pathname.replace(/\/+$/, '')}/${encodeKey(config.bucket)}/${encodeKey(key)}`;
    // The payload's hash is signed (aws4fetch would send UNSIGNED-PAYLOAD), so the store refuses a body changed on the way.
    const headers: Record<string, string> = { 'x-amz-content-sha256': createHash('sha256').update(body ?? '').digest('hex') };
    if (contentType) headers['content-type'] = contentType;
    if (method === 'PUT') headers['cache-control'] = 'public, max-age=31536000, immutable';
    let response: Response;
    try {
      response = await client.fetch(`${endpoint.protocol}//${endpoint.host}${path}`, {
        method,
        headers,
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
        aws: { datetime: now().toISOString().replace(/[:-]|\.\d{3}/g, '') },
      });
      await response.arrayBuffer();
    } catch {
      throw new AppError('PROVIDER_ERROR', 'Penyimpanan gambar tidak dapat dihubungi. Silakan coba lagi.');
    }
    // A DELETE of a missing object is fine (404 from some stores, 204 from S3).
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new AppError('PROVIDER_ERROR', 'Penyimpanan gambar menolak berkas. Silakan coba lagi.');
    }
  }
  return {
    put: (key, data, contentType) => send('PUT', key, data, contentType),
    remove: (key) => send('DELETE', key),
    url: (key) => `${base}/${key}`,
    keyOf: (publicPath) => (publicPath.startsWith(`${base}/`) ? publicPath.slice(base.length + 1) : undefined),
  };
}
