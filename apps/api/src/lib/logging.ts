/**
 * What the server writes to its log (docs/decisions/022-hostile-input-at-the-edge.md): never a
 * request body, a query string or the values of a failed query, since those carry buyers' names,
 * e-mails, phones and addresses. Errors keep their type, code, SQL text and stack for diagnosis.
 * Nor a credential in a path (issue 26): an order's own link reveals its buyer's name, address and
 * phone. In production every line the process prints is JSON, console output included
 * (docs/decisions/046-timeouts-lookups-and-logs.md).
 */
import os from 'node:os';
import { format } from 'node:util';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Path segments that are credentials: the order's own link (API and page, `orderPath` in core) and
 * the sandbox payment page, which links to it. Case-insensitive and with repeated slashes, as the
 * web app's router matches them.
 */
const SECRET_SEGMENT = /(\/+(?:orders\/+access|pesanan\/+akses|payments\/+sandbox\/+pay)\/+)[^/?#\s"'<>]+/gi;
/** A path inside free text, with its query string if any (`Route GET:/x?email=… not found`). */
const PATH_IN_TEXT = /\/[^\s"'<>]*/g;

/** Each `%XX` as its byte: unlike decodeURIComponent, a stray `%` elsewhere cannot make it give up. */
function decoded(path: string): string {
  return path.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A path with its credential segments replaced (`/pesanan/akses/[redacted]`). */
export function redactPath(path: string): string {
  const plain = decoded(path);
  const redacted = plain.replace(SECRET_SEGMENT, '$1[redacted]');
  // Percent-encoding must not smuggle a token past the pattern: an encoded match is logged decoded.
  return redacted === plain ? path : redacted;
}

/** Free text (a log message, an error's message) without credential segments or query strings. */
export function redactText(text: string): string {
  return text.replace(PATH_IN_TEXT, (found) => {
    const mark = found.indexOf('?');
    return mark === -1 ? redactPath(found) : `${redactPath(found.slice(0, mark))}?[redacted]`;
  });
}

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

const clean = (text: string) => redactText(withoutParams(text));

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? clean(error) : '[not an Error]', stack: '' };
  const out: SerializedError = { type: error.constructor?.name ?? error.name, message: clean(error.message), stack: clean(error.stack ?? '') };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_BEARING.has(key) || key === 'message' || key === 'stack' || key === 'cause') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = typeof value === 'string' ? clean(value) : value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** The request line without its query string (`q=` searches and look-ups name people) or a credential in its path. */
export function serializeRequest(request: { method: string; url: string; id?: string; ip?: string }) {
  const mark = request.url.indexOf('?');
  const path = redactPath(mark === -1 ? request.url : request.url.slice(0, mark));
  return { method: request.method, url: mark === -1 ? path : `${path}?[redacted]`, id: request.id, remoteAddress: request.ip };
}

export function loggerOptions(config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test') return false;
  return {
    level: config.LOG_LEVEL,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    // Messages too: Fastify's own "Route GET:<url> not found" quotes the whole URL.
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>);
      },
    },
    // Defence in depth should anything log a request or its headers whole.
    redact: { paths: ['body', 'req.body', 'request.body', 'headers.authorization', 'headers.cookie', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}

/** pino's level numbers, so console lines and Fastify's request lines read alike. */
const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVELS;

function isSerializedError(value: unknown): value is SerializedError {
  return typeof value === 'object' && value !== null && typeof (value as SerializedError).type === 'string' && typeof (value as SerializedError).stack === 'string';
}

/**
 * One JSON line in pino's shape ({"level":30,"time":…,"pid":…,"hostname":…,"msg":…}): an Error among
 * the arguments becomes `err` through serializeError (never a failed query's values), the rest the
 * message, redacted as log messages are.
 */
export function jsonLine(level: Level, args: unknown[], time = Date.now()): string {
  let err: SerializedError | undefined;
  const texts: unknown[] = [];
  for (const arg of args) {
    if (arg instanceof Error) err = serializeError(arg);
    else if (isSerializedError(arg)) err = arg;
    else texts.push(arg);
  }
  const line = { level: LEVELS[level], time, pid: process.pid, hostname: os.hostname(), msg: redactText(format(...texts)), ...(err ? { err } : {}) };
  return `${JSON.stringify(line)}\n`;
}

let jsonConsole = false;

/**
 * In production, every line the process prints becomes a JSON line (issue 26): console.* (start-up
 * messages, the embedded database's log, any added later, Node's warnings) and an uncaught error.
 * Without it these lines were free text beside Fastify's JSON, and an error printed whole quoted a
 * failed query's values. Development keeps its readable console. Writes stay on the stream they used
 * (stdout for log/info/debug, stderr for warn/error) and are synchronous on Linux pipes and files,
 * as console's were, so a line written just before `process.exit` is not lost.
 */
export function printJsonLinesInProduction(env: Record<string, string | undefined> = process.env): void {
  if (env.NODE_ENV !== 'production' || jsonConsole) return;
  jsonConsole = true;
  const out = (level: Level) => (...args: unknown[]) => void process.stdout.write(jsonLine(level, args));
  const err = (level: Level) => (...args: unknown[]) => void process.stderr.write(jsonLine(level, args));
  Object.assign(console, { log: out('info'), info: out('info'), debug: out('debug'), warn: err('warn'), error: err('error'), trace: err('error') });
  // Node prints its warnings through console.error, so they need nothing more; an uncaught error
  // it writes straight to stderr.
  process.on('uncaughtException', (error) => {
    process.stderr.write(jsonLine('fatal', ['uncaught exception', error]));
    process.exit(1);
  });
}

/**
 * The lines of a child process's output through this process's console (the seed runs in one), so
 * they are JSON lines too in production and unchanged in development.
 */
export function relayOutput(child: { stdout: NodeJS.ReadableStream | null; stderr: NodeJS.ReadableStream | null }): void {
  const relay = (stream: NodeJS.ReadableStream | null, print: (line: string) => void) => {
    if (!stream) return;
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') print(line);
    });
    stream.on('end', () => {
      if (rest.trim() !== '') print(rest);
    });
  };
  relay(child.stdout, (line) => console.info(line));
  relay(child.stderr, (line) => console.error(line));
}
