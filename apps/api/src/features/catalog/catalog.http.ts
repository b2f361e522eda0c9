/**
 * HTTP caching of the public catalogue (issue 15 §5): a short public Cache-Control, an ETag, 304
 * when the shopper's copy is current, and compression of answers big enough to gain from it.
 *
 * The ETag is a hash of the answer's own bytes, never a per-process counter: with several server
 * processes on one database (WEB_CONCURRENCY) any of them answers the same tag for the same data,
 * and a change made through another process changes the body, hence the tag.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Seconds a browser or proxy may reuse an answer before asking again (then usually a 304). */
export const CATALOG_MAX_AGE = 15;
/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;
/** Compressed bodies kept by ETag (content-addressed, so never stale): hot pages are compressed once. */
const COMPRESSED_KEPT = 300;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Marks a successful catalogue answer as publicly cacheable for a short while. */
export function cachePublicly(reply: FastifyReply, maxAge = CATALOG_MAX_AGE): void {
  reply.header('Cache-Control', `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 4}`);
}

export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current answer. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Whether Accept-Encoding allows `name` (listed, or `*`, without q=0). */
function accepts(header: string, name: string): boolean {
  return header.split(',').some((part) => {
    const [token = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (token !== name && token !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function chooseEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const header = String(request.headers['accept-encoding'] ?? '');
  if (accepts(header, 'br')) return 'br';
  if (accepts(header, 'gzip')) return 'gzip';
  return undefined;
}

/** Adds ETag, 304 and compression to the GET answers of the routes registered in `app`'s scope. */
export function conditionalAnswers(app: FastifyInstance): void {
  const compressed = new Map<string, Buffer>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('ETag', etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('Content-Type');
      return '';
    }
    reply.header('Vary', 'Accept-Encoding');
    const encoding = Buffer.byteLength(payload) >= COMPRESS_MIN_BYTES ? chooseEncoding(request) : undefined;
    if (!encoding) return payload;
    const key = `${etag}|${encoding}`;
    let body = compressed.get(key);
    if (body) {
      // Least recently used goes first: re-insert on use.
      compressed.delete(key);
    } else {
      body =
        encoding === 'br'
          ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : await gzip(payload, { level: 6 });
    }
    compressed.set(key, body);
    if (compressed.size > COMPRESSED_KEPT) compressed.delete(compressed.keys().next().value as string);
    reply.header('Content-Encoding', encoding);
    return body;
  });
}
