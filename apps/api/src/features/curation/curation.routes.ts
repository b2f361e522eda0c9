/**
 * Curation (issue 29 §2–3; decisions 053 and 055). The partner's products under /mitra/products
 * (partnerOnly; the business always from the session) with the admin's form: JSON or multipart
 * with `image_cover` and `images` files. The office's queue under /curation (admin only).
 */
import { z } from 'zod';
import { curationMessages, curationQueueItemSchema, curationRejectSchema, partnerProductSchema } from '@pasar/core/curation';
import { productMessages } from '@pasar/core/products';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, partnerOnly, requirePartner, requireUser } from '../../plugins/auth';
import { imageStorageFor } from '../../integrations/storage/image-storage';
import { productCreateMultipart, productUpdateMultipart, readProductForm } from '../products/product-form';
import { approveChange, createPartnerProduct, curationQueue, editPartnerProduct, getPartnerProduct, listPartnerProducts, rejectChange } from './curation.service';

const formDescription =
  "The admin's product form (POST/PUT /products): JSON, or multipart/form-data with the fields as text plus `image_cover` and `images` files. `business_id` is ignored: the product is the signed-in partner's. Name, description, category and images wait for curation when the partner_program setting says so; the rest applies at once.";

const admin = routeOptions(adminOnly, 'curation');
const partner = routeOptions(partnerOnly, 'mitra');

const curationRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const storage = imageStorageFor(deps.config);
  const maxBytes = deps.config.UPLOAD_MAX_BYTES;

  app.get(
    '/mitra/products',
    partner("The partner's own products with where each stands with the office (mitra)", { response: { 200: envelope(z.array(partnerProductSchema)) } }),
    async (request) => ok(await listPartnerProducts(db, requirePartner(request).businessId)),
  );

  app.get(
    '/mitra/products/:id',
    partner("One of the partner's own products; another's answers 404 (mitra)", { params: idParams, response: { 200: envelope(partnerProductSchema) } }),
    async (request) => ok(await getPartnerProduct(db, requirePartner(request).businessId, request.params.id)),
  );

  app.post(
    '/mitra/products',
    partner('Add a product of the partner (mitra)', { description: formDescription, multipart: productCreateMultipart, response: { 201: envelope(partnerProductSchema) } }),
    async (request, reply) => {
      const actor = requirePartner(request);
      const form = await readProductForm(request, maxBytes);
      const { product, held } = await createPartnerProduct(db, actor, form, storage);
      return reply.status(201).send(ok(product, held ? curationMessages.createdPending : productMessages.created));
    },
  );

  app.put(
    '/mitra/products/:id',
    partner("Update one of the partner's products; `version` must be the one read (mitra)", { description: formDescription, multipart: productUpdateMultipart, params: idParams, response: { 200: envelope(partnerProductSchema) } }),
    async (request) => {
      const actor = requirePartner(request);
      const form = await readProductForm(request, maxBytes);
      const { product, held } = await editPartnerProduct(db, actor, request.params.id, form, storage);
      return ok(product, held ? curationMessages.changePending : productMessages.updated);
    },
  );

  app.get(
    '/curation',
    admin('Proposals waiting for curation, oldest first, beside what the shop shows (admin)', { response: { 200: envelope(z.array(curationQueueItemSchema)) } }),
    async () => ok(await curationQueue(db)),
  );

  app.post(
    '/curation/:id/approve',
    admin('Approve a proposal: the shop shows it (admin)', { params: idParams, response: { 200: envelope(z.object({ id: z.number().int() })) } }),
    async (request) => {
      await approveChange(db, requireUser(request), request.params.id, storage);
      return ok({ id: request.params.id }, curationMessages.approved);
    },
  );

  app.post(
    '/curation/:id/reject',
    admin('Reject a proposal with the reason the partner sees (admin)', { params: idParams, body: curationRejectSchema, response: { 200: envelope(z.object({ id: z.number().int() })) } }),
    async (request) => {
      await rejectChange(db, requireUser(request), request.params.id, request.body.reason, storage);
      return ok({ id: request.params.id }, curationMessages.rejected);
    },
  );
};

export default curationRoutes;
