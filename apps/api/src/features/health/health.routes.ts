import { z } from 'zod';
import { genericMessages, type ErrorBody } from '@pasar/core/errors';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { readiness } from './health.service';

const healthRoutes: FeatureRoutes = async (app, deps) => {
  // Liveness: the process answers. It does not touch the database, so a database outage makes a
  // supervisor wait for the embedded server's restart (or for the shop's exit) instead of killing
  // a process that would serve again the moment the database is back (issue 26 §7).
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the server process answers',
        response: { 200: envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => ok({ status: 'ok' as const, database: deps.database.engine }),
  );

  // Readiness: the database answers and the disk has room for an order; 503 otherwise, with which check failed.
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and there is disk space to write an order (503 otherwise)',
        response: {
          200: envelope(z.object({ status: z.literal('ready'), checks: z.object({ database: z.literal('ok'), disk: z.literal('ok') }) })),
          503: z.object({
            success: z.literal(false),
            error: z.string(),
            code: z.literal('SERVICE_UNAVAILABLE'),
            checks: z.object({ database: z.enum(['ok', 'down']), disk: z.enum(['ok', 'low']) }),
            /** The server is shutting down (SIGTERM) and finishing the requests it has. */
            draining: z.literal(true).optional(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const state = await readiness(deps);
      if (!state.ready) {
        // Answered here rather than thrown: a probe every few seconds during an outage is expected,
        // and would otherwise log an error each time. The body is the error envelope all the same.
        return reply
          .status(503)
          .send({ success: false, error: genericMessages.unavailable, code: 'SERVICE_UNAVAILABLE' as const, checks: state.checks, ...(state.draining ? { draining: true as const } : {}) } satisfies ErrorBody);
      }
      return ok({ status: 'ready' as const, checks: { database: 'ok' as const, disk: 'ok' as const } });
    },
  );
};

export default healthRoutes;
