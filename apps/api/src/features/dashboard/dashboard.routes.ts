/** The back-office dashboard and notification bell: admin only, live figures. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummarySchema, notificationsQuerySchema, notificationsSchema } from '@pasar/core/dashboard';
import type { AppDeps } from '../../app';
import { envelope, ok } from '../../lib/http';
import { adminOnly } from '../../plugins/auth';
import { dashboardSummary, notifications } from './dashboard.service';

const security = [{ bearer: [] }];

export default async function dashboardRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/dashboard/summary',
    { config: adminOnly, schema: { tags: ['dashboard'], summary: 'Live figures and recent activity (admin)', security, response: { 200: envelope(dashboardSummarySchema) } } },
    async () => ok(await dashboardSummary(db, now())),
  );

  app.get(
    '/dashboard/notifications',
    {
      config: adminOnly,
      schema: { tags: ['dashboard'], summary: 'Pending orders for the bell; `after_id` = the newest order id the admin has seen', security, querystring: notificationsQuerySchema, response: { 200: envelope(notificationsSchema) } },
    },
    async (request) => ok(await notifications(db, request.query.after_id)),
  );
}
