/**
 * A minimal S3-compatible object client (PUT and DELETE of public objects) signed with AWS
 * Signature Version 4, path-style (`{endpoint}/{bucket}/{key}`), which AWS S3, Cloudflare R2,
 * MinIO and most S3-compatible stores accept. Only what product images need; no SDK.
 */
import { createHash, createHmac } from 'node:crypto';
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

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of each path segment, as SigV4 wants it (slashes kept). */
export function encodeKey(key: string): string {
  return key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

export interface SignInput {
  method: string;
  /** Already-encoded absolute path, e.g. `/bucket/products/a.webp`. */
  path: string;
  query?: string;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
  service?: string;
}

/** The Authorization header of a SigV4-signed request (headers must include host). */
export function signV4(input: SignInput): { authorization: string; amzDate: string } {
  const amzDate = input.date.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const service = input.service ?? 's3';
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers)) headers[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = input.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    input.method,
    input.path,
    input.query ?? '',
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return { authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`, amzDate };
}

export function s3ImageStore(config: S3Config, now: () => Date = () => new Date()): ImageStore {
  const endpoint = new URL(config.endpoint);
  const base = config.publicUrl.replace(/\/+$/, '');
  async function send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<void> {
    const path = `${endpoint.pathname.replace(/\/+$/, '')}/${encodeKey(config.bucket)}/${encodeKey(key)}`;
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = { host: endpoint.host };
    if (contentType) headers['content-type'] = contentType;
    if (method === 'PUT') headers['cache-control'] = 'public, max-age=31536000, immutable';
    const { authorization, amzDate } = signV4({ method, path, headers, payloadHash, region: config.region, accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, date: now() });
    let response: Response;
    try {
      response = await fetch(`${endpoint.protocol}//${endpoint.host}${path}`, {
        method,
        headers: { ...headers, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash, authorization },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
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
