/**
 * Back-office products (docs/requirements/back-office.md §2, §5, §7): admin only. POST and PUT take JSON or
 * multipart with `image_cover` and `images` files; images are checked by content and stored
 * as WebP sizes (lib/images.ts) on disk or in S3-compatible storage.
 */
import { z } from 'zod';
import { productPageSchema, productSchema } from '@pasar/core/catalog';
import { adminProductCurationSchema } from '@pasar/core/curation';
import { adminProductQuerySchema, adminProductStatsSchema, productMessages } from '@pasar/core/products';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly } from '../../plugins/auth';
import { imageStorageFor } from '../../integrations/storage/image-storage';
import { productCreateMultipart, productUpdateMultipart, readProductForm } from './product-form';
import { createProduct, editProduct, getProductForAdmin, listProductsForAdmin, productOptions, removeProduct } from './products.service';

const formDescription =
  'JSON, or multipart/form-data with the same fields as text (size_variants, option_groups and images as JSON strings) plus `image_cover` (one file) and `images` (files). Images must be real JPG, PNG or WEBP. The server applies the spec defaults (reseller price = price, discount 0, variant reseller price = variant price, variant stock 0); with variants the stock is their sum.';

const admin = routeOptions(adminOnly, 'products');

const productsRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const storage = imageStorageFor(deps.config);
  const maxBytes = deps.config.UPLOAD_MAX_BYTES;

  app.get(
    '/products/',
    admin('Every product with filters, paged 12/24/48, and the stats cards (admin)', {
      querystring: adminProductQuerySchema,
      response: { 200: envelope(productPageSchema.extend({ items: z.array(productSchema.extend(adminProductCurationSchema.shape)), stats: adminProductStatsSchema })) },
    }),
    async (request) => ok(await listProductsForAdmin(db, request.query)),
  );

  app.get(
    '/products/options',
    admin('Every product as id and name, for pickers (admin)', { response: { 200: envelope(z.array(z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() }))) } }),
    async () => ok(await productOptions(db)),
  );

  app.get(
    '/products/:id',
    admin('One product, active or not (admin)', { params: idParams, response: { 200: envelope(productSchema) } }),
    async (request) => ok(await getProductForAdmin(db, request.params.id)),
  );

  app.post(
    '/products/',
    admin('Create a product (admin)', { description: formDescription, multipart: productCreateMultipart, response: { 201: envelope(productSchema) } }),
    async (request, reply) => {
      const form = await readProductForm(request, maxBytes);
      return reply.status(201).send(ok(await createProduct(db, form, storage), productMessages.created));
    },
  );

  app.put(
    '/products/:id',
    admin('Update a product (admin); `version` must be the one read', { description: formDescription, multipart: productUpdateMultipart, params: idParams, response: { 200: envelope(productSchema) } }),
    async (request) => {
      const form = await readProductForm(request, maxBytes);
      return ok(await editProduct(db, request.params.id, form, storage), productMessages.updated);
    },
  );

  app.delete(
    '/products/:id',
    admin('Delete a product; one with orders is deactivated instead, keeping order history', { params: idParams, response: { 200: envelope(z.object({ outcome: z.enum(['deleted', 'deactivated']) })) } }),
    async (request) => {
      const outcome = await removeProduct(db, request.params.id, storage);
      return ok({ outcome }, outcome === 'deleted' ? productMessages.deleted : productMessages.deactivated);
    },
  );
};

export default productsRoutes;
