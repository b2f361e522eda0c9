/**
 * Partner businesses (docs/requirements/back-office.md §2, §5, §7). Admins see and edit every business; the
 * public list (no token or a customer's) holds the active ones only (spec §4).
 */
import { z } from 'zod';
import { canAccess } from '@pasar/core/accounts';
import {
  adminBusinessSchema,
  businessInputSchema,
  businessListQuerySchema,
  businessMessages,
  businessSchema,
  businessUpdateSchema,
  certificateMessages,
  certificateNumbersSchema,
} from '@pasar/core/businesses';
import { certificateSchema } from '@pasar/core/partners';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, partnerOnly, requirePartner } from '../../plugins/auth';
import { businessLocationResolver } from './business-locations';
import { createBusiness, editBusiness, listBusinesses, removeBusiness, savePartnerCertificates } from './businesses.service';

const admin = routeOptions(adminOnly, 'businesses');
const partner = routeOptions(partnerOnly, 'mitra');

const businessesRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const resolve = businessLocationResolver(deps.config);

  app.get(
    '/businesses/',
    {
      schema: {
        tags: ['businesses'],
        summary: 'Businesses: every one for an admin, the active ones for everybody else; sorted by name (default), location, product count or registration date',
        description: 'An admin gets the office fields too (owner, goods, every certificate number with its verification, payout account); everybody else only the verified trust marks.',
        querystring: businessListQuerySchema,
        // The admin's shape first: a public object lacks its fields and is read by the second.
        response: { 200: envelope(z.union([z.array(adminBusinessSchema), z.array(businessSchema)])) },
      },
    },
    async (request) => {
      const isAdmin = request.auth ? canAccess(request.auth.user.role, ['admin']) : false;
      return ok(await listBusinesses(db, request.query, isAdmin));
    },
  );

  app.post(
    '/businesses/',
    admin('Create a business (admin); city in the store province, district in the city', { body: businessInputSchema, response: { 201: envelope(adminBusinessSchema) } }),
    async (request, reply) => reply.status(201).send(ok(await createBusiness(db, request.body, resolve), businessMessages.created)),
  );

  app.put(
    '/businesses/:id',
    admin('Update a business (admin); `version` guards against stale saves', { params: idParams, body: businessUpdateSchema, response: { 200: envelope(adminBusinessSchema) } }),
    async (request) => ok(await editBusiness(db, request.params.id, request.body, resolve), businessMessages.updated),
  );

  app.delete(
    '/businesses/:id',
    admin('Delete a business (admin); its products stay, unlinked, and the answer says how many', { params: idParams, response: { 200: envelope(z.object({ unlinked_products: z.number().int() })) } }),
    async (request) => {
      const { unlinked_products, message } = await removeBusiness(db, request.params.id);
      return ok({ unlinked_products }, message);
    },
  );

  // The partner's own numbers (issue 29 part 6): the business is the session's, never the request's.
  app.put(
    '/mitra/certificates',
    partner("The partner's NIB, PIRT, BPOM and Halal numbers (mitra); a changed number waits for the office's verification again", {
      body: certificateNumbersSchema,
      response: { 200: envelope(z.array(certificateSchema)) },
    }),
    async (request) => {
      const { businessId } = requirePartner(request);
      return ok(await savePartnerCertificates(db, businessId, request.body), certificateMessages.saved);
    },
  );
};

export default businessesRoutes;
