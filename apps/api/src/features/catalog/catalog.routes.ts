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
import { listPublicCategories, listPublicProducts, listPublicProductsOfCategory } from './catalog.repository';
import { getPublicProduct, searchCatalog } from './catalog.service';

const positiveInt = (message: string) => z.coerce.number({ message }).int({ message }).positive({ message });

const productListQuery = z.object({
  q: z.string().max(500, { message: 'Kata kunci pencarian terlalu panjang.' }).optional(),
  category_id: idParam.optional(),
  page: positiveInt('Nomor halaman tidak valid.').max(1_000_000, { message: 'Nomor halaman tidak valid.' }).optional(),
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

  app.get(
    '/catalog/categories/',
    {
      schema: { tags: ['catalog'], summary: 'Active categories', response: { 200: envelope(z.array(categorySchema)) } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=30');
      return ok(await listPublicCategories(db));
    },
  );

  app.get(
    '/catalog/products/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active products',
        description:
          'Without parameters: the plain list of active products (the spec\'s call). With any of q, category_id, page or page_size: one page of the result with totals and the catalogue stats. Search is case-insensitive over name, description and business name, forgives one typo in words of 5+ letters and common Indonesian spelling variants; exact matches rank first.',
        querystring: productListQuery,
        response: { 200: envelope(z.union([z.array(productSchema), productPageSchema])) },
      },
    },
    async (request) => {
      const { q, category_id, page, page_size } = request.query;
      if (q === undefined && category_id === undefined && page === undefined && page_size === undefined) {
        return ok(await listPublicProducts(db));
      }
      return ok(
        await searchCatalog(db, {
          q,
          categoryId: category_id,
          page: page ?? 1,
          pageSize: page_size ?? DEFAULT_CATALOG_PAGE_SIZE,
        }),
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
    async (request) => {
      const { category_id, limit, order } = request.query;
      return ok(await listPublicProductsOfCategory(db, category_id, { limit, random: order === 'random' }));
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
    async (request) => ok(await getPublicProduct(db, request.params.id)),
  );
};

export default catalogRoutes;
