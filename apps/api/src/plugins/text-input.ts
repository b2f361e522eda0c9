/**
 * Every string a request carries is checked once, here, before any schema or handler sees it
 * (docs/decisions/022-hostile-input-at-the-edge.md): NUL, other control characters and lone
 * surrogates cannot reach PostgreSQL (which refuses them, answering 500), and payloads nested
 * deeper than any form makes are refused before anything recurses into them. Multipart fields are
 * parsed inside the handlers, so lib/form.ts runs the same check on them.
 */
import type { FastifyInstance } from 'fastify';
import { findTextProblem, forbiddenTextFieldMessage, tooDeepMessage } from '@pasar/core/common';
import { AppError } from '@pasar/core/errors';
import { fieldName } from '../lib/validation';

/** Throws the 400 for the first forbidden string or too deep nesting in `value`, if any. */
export function refuseHostileText(value: unknown, prefix: (string | number)[] = []): void {
  const problem = findTextProblem(value);
  if (!problem) return;
  const field = fieldName([...prefix, ...problem.path]);
  if (problem.kind === 'depth') throw new AppError('VALIDATION_ERROR', tooDeepMessage, { fields: { [field]: tooDeepMessage } });
  // '_' is the payload itself, '*' the rest of a static file path: neither is a field a person filled in.
  const message = forbiddenTextFieldMessage(field === '_' || field === '*' ? undefined : field);
  throw new AppError('VALIDATION_ERROR', message, { fields: { [field]: message } });
}

export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseHostileText(request.params);
    refuseHostileText(request.query);
    if (request.body !== undefined && !request.isMultipart()) refuseHostileText(request.body);
  });
}
