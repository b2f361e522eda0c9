/**
 * HTTP caching of the public catalogue (issue 15 §5): a short public Cache-Control, an ETag, 304
 * when the shopper's copy is current, and compression of answers big enough to gain from it.
 * ETag and compression are the Fastify ecosystem's plugins (@fastify/etag, @fastify/compress),
 * registered in the catalogue's scope only: the web app's precompressed files
 * (plugins/web-app.ts) never pass through them (docs/decisions/033-catalog-speed.md).
 *
 * The ETag is a hash of the answer's own bytes, never a per-process counter: with several server
 * processes on one database (WEB_CONCURRENCY) any of them answers the same tag for the same data,
 * and a change made through another process changes the body, hence the tag.
 */
import { createHash } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../lib/http';
import { fastSerializerCompiler } from '../../lib/serializer';
import { catalogCache, productsShownBy, type CatalogCacheView } from './catalog.cache';

/** Seconds a browser or proxy may reuse an answer before asking again (then usually a 304). */
export const CATALOG_MAX_AGE = 15;
/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;

/** Marks a successful catalogue answer as publicly cacheable for a short while. */
export function cachePublicly(reply: FastifyReply, maxAge = CATALOG_MAX_AGE): void {
  reply.header('Cache-Control', `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 4}`);
}

/** The weak ETag @fastify/etag gives a body (sha1, base64): kept or not, an answer has one tag. */
function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64')}"`;
}

/**
 * Answers a catalogue read from the process's kept answers (catalog.cache.ts), as written bytes
 * with their ETag: a repeated request costs neither the query nor the serialising and hashing of
 * its answer. Keyed by the request's path and query as sent; the route's own serializer writes
 * the body, so it is byte for byte what the route would send.
 */
export async function keptReply<Reply extends FastifyReply>(
  db: Db,
  request: FastifyRequest,
  reply: Reply,
  compute: (cache: CatalogCacheView) => Promise<unknown>,
): Promise<Reply> {
  // One counter read for the whole request: `compute` looks its answers up in the same view.
  const cache = await catalogCache(db).now();
  const kept = await cache.answer(
    `http:${request.url}`,
    async () => {
      const answer = await compute(cache);
      const body = reply.serialize(ok(answer)) as string;
      return { body, etag: weakEtag(body), shows: productsShownBy(answer) };
    },
    (kept) => kept.body.length + kept.etag.length,
  );
  cachePublicly(reply);
  // A string with a JSON content type is sent as it is (not serialised again).
  return reply.header('etag', kept.etag).type('application/json; charset=utf-8').send(kept.body) as Reply;
}

/**
 * ETag, 304 and compression for the routes registered in `app`'s scope afterwards. The ETag hook
 * is a scope hook and compression a route hook, so the tag is taken from the uncompressed body
 * (one tag whatever the encoding) and a 304 has nothing left to compress.
 */
export async function conditionalAnswers(app: FastifyInstance): Promise<void> {
  app.setSerializerCompiler(fastSerializerCompiler);
  await app.register(fastifyEtag, { weak: true });
  // Errors are answered no-store (plugins/security-headers.ts): a tag would only invite a
  // conditional request for an answer that must not be reused.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.removeHeader('etag');
    return payload;
  });
  await app.register(fastifyCompress, { threshold: COMPRESS_MIN_BYTES, encodings: ['br', 'gzip'] });
}
