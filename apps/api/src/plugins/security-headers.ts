/**
 * Security headers on every answer through helmet (docs/decisions/023-security-headers.md),
 * with a Content-Security-Policy that keeps injected script out: the session token lives in
 * localStorage (docs/decisions/006-xsrf.md), so script-src allows our own files and nothing inline.
 * The API never caches personal answers.
 */
import { createHash } from 'node:crypto';
import { randomToken } from '../lib/random';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { s3PublicBaseUrl } from '../integrations/storage/shop-storage';

/** The policy's directives for this configuration (exported for the tests). */
export function contentSecurityDirectives(config: Config): Record<string, string[]> {
  const s3 = s3PublicBaseUrl(config);
  return {
    'default-src': ["'self'"],
    // The built app is hashed files under /assets; the shell has no inline script. The JSON-LD
    // block of a product page is data, not script, and CSP does not apply to it.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Tailwind's build is one file; React writes style attributes through the DOM (CSSOM), which
    // CSP does not govern. A page that needs a <style> (the sandbox pay page) gets a nonce.
    'style-src': ["'self'"],
    // data: for QR codes, blob: for the transfer proof preview, the bucket for S3-stored images.
    'img-src': ["'self'", 'data:', 'blob:', ...(s3 ? [new URL(s3).origin] : [])],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    // Only a shop served over https can ask for upgrades: on http (a LAN till, 127.0.0.1) the
    // upgraded requests would fail.
    ...(config.PUBLIC_URL?.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Swagger UI (/api/docs) draws its logo as an SVG holding a <style> of its own: on those pages that
 * one block is allowed by its hash (@fastify/swagger-ui's transformStaticCSP). Another Swagger UI
 * version may change it; the e2e walk (e2e/csp.spec.ts) then reports the blocked style.
 */
const swaggerLogoStyle = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
const swaggerLogoHash = `'sha256-${createHash('sha256').update(swaggerLogoStyle).digest('base64')}'`;

export function apiDocsPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => (directive.trim().startsWith('style-src ') ? `${directive} ${swaggerLogoHash}` : directive))
    .join(';');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer's CSP allows a <style> and a <script> carrying reply.cspNonce (fresh on each answer). */
    cspNonces?: boolean;
  }
  interface FastifyReply {
    cspNonce: { script: string; style: string };
  }
}

/**
 * helmet's middleware is built once here and applied to every answer. @fastify/helmet (used until
 * issue 15) built it again on every request, compiling the whole policy each time, a large part of a
 * product page's CPU (measured in decision 023, "Built once"). Only a route with
 * `config: { cspNonces: true }` builds its policy per answer, around its fresh nonces.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = Boolean(config.PUBLIC_URL?.startsWith('https://'));
  const directives = contentSecurityDirectives(config);
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'sameorigin' },
    // HSTS only where the shop is https, and for this host alone: the owner's other subdomains
    // are not ours to force onto https.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  } satisfies HelmetOptions;
  const applyHeaders = helmet(options);
  // helmet's middleware calls next() synchronously, with an error only for a bad policy.
  const next = (error?: unknown) => {
    if (error) throw error;
  };

  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.cspNonces !== true) {
      applyHeaders(request.raw, reply.raw, next);
      done();
      return;
    }
    const nonce = { script: randomToken(16, 'hex'), style: randomToken(16, 'hex') };
    reply.cspNonce = nonce;
    const withNonces = {
      ...directives,
      'script-src': [...(directives['script-src'] ?? []), `'nonce-${nonce.script}'`],
      'style-src': [...(directives['style-src'] ?? []), `'nonce-${nonce.style}'`],
    };
    helmet({ ...options, contentSecurityPolicy: { useDefaults: false, directives: withNonces } })(request.raw, reply.raw, next);
    done();
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
