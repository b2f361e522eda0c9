/**
 * The request id (issue 27 §6, docs/decisions/071-request-ids-and-metrics.md): the one nginx or
 * another proxy sends in `X-Request-Id` (nginx's `$request_id`) when it is a plain token, so a line
 * in the proxy's log and the shop's lines of the same request share it; otherwise a new UUID. It is
 * in every log line of the request (Fastify's request logger, `reqId`) and sent back on every answer.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Letters, digits and `._:-`, at most 128: a UUID, nginx's 32 hex digits, a trace id. Anything else
 * (spaces, quotes, control characters, a header sent twice, which Node joins with ", ") is not
 * trusted in logs and a response header, and is replaced.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && SANE_ID.test(value);
}

/** Fastify's `genReqId`: the incoming id when it is sane, else a new one. */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return isSaneRequestId(incoming) ? incoming : randomUUID();
}
