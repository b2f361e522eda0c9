/**
 * The server-rendered storefront's source (docs/decisions/026-server-rendered-storefront.md): the
 * web app's route loaders, run in this process, read the catalogue through the same use cases as
 * the public routes (catalog.routes.ts), called directly instead of over HTTP. Each answer goes
 * through the route's response schema, so the page's data is exactly what GET /api/v1/... would
 * answer (nothing more: it is written into the HTML).
 */
import { z } from 'zod';
import { categorySchema, MAX_API_PAGE_SIZE, productPageSchema, productSchema, type StorefrontSource } from '@pasar/core/catalog';
import { AppError } from '@pasar/core/errors';
import { publicStoreSettingsSchema } from '@pasar/core/settings';
import type { AppDeps } from '../../deps';
import { storeFacts } from '../checkout/store-facts';
import { productsOfCategory, publicCategories, publicProduct, searchCatalog } from './catalog.service';

const categoriesSchema = z.array(categorySchema);
const productsSchema = z.array(productSchema);

export function storefrontSource(deps: AppDeps): StorefrontSource {
  const { db } = deps.database;
  return {
    categories: async () => categoriesSchema.parse(await publicCategories(db)),
    productPage: async ({ q, categoryId, halal, page, pageSize }) => {
      // The bounds of GET /catalog/products/ (catalog.routes.ts): past them the page is not drawn
      // here (the renderer falls back to the shell) and the browser gets the route's own refusal.
      if ((q?.length ?? 0) > 500 || page > 1_000_000) throw new AppError('VALIDATION_ERROR', 'Permintaan katalog tidak valid.');
      return productPageSchema.parse(await searchCatalog(db, { q, categoryId, halal, page, pageSize: Math.min(pageSize, MAX_API_PAGE_SIZE) }));
    },
    product: async (id) => {
      const product = await publicProduct(db, id);
      return product ? productSchema.parse(product) : null;
    },
    shelf: async (categoryId, limit) =>
      productsSchema.parse(await productsOfCategory(db, categoryId, { limit: Math.min(limit, MAX_API_PAGE_SIZE), random: true })),
    storeSettings: async () => publicStoreSettingsSchema.parse(await storeFacts(db, deps.config)),
  };
}
