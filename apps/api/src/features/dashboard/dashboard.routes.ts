/** The back-office dashboard and notification bell: admin only, live figures. */
import { dashboardSummarySchema, notificationsQuerySchema, notificationsSchema } from '@pasar/core/dashboard';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly } from '../../plugins/auth';
import { dashboardSummary, notifications } from './dashboard.service';

const admin = routeOptions(adminOnly, 'dashboard');

const dashboardRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/dashboard/summary',
    admin('Live figures and recent activity (admin)', { response: { 200: envelope(dashboardSummarySchema) } }),
    async () => ok(await dashboardSummary(db, now())),
  );

  app.get(
    '/dashboard/notifications',
    admin('Pending orders for the bell; `after_id` = the newest order id the admin has seen', { querystring: notificationsQuerySchema, response: { 200: envelope(notificationsSchema) } }),
    async (request) => ok(await notifications(db, request.query.after_id)),
  );
};

export default dashboardRoutes;
