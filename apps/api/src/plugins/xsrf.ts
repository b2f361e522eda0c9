/**
 * The spec's anti-forgery pair: cookie 'XSRF-TOKEN', header 'X-XSRF-TOKEN' (docs/requirements/storefront.md §6).
 * Our API authenticates with a bearer token that the browser never attaches by itself, so a
 * forged cross-site request carries no credentials and CSRF cannot ride on it
 * (docs/decisions/006-xsrf.md). We still keep the pair meaningful as double-submit defence in
 * depth: the server hands out a random, non-HttpOnly, SameSite=Strict cookie, the web client
 * echoes it in the header, and a state-changing request that carries both with different
 * values is refused. Clients without cookies (curl, integrations, payment callbacks) are unaffected.
 */
import { timingSafeEqual } from 'node:crypto';
import { randomToken } from '../lib/random';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@pasar/core/errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const xsrfMismatchMessage = 'Permintaan ditolak karena token keamanan tidak cocok. Muat ulang halaman lalu coba lagi.';

/** The cookie's value; one that is not valid percent-encoding (`XSRF-TOKEN=%`) counts as absent and is replaced. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The public catalogue's reads are the same for everyone and may be kept by shared caches for a
 * short while (docs/decisions/033-catalog-speed.md); a Set-Cookie on them would stop a proxy or CDN
 * from keeping them, and would give every shopper behind it the same cookie if one kept it anyway.
 * The cookie comes with any other API answer; a state change made before it arrived carries no
 * pair, which is allowed (the pair is defence in depth, above).
 */
const PUBLIC_READ = /^\/api\/v1\/catalog\//;

export function registerXsrf(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
    const header = request.headers[XSRF_HEADER];
    const method = request.method.toUpperCase();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && cookie && typeof header === 'string') {
      const a = Buffer.from(cookie);
      const b = Buffer.from(header);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError('FORBIDDEN', xsrfMismatchMessage);
    }
    if (!cookie && !(PUBLIC_READ.test(request.url) && ['GET', 'HEAD'].includes(method))) {
      const token = randomToken(18, 'base64url');
      reply.header(
        'Set-Cookie',
        `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict; Max-Age=${60 * 60 * 24 * 30}${options.secure ? '; Secure' : ''}`,
      );
    }
  });
}
