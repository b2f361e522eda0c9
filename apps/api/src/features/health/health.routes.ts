import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { pingDatabase } from './health.repository';

const healthRoutes: FeatureRoutes = async (app, deps) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Server and database are up',
        response: { 200: envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      await pingDatabase(deps.database.db);
      return ok({ status: 'ok' as const, database: deps.database.engine });
    },
  );
};

export default healthRoutes;
