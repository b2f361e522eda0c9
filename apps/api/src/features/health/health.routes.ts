import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { envelope, ok } from '../../lib/http';

export default async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
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
      await deps.database.db.execute(sql`SELECT 1`);
      return ok({ status: 'ok' as const, database: deps.database.engine });
    },
  );
}
