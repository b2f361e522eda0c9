/** The e-mail outbox for the back office (docs/decisions/013-payments.md): admin only. */
import { outboxListSchema, outboxQuerySchema } from '@pasar/core/mail';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { adminOnly } from '../../plugins/auth';
import { listOutbox } from './mail.service';

const security = [{ bearer: [] }];

const mailRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const smtp = Boolean(deps.config.SMTP_URL);

  app.get(
    '/outbox',
    {
      config: adminOnly,
      schema: {
        tags: ['mail'],
        summary: 'Every e-mail the shop sent or keeps, newest first, with its state (admin)',
        description: 'Without SMTP_URL messages are kept here (status kept) for the admin to forward by hand.',
        security,
        querystring: outboxQuerySchema,
        response: { 200: envelope(outboxListSchema) },
      },
    },
    async (request) => ok(await listOutbox(db, request.query, { smtp })),
  );
};

export default mailRoutes;
