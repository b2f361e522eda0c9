/** The partner's corner, its own profile (issue 29). Every /mitra route is partnerOnly (test/route-access.ts). */
import { partnerProfileSchema } from '@pasar/core/partners';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { partnerOnly, requirePartner } from '../../plugins/auth';
import { partnerProfile } from './partners.service';

const partner = routeOptions(partnerOnly, 'mitra');

const partnersRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  app.get(
    '/mitra/me',
    partner('The signed-in partner and its business (mitra)', { response: { 200: envelope(partnerProfileSchema) } }),
    async (request) => {
      const { user, businessId } = requirePartner(request);
      return ok(await partnerProfile(db, user, businessId));
    },
  );
};

export default partnersRoutes;
