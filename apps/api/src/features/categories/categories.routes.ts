/** Back-office categories (docs/requirements/back-office.md §2, §5, §7): admin only. */
import { z } from 'zod';
import { adminCategorySchema, categoryInputSchema, categoryListQuerySchema, categoryMessages, categoryUpdateSchema } from '@pasar/core/categories';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly } from '../../plugins/auth';
import { createCategory, editCategory, listCategories, removeCategory } from './categories.service';

const admin = routeOptions(adminOnly, 'categories');

const categoriesRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;

  app.get(
    '/categories/',
    admin('Every category, active or not, with its product count, searched by name or description and sorted (admin)', {
      querystring: categoryListQuerySchema,
      response: { 200: envelope(z.array(adminCategorySchema)) },
    }),
    async (request) => ok(await listCategories(db, request.query)),
  );

  app.post(
    '/categories/',
    admin('Create a category (admin)', { body: categoryInputSchema, response: { 201: envelope(adminCategorySchema) } }),
    async (request, reply) => reply.status(201).send(ok(await createCategory(db, request.body), categoryMessages.created)),
  );

  app.put(
    '/categories/:id',
    admin('Update a category; `version` must be the one read (409 when stale)', { params: idParams, body: categoryUpdateSchema, response: { 200: envelope(adminCategorySchema) } }),
    async (request) => ok(await editCategory(db, request.params.id, request.body), categoryMessages.updated),
  );

  app.delete(
    '/categories/:id',
    admin('Delete a category without products (409 otherwise)', { params: idParams, response: { 200: envelope(z.null()) } }),
    async (request) => {
      await removeCategory(db, request.params.id);
      return ok(null, categoryMessages.deleted);
    },
  );
};

export default categoriesRoutes;
