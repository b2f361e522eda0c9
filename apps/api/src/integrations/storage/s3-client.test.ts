import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ImageStore } from './s3-client';
import { storeProductImage, deleteProductImage } from '../../lib/images';
import sharp from 'sharp';

/**
 * An independent SigV4 implementation the fake store checks requests with: the client signs with
 * aws4fetch, so a signature both agree on (and that matches AWS's published example) is right.
 */
function signV4(input: { method: string; path: string; headers: Record<string, string>; payloadHash: string; region: string; accessKeyId: string; secretAccessKey: string; date: Date }): { authorization: string } {
  const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const amzDate = input.date.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers)) headers[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = input.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalRequest = [input.method, input.path, '', names.map((n) => `${n}:${headers[n]}\n`).join(''), names.join(';'), input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return { authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

describe('AWS Signature Version 4', () => {
  it("matches AWS's documented GET Object example", () => {
    // docs.aws.amazon.com, "Signature Calculations for the Authorization Header", Example: GET Object.
    const { authorization } = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** A fake S3 endpoint: keeps objects in memory and checks each request's signature. */
const objects = new Map<string, Buffer>();
const seen: { method: string; url: string; valid: boolean }[] = [];
let server: http.Server;
let endpoint = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      const auth = String(req.headers.authorization ?? '');
      const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      for (const name of signed) if (name !== 'x-amz-date' && name !== 'x-amz-content-sha256') headers[name] = String(req.headers[name]);
      const payloadHash = createHash('sha256').update(body).digest('hex');
      const amzDate = String(req.headers['x-amz-date']);
      const date = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
      const expected = signV4({ method: req.method!, path: req.url!, headers, payloadHash, region: 'auto', accessKeyId: 'KEY', secretAccessKey: 'SECRET', date }).authorization;
      const valid = expected === auth && req.headers['x-amz-content-sha256'] === payloadHash;
      seen.push({ method: req.method!, url: req.url!, valid });
      if (!valid) return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      if (req.method === 'PUT') objects.set(req.url!, body);
      if (req.method === 'DELETE') objects.delete(req.url!);
      res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('S3-compatible image storage', () => {
  it('puts every size with a valid signature, answers public URLs and deletes them', async () => {
    const store = s3ImageStore({ endpoint, bucket: 'pasar', region: 'auto', accessKeyId: 'KEY', secretAccessKey: 'SECRET', publicUrl: 'https://cdn.contoh.id/pasar', timeoutMs: 2000 });
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#123456' } }).png().toBuffer();
    const stored = await storeProductImage(png, { uploadsDir: '/nonexistent', store });
    expect(stored).toMatch(/^https:\/\/cdn\.contoh\.id\/pasar\/products\/[A-Za-z0-9_-]+-1024\.webp$/);
    expect([...objects.keys()].sort()).toHaveLength(3);
    expect(seen.every((s) => s.valid)).toBe(true);
    await deleteProductImage(stored, { uploadsDir: '/nonexistent', store });
    expect(objects.size).toBe(0);
    // Another store's address is never deleted.
    await deleteProductImage('https://elsewhere.example/products/x-1024.webp', { uploadsDir: '/nonexistent', store });
    expect(seen.filter((s) => s.method === 'DELETE')).toHaveLength(3);
  });

  it('turns a refused upload into a clear error', async () => {
    const store = s3ImageStore({ endpoint, bucket: 'pasar', region: 'auto', accessKeyId: 'KEY', secretAccessKey: 'WRONG', publicUrl: 'https://cdn.contoh.id/pasar', timeoutMs: 2000 });
    await expect(store.put('products/a-320.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: 'Penyimpanan gambar menolak berkas. Silakan coba lagi.' });
  });
});
