/**
 * The shopping assistant (issue 7): the public chat, and for admins the unanswered questions
 * and the AI description draft of a product.
 */
import { z } from 'zod';
import { aiDescriptionDraftSchema, assistantMessages, chatAnswerSchema, chatRequestSchema, unansweredQuestionSchema } from '@pasar/core/assistant';
import { AppError } from '@pasar/core/errors';
import type { FeatureRoutes } from '../../deps';
import { ChatClient } from '../../integrations/assistant/chat-client';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly } from '../../plugins/auth';
import { draftAiDescription } from './ai-description';
import { CorpusCache } from './assistant-knowledge';
import { answerChat } from './assistant.service';
import { deleteQuestion, listUnanswered, setResolved } from './assistant.repository';
import { ChatLimiter, chatSessionCookie, chatSessionOf, newChatSession } from './chat-limiter';
import { createCounters } from '../../limits/counters';

const admin = routeOptions(adminOnly, 'assistant');

const assistantRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const clock = deps.now ?? (() => new Date());
  const limiter = new ChatLimiter(createCounters(deps.database, clock), clock);
  const secureCookies = Boolean(deps.config.PUBLIC_URL?.startsWith('https://'));
  const model = deps.config.assistant ? new ChatClient(deps.config.assistant) : undefined;
  const cache = new CorpusCache(db);
  const corpus = () => cache.get();

  app.post(
    '/assistant/chat',
    {
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['assistant'],
        summary: 'Ask the shopping assistant (no account needed)',
        description:
          'Messages in, answer out. With `Accept: text/event-stream` the answer streams as server-sent events: `meta` (sources, products), `delta` ({text}: complete sentences, already checked against the database\'s prices and stock) and `done` (the final answer; its text replaces the streamed one, e.g. when the model failed and the store\'s own answer is given). Rate limited per browser session (cookie `pasar_chat`, handed out with the first answer): 20 per minute, 200 per day; an address across its sessions at most 120 per minute and 2000 per day; a client without the cookie is limited by its address at 20 per minute and 200 per day.',
        body: chatRequestSchema,
        response: { 200: envelope(chatAnswerSchema) },
      },
    },
    async (request, reply) => {
      const session = chatSessionOf(request.headers.cookie);
      const wait = await limiter.take(request.ip, session);
      // A browser keeps the session for its next questions; one without it is counted by address.
      if (!session) reply.header('set-cookie', chatSessionCookie(newChatSession(), secureCookies));
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError('RATE_LIMITED', assistantMessages.rateLimited);
      }
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        return ok(await answerChat(db, request.body, { model, corpus }));
      }
      reply.hijack();
      const raw = reply.raw;
      // A hijacked reply sends only what is written here: the cookies set above go along.
      const cookies = reply.getHeader('set-cookie');
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        ...(cookies === undefined ? {} : { 'Set-Cookie': Array.isArray(cookies) ? cookies.map(String) : String(cookies) }),
      });
      const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      try {
        const answer = await answerChat(db, request.body, { model, corpus, onMeta: (meta) => send('meta', meta), onDelta: (text) => send('delta', { text }) });
        send('done', answer);
      } catch (error) {
        request.log.error({ err: error }, 'assistant chat failed');
        send('error', { error: assistantMessages.failed });
      }
      raw.end();
    },
  );

  app.get(
    '/assistant/admin/questions',
    admin('Shopper questions the assistant could not answer, most asked first (admin)', {
      querystring: z.object({ all: z.coerce.boolean().default(false) }),
      response: { 200: envelope(z.array(unansweredQuestionSchema)) },
    }),
    async (request) =>
      ok(
        (await listUnanswered(db, request.query.all)).map((q) => ({
          id: q.id,
          question: q.question,
          times_asked: q.times_asked,
          first_asked_at: q.first_asked_at.toISOString(),
          last_asked_at: q.last_asked_at.toISOString(),
          resolved: q.resolved,
        })),
      ),
  );

  app.put(
    '/assistant/admin/questions/:id',
    admin('Mark a question handled or not (admin)', { params: idParams, body: z.object({ resolved: z.boolean() }), response: { 200: envelope(z.null()) } }),
    async (request) => {
      if (!(await setResolved(db, request.params.id, request.body.resolved))) throw new AppError('NOT_FOUND', 'Pertanyaan tidak ditemukan.');
      return ok(null, request.body.resolved ? 'Pertanyaan ditandai sudah ditangani.' : 'Pertanyaan dibuka kembali.');
    },
  );

  app.delete(
    '/assistant/admin/questions/:id',
    admin('Delete a question (admin)', { params: idParams, response: { 200: envelope(z.null()) } }),
    async (request) => {
      if (!(await deleteQuestion(db, request.params.id))) throw new AppError('NOT_FOUND', 'Pertanyaan tidak ditemukan.');
      return ok(null, 'Pertanyaan dihapus.');
    },
  );

  app.post(
    '/assistant/admin/products/:id/ai-description',
    admin("Draft a product's AI description from its fields (admin); with a model when configured, else a structured template. Not saved: the admin edits and saves it with the product", {
      description: 'Optional body `{ name, description }`: the form\'s unsaved values, used instead of the saved ones.',
      params: idParams,
      body: aiDescriptionDraftSchema,
      response: { 200: envelope(z.object({ ai_description: z.string(), mode: z.enum(['model', 'template']) })) },
    }),
    async (request) => ok(await draftAiDescription(db, request.params.id, model, request.body)),
  );
};

export default assistantRoutes;
