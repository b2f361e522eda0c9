/**
 * What the server writes to its log (docs/decisions/022-hostile-input-at-the-edge.md): never a
 * request body, a query string or the values of a failed query, since those carry buyers' names,
 * e-mails, phones and addresses. Errors keep their type, code, SQL text and stack for diagnosis.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Fields of database errors that can quote row values (`Key (email)=(…) already exists.`). */
const VALUE_BEARING = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'query_params', 'body', 'input']);

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** drizzle's DrizzleQueryError says "Failed query: <sql>\nparams: <values>"; the SQL is kept, the values not. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? withoutParams(error) : '[not an Error]', stack: '' };
  const out: SerializedError = { type: error.constructor?.name ?? error.name, message: withoutParams(error.message), stack: withoutParams(error.stack ?? '') };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_BEARING.has(key) || key === 'message' || key === 'stack' || key === 'cause') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = typeof value === 'string' ? withoutParams(value) : value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** The request line without its query string (`q=` searches and look-ups name people). */
export function serializeRequest(request: { method: string; url: string; id?: string; ip?: string }) {
  const mark = request.url.indexOf('?');
  return { method: request.method, url: mark === -1 ? request.url : `${request.url.slice(0, mark)}?[redacted]`, id: request.id, remoteAddress: request.ip };
}

export function loggerOptions(config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test') return false;
  return {
    level: config.LOG_LEVEL,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    // Defence in depth should anything log a request or its headers whole.
    redact: { paths: ['body', 'req.body', 'request.body', 'headers.authorization', 'headers.cookie', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}
