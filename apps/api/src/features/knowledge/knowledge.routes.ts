/** Knowledge entries (back-office spec §2, §5, §7): admin only. product_id 0 unlinks. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { knowledgeEntrySchema, knowledgeInputSchema, knowledgeMessages, knowledgeUpdateSchema } from '@pasar/core/knowledge';
import type { AppDeps } from '../../app';
import { envelope, idParams, ok } from '../../lib/http';
import { adminOnly } from '../../plugins/auth';
import { knowledgeFileReader } from './knowledge-files';
import { createKnowledge, editKnowledge, listKnowledge, removeKnowledge } from './knowledge.service';

const security = [{ bearer: [] }];

export default async function knowledgeRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const readFileText = knowledgeFileReader(deps.config);

  app.get(
    '/knowledge/',
    { config: adminOnly, schema: { tags: ['knowledge'], summary: 'Knowledge entries, newest first (admin)', security, response: { 200: envelope(z.array(knowledgeEntrySchema)) } } },
    async () => ok(await listKnowledge(db)),
  );

  app.post(
    '/knowledge/',
    { config: adminOnly, schema: { tags: ['knowledge'], summary: 'Create a knowledge entry (admin)', security, body: knowledgeInputSchema, response: { 201: envelope(knowledgeEntrySchema) } } },
    async (request, reply) => reply.status(201).send(ok(await createKnowledge(db, request.body, readFileText), knowledgeMessages.created)),
  );

  app.put(
    '/knowledge/:id',
    {
      config: adminOnly,
      schema: { tags: ['knowledge'], summary: 'Update a knowledge entry; product_id 0 unlinks; `version` guards against stale saves', security, params: idParams, body: knowledgeUpdateSchema, response: { 200: envelope(knowledgeEntrySchema) } },
    },
    async (request) => ok(await editKnowledge(db, request.params.id, request.body, readFileText), knowledgeMessages.updated),
  );

  app.delete(
    '/knowledge/:id',
    { config: adminOnly, schema: { tags: ['knowledge'], summary: 'Delete a knowledge entry (admin)', security, params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await removeKnowledge(db, request.params.id);
      return ok(null, knowledgeMessages.deleted);
    },
  );
}
