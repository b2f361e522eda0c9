/**
 * Becoming a partner (issue 29 §1, decisions 053 and 054): a visitor's application (makes its account
 * and signs it in), a signed-in customer's application, the applicant's own list, and the office's
 * "Pendaftaran mitra" (list, read, approve, reject).
 */
import { authResultSchema } from '@pasar/core/accounts';
import {
  applicationListQuerySchema,
  approveApplicationSchema,
  myApplicationSchema,
  partnerApplicationBusinessSchema,
  partnerApplicationMessages as m,
  partnerApplicationSchema,
  partnerApplicationSchemaOut,
  rejectApplicationSchema,
} from '@pasar/core/partner-applications';
import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { providersFor } from '../../integrations/providers';
import { createCounters } from '../../limits/counters';
import { clientOf, envelope, idParams, ok } from '../../lib/http';
import { publicOrigin } from '../../lib/public-origin';
import { withRetryAfter } from '../../lib/retry-after';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser, signedIn } from '../../plugins/auth';
import { PartnerApplicationsService } from './partner-applications.service';

const tags = ['partner-applications'];
const applicant = routeOptions(signedIn, 'partner-applications');
const admin = routeOptions(adminOnly, 'partner-applications');

const partnerApplicationsRoutes: FeatureRoutes = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  const service = new PartnerApplicationsService({
    database: deps.database,
    counters: createCounters(deps.database, now),
    now,
    mail: { origin: publicOrigin(deps.config), smtp: Boolean(deps.config.SMTP_URL) },
    rajaongkir: providersFor(deps.config).rajaongkir,
  });

  app.post(
    '/partner-applications',
    {
      schema: {
        tags,
        summary: 'Apply to become a partner (visitor): makes a customer account and the pending application, then signs in',
        description:
          'Username and e-mail follow registration (409 with fields when taken). Province, city and district must belong together; their names come from the area data. The applicant is mailed a receipt. 429 after 5 applications from one address in an hour.',
        body: partnerApplicationSchema,
        response: { 201: envelope(authResultSchema.extend({ application: myApplicationSchema })) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await withRetryAfter(reply, service.apply(request.body, clientOf(request))), m.submitted)),
  );

  app.post(
    '/partner-applications/mine',
    applicant("Apply to become a partner with the signed-in customer's own account", {
      description: 'One pending application per account (409). A partner or an admin account cannot apply.',
      body: partnerApplicationBusinessSchema,
      response: { 201: envelope(myApplicationSchema) },
    }),
    async (request, reply) => reply.status(201).send(ok(await withRetryAfter(reply, service.applyAsAccount(requireUser(request).id, request.body, clientOf(request))), m.submitted)),
  );

  app.get(
    '/partner-applications/mine',
    applicant("The signed-in account's own applications, newest first, with the reason of a rejection", { response: { 200: envelope(z.array(myApplicationSchema)) } }),
    async (request) => ok(await service.mine(requireUser(request).id)),
  );

  app.get(
    '/partner-applications',
    admin('Applications by status (admin): pending oldest first, decided newest first', { querystring: applicationListQuerySchema, response: { 200: envelope(z.array(partnerApplicationSchemaOut)) } }),
    async (request) => ok(await service.list(request.query.status)),
  );

  app.get(
    '/partner-applications/:id',
    admin('One application (admin)', { params: idParams, response: { 200: envelope(partnerApplicationSchemaOut) } }),
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    '/partner-applications/:id/approve',
    admin('Approve an application (admin): the account becomes mitra, linked to business_id or to a new business made from the application', {
      description: '`version` guards against a stale decision (409). A decided application answers 409. The applicant is mailed.',
      params: idParams,
      body: approveApplicationSchema,
      response: { 200: envelope(partnerApplicationSchemaOut) },
    }),
    async (request) => ok(await service.approve(request.params.id, request.body, requireUser(request).id), m.approved),
  );

  app.post(
    '/partner-applications/:id/reject',
    admin('Reject an application with a reason (admin); the account stays a customer and is mailed the reason', {
      params: idParams,
      body: rejectApplicationSchema,
      response: { 200: envelope(partnerApplicationSchemaOut) },
    }),
    async (request) => ok(await service.reject(request.params.id, request.body, requireUser(request).id), m.rejected),
  );
};

export default partnerApplicationsRoutes;
