/** Users and roles of the back office (back-office spec §7). Only the role list exists yet. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { roleSchema } from '@pasar/core/accounts';
import type { AppDeps } from '../../app';
import { roles } from '../../db/schema';
import { envelope, ok } from '../../lib/http';
import { adminOnly } from '../../plugins/auth';

export default async function usersRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/roles/',
    { config: adminOnly, schema: { tags: ['users'], summary: 'Roles a user can be given (admin only)', security: [{ bearer: [] }], response: { 200: envelope(z.array(roleSchema)) } } },
    async () => ok(await deps.database.db.select().from(roles).orderBy(asc(roles.id))),
  );
}
