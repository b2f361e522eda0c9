/**
 * Product links travel through WhatsApp (issue 2): the server writes the product's name,
 * description, cover image and price into the page's Open Graph tags, and JSON-LD Product
 * data for search engines. /sitemap.xml and /robots.txt list active products and categories.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatRupiah } from '@pasar/core/money';
import { primaryImage, type Product } from '@pasar/core/catalog';
import { availableStock, basePrice, unitPrice } from '@pasar/core/pricing';
import type { AppDeps } from '../../deps';
import { getSetting } from '../settings/settings.service';
import { sitemapEntries } from './catalog.repository';
import { publicProduct } from './catalog.service';
import { publicOrigin } from '../../lib/public-origin';
import { escapeHtml, scriptJson } from '../../lib/html';

function absolute(origin: string, path: string | null): string | undefined {
  if (!path) return undefined;
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

function shortText(text: string, max = 200): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export function productHead(product: Product, origin: string, storeName: string): string {
  const url = `${origin}/product/${product.id}`;
  const price = unitPrice(product);
  const fromPrice = product.size_variants.length > 1 ? 'Mulai ' : '';
  const title = `${product.name} — ${fromPrice}${formatRupiah(price)} | ${storeName}`;
  const description = shortText(
    `${product.business_name ? `${product.business_name}. ` : ''}${product.description || product.name}`,
  );
  // WhatsApp and others want a JPEG/PNG/WebP of at least ~300px: the 640 px WebP copy fits.
  const image = absolute(origin, primaryImage(product)?.replace(/-1024\.webp$/, '-640.webp') ?? null);
  const inStock = availableStock(product) > 0 || product.size_variants.some((v) => v.stock > 0);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || product.name,
    sku: String(product.id),
    url,
    ...(image ? { image: [image] } : {}),
    ...(product.category ? { category: product.category.name } : {}),
    ...(product.business_name ? { brand: { '@type': 'Brand', name: product.business_name } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'IDR',
      price: String(price),
      ...(product.discount > 0 ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: String(basePrice(product)), priceCurrency: 'IDR', priceType: 'https://schema.org/ListPrice' } } : {}),
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: product.business_name ?? storeName },
    },
  };
  const tags = [
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="${escapeHtml(storeName)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="id_ID" />`,
    ...(image
      ? [`<meta property="og:image" content="${escapeHtml(image)}" />`, `<meta property="og:image:alt" content="${escapeHtml(product.name)}" />`]
      : []),
    `<meta property="product:price:amount" content="${price}" />`,
    `<meta property="product:price:currency" content="IDR" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ];
  // The shell's own <title>/<description> come after; browsers and crawlers take the first.
  return [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(description)}" />`, ...tags].join('\n    ');
}

async function storeName(deps: AppDeps): Promise<string> {
  return (await getSetting(deps.database.db, 'store_profile'))?.name ?? 'Pasar UMKM';
}

/** Extra <head> tags for a page of the web app, or undefined for the default shell. */
export async function headForPath(deps: AppDeps, request: FastifyRequest): Promise<string | undefined> {
  const path = request.url.split('?')[0] ?? '';
  const match = /^\/product\/(\d{1,9})\/?$/.exec(path);
  if (!match) return undefined;
  const product = await publicProduct(deps.database.db, Number(match[1]));
  if (!product) return undefined;
  return productHead(product, publicOrigin(deps.config), await storeName(deps));
}

export function registerSeoRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const origin = publicOrigin(deps.config);
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return ['User-agent: *', 'Allow: /', 'Disallow: /admin/', 'Disallow: /operator/', 'Disallow: /api/', 'Disallow: /cart', 'Disallow: /checkout', 'Disallow: /profile', 'Disallow: /pesanan', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const origin = publicOrigin(deps.config);
    const { products, categories } = await sitemapEntries(deps.database.db);
    const url = (loc: string, lastmod?: string) =>
      `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url(`${origin}/`),
      url(`${origin}/catalog`),
      ...categories.map((c) => url(`${origin}/catalog?category_id=${c.id}`)),
      ...products.map((p) => url(`${origin}/product/${p.id}`, p.updated_at)),
      '</urlset>',
      '',
    ].join('\n');
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600');
    return body;
  });
}
