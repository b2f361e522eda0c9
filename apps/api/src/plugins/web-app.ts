/**
 * Serves the built web app and uploaded images from the same process as the API.
 * Unknown non-API paths get the app's index.html (the router shows the landing page),
 * with per-page <head> tags for product links shared on WhatsApp (catalog.seo.ts).
 * The landing page, the catalogue and product pages are drawn here by the web app's server
 * bundle, with their products, and hydrated in the browser (docs/decisions/026-server-rendered-storefront.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '@pasar/core/errors';
import type { StorefrontRenderer, StorefrontRenderResult, StorefrontSource } from '@pasar/core/catalog';
import type { AppDeps } from '../deps';
import { contentTypeOf, isObjectKey } from '../integrations/storage/object-storage';
import { storageFor } from '../integrations/storage/shop-storage';
import { escapeHtml } from '../lib/html';

/**
 * What the pages add to the shell. The catalog knows its products' tags; app.ts hands them in so
 * that this plugin depends on no feature.
 */
export interface WebPages {
  /** Routes beside the shell (sitemap, robots). */
  registerRoutes: (app: FastifyInstance) => void;
  /** The <head> tags of a page, or undefined for the shell's default. */
  headForPath: (request: FastifyRequest) => Promise<string | undefined>;
  /** What the server-rendered storefront reads: the catalogue's services, called directly. */
  storefront: StorefrontSource;
}

/** Where `vite build --ssr` writes the renderer (apps/web/package.json); never served. */
const serverEntry = (webDistDir: string) => path.join(webDistDir, 'server', 'entry-server.js');

export async function registerWebApp(app: FastifyInstance, deps: AppDeps, pages: WebPages): Promise<void> {
  const { config } = deps;
  fs.mkdirSync(config.uploadsDir, { recursive: true });

  const storage = storageFor(config);
  if (storage.kind === 's3') {
    // Addresses stored as /uploads/… (images from before S3, knowledge files) are read through this
    // server from S3, or from its own disk until storage:migrate copied them: any server answers them
    // (docs/decisions/068-one-file-storage.md). Only the public area: proofs have their own admin route.
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const bytes = isObjectKey(key) ? await storage.get('public', key) : undefined;
      if (!bytes) return reply.status(404).send({ success: false, error: 'Alamat tidak ditemukan.', code: 'NOT_FOUND' });
      return reply
        .type(contentTypeOf(key))
        .header('Cache-Control', 'public, max-age=2592000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    });
  } else {
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '30d',
      immutable: true,
      index: false,
    });
  }

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
      // The server bundle is for this process only.
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
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

  // Imported once, on the first page: a build without it (or a broken one) serves the plain shell.
  let renderer: Promise<StorefrontRenderer | undefined> | undefined;
  const loadRenderer = () =>
    (renderer ??= fs.existsSync(serverEntry(config.webDistDir))
      ? import(pathToFileURL(serverEntry(config.webDistDir)).href).then(
          (module: { render?: StorefrontRenderer }) => module.render,
          (error: unknown) => {
            app.log.error({ err: error }, 'web app server bundle failed to load: pages are drawn in the browser');
            return undefined;
          },
        )
      : Promise.resolve(undefined));

  /** The page drawn on the server, or the shell's answer when it is not (or must not be). */
  const renderPage = async (request: FastifyRequest): Promise<StorefrontRenderResult> => {
    const render = await loadRenderer();
    if (!render) return { kind: 'shell' };
    let result: StorefrontRenderResult;
    try {
      result = await render(`http://localhost${request.url}`, pages.storefront);
    } catch (error) {
      result = { kind: 'shell', error };
    }
    // A loader or render that failed is not a 500 page: the browser draws it and asks the API.
    if (result.kind === 'shell' && result.error !== undefined) {
      const refused = result.error instanceof AppError;
      request.log[refused ? 'info' : 'error']({ err: result.error }, 'page not drawn on the server: sent the shell');
    }
    return result;
  };

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWebApp) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Aplikasi web belum dibangun. Jalankan `npm run build` atau `npm start`.');
    }
    const [head, page] = await Promise.all([pages.headForPath(request), renderPage(request)]);
    // The renderer's redirects are paths of this site (a catalogue page past the last: issue 16).
    if (page.kind === 'redirect') return reply.header('Cache-Control', 'no-cache').redirect(page.location, page.status);
    const { whole, beforeHead, afterHead } = readShell();
    // Joined, never String.replace: a product name holding $' or $& is text, not a pattern.
    const html = fillBody(head && afterHead !== undefined ? beforeHead + head + afterHead : withTitle(whole, page.title), page);
    reply
      .status(page.kind === 'page' ? page.status : 200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache');
    return sendCompressed(request, reply, html);
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

/** The shell with the page's own <title> (issue 31 item 12) in place of its default one. */
export function withTitle(html: string, title: string | undefined): string {
  if (title === undefined) return html;
  const at = html.search(/<title>[\s\S]*?<\/title>/);
  if (at < 0) return html;
  const end = html.indexOf('</title>', at) + '</title>'.length;
  return `${html.slice(0, at)}<title>${escapeHtml(title)}</title>${html.slice(end)}`;
}

const headMarker = '<!--app-head-->';
/** Inside the root element: the page's markup. After it: the page's state block. */
const bodyMarker = '<!--app-html-->';
const stateMarker = '<!--app-state-->';

/** The shell with the server's page in it, or the plain shell (markers taken out) for the browser to draw. */
export function fillBody(html: string, page: StorefrontRenderResult): string {
  const at = html.indexOf(bodyMarker);
  const stateAt = html.indexOf(stateMarker);
  if (page.kind !== 'page' || at < 0 || stateAt < at) return html.split(bodyMarker).join('').split(stateMarker).join('');
  return html.slice(0, at) + page.html + html.slice(at + bodyMarker.length, stateAt) + page.stateScript + html.slice(stateAt + stateMarker.length);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A drawn page is some tens of KB of HTML: compressed for a phone on a slow network (assets are
 * compressed at build time; a page is compressed as it is sent, brotli at a fast level).
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('Vary', 'Accept-Encoding');
  if (html.length < 1024) return reply.send(html);
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(Buffer.from(html), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) {
    const body = await gzip(Buffer.from(html), { level: 6 });
    return reply.header('Content-Encoding', 'gzip').send(body);
  }
  return reply.send(html);
}

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
