/**
 * The one error handler (docs/design.md §4): AppError → its status and message; schema
 * validation → 400 with `fields`; the database or the disk unavailable → 503 "sedang gangguan";
 * anything else → logged with the request id and answered 500 with a generic message, so nothing
 * internal leaks.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, genericMessages, type ErrorBody } from '@pasar/core/errors';
import { isUnavailableError } from '../db/errors';
import { fieldMessages } from '../lib/validation';

export const badUrlMessage = 'Alamat permintaan tidak valid.';
export const urlTooLongMessage = 'Alamat permintaan terlalu panjang.';

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path that
 * is not valid percent-encoding, or a path parameter over `maxParamLength`. Fastify would answer
 * them in its own shape; they get the envelope like every other refusal.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ success: false, error: urlTooLongMessage, code: 'URI_TOO_LONG' } satisfies ErrorBody);
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ success: false, error: badUrlMessage, code: 'BAD_REQUEST' } satisfies ErrorBody);
    return;
  }
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ success: false, error: genericMessages.validation, code: 'BAD_REQUEST' } satisfies ErrorBody);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { success: false, error: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      if (error.details) Object.assign(body, error.details);
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // The type provider hands zod's path over as a JSON pointer ('/bank_accounts/0/bank_name').
      const fields = fieldMessages(
        error.validation.map((issue) => ({ path: issue.instancePath.replace(/^\//, '').split('/'), message: issue.message ?? genericMessages.validation })),
      );
      const first = Object.values(fields)[0];
      const body: ErrorBody = {
        success: false,
        error: first ?? genericMessages.validation,
        code: 'VALIDATION_ERROR',
        fields,
      };
      return reply.status(400).send(body);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send({ success: false, error: genericMessages.internal, code: 'INTERNAL' } satisfies ErrorBody);
    }

    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 413 || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ success: false, error: genericMessages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' } satisfies ErrorBody);
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ success: false, error: 'Jenis konten permintaan tidak didukung.', code: 'UNSUPPORTED_MEDIA_TYPE' } satisfies ErrorBody);
    }
    if (status === 429) {
      return reply.status(429).send({ success: false, error: genericMessages.rateLimited, code: 'RATE_LIMITED' } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON and similar client mistakes: say so without internals.
      const message = fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Format JSON pada permintaan tidak valid.'
        : genericMessages.validation;
      return reply.status(status).send({ success: false, error: message, code: 'BAD_REQUEST' } satisfies ErrorBody);
    }
    if (isUnavailableError(error)) {
      // A full disk, a database restarting or out of connections (issue 26 §7): the statement's
      // transaction rolled back, so the person is told to try again, not that the shop is broken.
      request.log.error({ err: error, reqId: request.id }, 'database or disk unavailable');
      void reply.header('retry-after', '30');
      return reply.status(503).send({ success: false, error: genericMessages.unavailable, code: 'SERVICE_UNAVAILABLE' } satisfies ErrorBody);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ success: false, error: genericMessages.internal, code: 'INTERNAL' } satisfies ErrorBody);
  });

}
