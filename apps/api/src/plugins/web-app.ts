/**
 * Serves the built web app and uploaded images from the same process as the API.
 * Unknown non-API paths get the app's index.html (the router shows the landing page),
 * with per-page <head> tags for product links shared on WhatsApp (catalog.seo.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from '../deps';

/**
 * What the pages add to the shell. The catalog knows its products' tags; app.ts hands them in so
 * that this plugin depends on no feature.
 */
export interface WebPages {
  /** Routes beside the shell (sitemap, robots). */
  registerRoutes: (app: FastifyInstance) => void;
  /** The <head> tags of a page, or undefined for the shell's default. */
  headForPath: (request: FastifyRequest) => Promise<string | undefined>;
}

export async function registerWebApp(app: FastifyInstance, deps: AppDeps, pages: WebPages): Promise<void> {
  const { config } = deps;
  fs.mkdirSync(config.uploadsDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
    index: false,
  });

  const indexPath = path.join(config.webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexPath);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // The build writes .br and .gz beside each asset (scripts/compress-dist.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change; the HTML shell always revalidates.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  pages.registerRoutes(app);

  let shell: Shell | undefined;
  const readShell = () => {
    if (shell === undefined || config.NODE_ENV !== 'production') shell = splitShell(fs.readFileSync(indexPath, 'utf8'));
    return shell;
  };

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWebApp) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Aplikasi web belum dibangun. Jalankan `npm run build` atau `npm start`.');
    }
    const head = await pages.headForPath(request);
    const { whole, beforeHead, afterHead } = readShell();
    // Joined, never String.replace: a product name holding $' or $& is text, not a pattern.
    const html = head && afterHead !== undefined ? beforeHead + head + afterHead : whole;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };

  app.get('/', { schema: { hide: true } }, sendShell);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || request.method !== 'GET') {
      return reply.status(404).send({ success: false, error: 'Alamat tidak ditemukan.', code: 'NOT_FOUND' });
    }
    // A missing hashed asset must not be answered with HTML.
    if (/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0] ?? '')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Tidak ditemukan');
    }
    return sendShell(request, reply);
  });
}

const headMarker = '<!--app-head-->';

interface Shell {
  /** The shell as built, for pages without a head of their own. */
  whole: string;
  /** The shell cut at the marker, its default title and description taken out: a page with its
   * own head replaces them. afterHead is undefined when the shell has no marker. */
  beforeHead: string;
  afterHead: string | undefined;
}

/** Cuts the shell once at the head marker, so that filling it is a plain concatenation. */
export function splitShell(html: string): Shell {
  const at = html.indexOf(headMarker);
  if (at < 0) return { whole: html, beforeHead: html, afterHead: undefined };
  const withoutDefaults = (part: string) => part.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  return { whole: html, beforeHead: withoutDefaults(html.slice(0, at)), afterHead: withoutDefaults(html.slice(at + headMarker.length)) };
}
