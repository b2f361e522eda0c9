/** Public catalogue (docs/requirements/storefront.md §7): categories, products, one product, products of a category. */
import { z } from 'zod';
import {
  categorySchema,
  DEFAULT_CATALOG_PAGE_SIZE,
  MAX_API_PAGE_SIZE,
  productPageSchema,
  productSchema,
} from '@pasar/core/catalog';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParam, idParams, ok } from '../../lib/http';
import { listPublicProducts } from './catalog.repository';
import { configureSearchIndex, getPublicProduct, productsOfCategory, publicCategories, searchCatalog, warmSearchIndex } from './catalog.service';
import { cachePublicly, conditionalAnswers, keptReply } from './catalog.http';

const positiveInt = (message: string) => z.coerce.number({ message }).int({ message }).positive({ message });

const productListQuery = z.object({
  q: z.string().max(500, { message: 'Kata kunci pencarian terlalu panjang.' }).optional(),
  category_id: idParam.optional(),
  page: positiveInt('Nomor halaman tidak valid.').max(1_000_000, { message: 'Nomor halaman tidak valid.' }).optional(),
  // Issue 29: only products of businesses whose Halal mark the office verified.
  halal: z
    .enum(['true', 'false', '1', '0'], { message: 'Filter halal harus true atau false.' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  // A huge page size is clamped rather than refused: the shopper still gets a page.
  page_size: positiveInt('Ukuran halaman tidak valid.')
    .transform((n) => Math.min(n, MAX_API_PAGE_SIZE))
    .optional(),
});

const byCategoryQuery = z.object({
  category_id: idParam,
  limit: positiveInt('Batas jumlah produk tidak valid.')
    .transform((n) => Math.min(n, MAX_API_PAGE_SIZE))
    .optional(),
  order: z.enum(['newest', 'random'], { message: 'Urutan harus newest atau random.' }).optional(),
});

const catalogRoutes: FeatureRoutes = async (app, deps) => {
  const { db } = deps.database;
  configureSearchIndex(db, deps.config.CATALOG_SEARCH_INDEX !== 'off', app.log);
  // Built as the server starts listening (not for tests that only inject requests).
  app.addHook('onListen', () => warmSearchIndex(db));
  await conditionalAnswers(app);

  app.get(
    '/catalog/categories/',
    {
      schema: { tags: ['catalog'], summary: 'Active categories', response: { 200: envelope(z.array(categorySchema)) } },
    },
    async (request, reply) => keptReply(db, request, reply, (cache) => publicCategories(db, cache)),
  );

  app.get(
    '/catalog/products/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active products',
        description:
          'Without parameters: the plain list of active products (the spec\'s call). With any of q, category_id, halal, page or page_size: one page of the result with totals and the catalogue stats. Search is case-insensitive over name, description and business name, forgives one typo in words of 5+ letters and common Indonesian spelling variants; exact matches rank first.',
        querystring: productListQuery,
        response: { 200: envelope(z.union([z.array(productSchema), productPageSchema])) },
      },
    },
    async (request, reply) => {
      const { q, category_id, halal, page, page_size } = request.query;
      if (q === undefined && category_id === undefined && halal === undefined && page === undefined && page_size === undefined) {
        const all = await listPublicProducts(db);
        cachePublicly(reply);
        return ok(all);
      }
      return keptReply(db, request, reply, (cache) =>
        searchCatalog(
          db,
          {
            q,
            categoryId: category_id,
            halal,
            page: page ?? 1,
            pageSize: page_size ?? DEFAULT_CATALOG_PAGE_SIZE,
          },
          cache,
        ),
      );
    },
  );

  app.get(
    '/catalog/products/by-category',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active products of one category',
        querystring: byCategoryQuery,
        response: { 200: envelope(z.array(productSchema)) },
      },
    },
    async (request, reply) => {
      const { category_id, limit, order } = request.query;
      // A random shelf must differ on the next visit: not kept by browsers, nor as a whole here.
      if (order === 'random') return ok(await productsOfCategory(db, category_id, { limit, random: true }));
      return keptReply(db, request, reply, (cache) => productsOfCategory(db, category_id, { limit }, cache));
    },
  );

  app.get(
    '/catalog/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One active product',
        params: idParams,
        response: { 200: envelope(productSchema) },
      },
    },
    async (request, reply) => keptReply(db, request, reply, () => getPublicProduct(db, request.params.id)),
  );
};

export default catalogRoutes;
