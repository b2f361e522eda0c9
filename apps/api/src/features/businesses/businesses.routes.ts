/**
 * Partner businesses (docs/requirements/back-office.md §2, §5, §7). Admins see and edit every business; the
 * public list (no token or a customer's) holds the active ones only (spec §4).
 */
import { z } from 'zod';
import { canAccess } from '@pasar/core/accounts';
import { businessInputSchema, businessListQuerySchema, businessMessages, businessSchema, businessUpdateSchema } from '@pasar/core/businesses';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { adminOnly } from '../../plugins/auth';
import { businessLocationResolver } from './business-locations';
import { createBusiness, editBusiness, listBusinesses, removeBusiness } from './businesses.service';

const security = [{ bearer: [] }];

const businessesRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const resolve = businessLocationResolver(deps.config);

  app.get(
    '/businesses/',
    {
      schema: {
        tags: ['businesses'],
        summary: 'Businesses: every one for an admin, the active ones for everybody else; sorted by name (default), location, product count or registration date',
        querystring: businessListQuerySchema,
        response: { 200: envelope(z.array(businessSchema)) },
      },
    },
    async (request) => {
      const isAdmin = request.auth ? canAccess(request.auth.user.role, ['admin']) : false;
      return ok(await listBusinesses(db, { activeOnly: !isAdmin, ...request.query }));
    },
  );

  app.post(
    '/businesses/',
    { config: adminOnly, schema: { tags: ['businesses'], summary: 'Create a business (admin); city in the store province, district in the city', security, body: businessInputSchema, response: { 201: envelope(businessSchema) } } },
    async (request, reply) => reply.status(201).send(ok(await createBusiness(db, request.body, resolve), businessMessages.created)),
  );

  app.put(
    '/businesses/:id',
    { config: adminOnly, schema: { tags: ['businesses'], summary: 'Update a business (admin); `version` guards against stale saves', security, params: idParams, body: businessUpdateSchema, response: { 200: envelope(businessSchema) } } },
    async (request) => ok(await editBusiness(db, request.params.id, request.body, resolve), businessMessages.updated),
  );

  app.delete(
    '/businesses/:id',
    { config: adminOnly, schema: { tags: ['businesses'], summary: 'Delete a business (admin); its products stay, unlinked, and the answer says how many', security, params: idParams, response: { 200: envelope(z.object({ unlinked_products: z.number().int() })) } } },
    async (request) => {
      const { unlinked_products, message } = await removeBusiness(db, request.params.id);
      return ok({ unlinked_products }, message);
    },
  );
};

export default businessesRoutes;
