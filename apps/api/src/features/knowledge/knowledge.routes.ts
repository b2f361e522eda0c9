/**
 * Knowledge entries (docs/requirements/back-office.md §2, §5, §7): admin only. product_id 0 unlinks. POST and
 * PUT take JSON, or multipart/form-data with the same fields where `file` may be an upload.
 */
import { z } from 'zod';
import { KNOWLEDGE_FILE_MAX_BYTES, knowledgeEntrySchema, knowledgeListQuerySchema, knowledgeMessages } from '@pasar/core/knowledge';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly } from '../../plugins/auth';
import { storageFor } from '../../integrations/storage/shop-storage';
import { knowledgeFiles } from './knowledge-files';
import { knowledgeCreateMultipart, knowledgeUpdateMultipart, readKnowledgeForm } from './knowledge-form';
import { createKnowledge, editKnowledge, listKnowledge, removeKnowledge, type SavedKnowledge } from './knowledge.service';

const formDescription = `JSON { title, file, description, product_id }, or multipart/form-data with the same fields as text where \`file\` may be an uploaded .txt, .md or .pdf (checked by content, at most ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB). An upload is stored and served at /uploads/knowledge/…; its text is read for the shopping assistant. The file it replaces, or the file of a deleted entry, is removed when the shop stored it.`;

/** The spec's message, with a note when a stored file gave no text for the assistant. */
const messageOf = (saved: SavedKnowledge, message: string) => (saved.unreadable ? `${message} ${knowledgeMessages.fileUnreadable}` : message);

const admin = routeOptions(adminOnly, 'knowledge');

const knowledgeRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const files = knowledgeFiles(storageFor(deps.config));

  app.get(
    '/knowledge/',
    admin('Knowledge entries, newest first unless sorted otherwise; searched by title, description, file or product (admin)', {
      querystring: knowledgeListQuerySchema,
      response: { 200: envelope(z.array(knowledgeEntrySchema)) },
    }),
    async (request) => ok(await listKnowledge(db, request.query)),
  );

  app.post(
    '/knowledge/',
    admin('Create a knowledge entry (admin)', { description: formDescription, multipart: knowledgeCreateMultipart, response: { 201: envelope(knowledgeEntrySchema) } }),
    async (request, reply) => {
      const saved = await createKnowledge(db, await readKnowledgeForm(request), files);
      return reply.status(201).send(ok(saved.entry, messageOf(saved, knowledgeMessages.created)));
    },
  );

  app.put(
    '/knowledge/:id',
    admin('Update a knowledge entry; product_id 0 unlinks; `version` guards against stale saves', {
      description: formDescription,
      multipart: knowledgeUpdateMultipart,
      params: idParams,
      response: { 200: envelope(knowledgeEntrySchema) },
    }),
    async (request) => {
      const saved = await editKnowledge(db, request.params.id, await readKnowledgeForm(request), files);
      return ok(saved.entry, messageOf(saved, knowledgeMessages.updated));
    },
  );

  app.delete(
    '/knowledge/:id',
    admin('Delete a knowledge entry (admin)', { params: idParams, response: { 200: envelope(z.null()) } }),
    async (request) => {
      await removeKnowledge(db, request.params.id, files);
      return ok(null, knowledgeMessages.deleted);
    },
  );
};

export default knowledgeRoutes;
