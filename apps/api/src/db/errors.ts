/**
 * Recognising database errors, in one place. PostgreSQL names a unique violation SQLSTATE 23505;
 * node-postgres puts the code on the error, drizzle on PGlite may wrap it in `cause`.
 */
interface PgErrorShape {
  code?: string;
  constraint?: string;
  cause?: { code?: string; constraint?: string };
}

/** The violated unique constraint's name, or undefined when the error is not a unique violation. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const e = (error ?? {}) as PgErrorShape;
  if ((e.code ?? e.cause?.code) !== '23505') return undefined;
  return e.constraint ?? e.cause?.constraint ?? '';
}

/**
 * SQLSTATEs that say the database cannot take work right now, not that the request was wrong
 * (issue 26 §7): class 53 (insufficient resources: 53100 disk full, 53200 out of memory, 53300 too
 * many connections), class 08 (connection exception), and the server shutting down or starting up
 * (57P01 admin shutdown, which is also what a backend says when its postmaster died; 57P02 crash
 * shutdown; 57P03 cannot connect now). The statement failed and its transaction rolled back.
 */
const unavailableSqlState = /^(53|08)|^57P0[123]$/;
/** Node's own: the server's socket refuses or is gone, or a file write found the disk full. */
const unavailableNodeCode = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOSPC', 'EDQUOT']);
/**
 * node-postgres ends a client whose socket closed mid-query with a plain Error and no code;
 * these are its exact words (pg/lib/client.js).
 */
const droppedConnectionMessages = new Set(['Connection terminated unexpectedly', 'Connection terminated', 'Client was closed and is not queryable']);

interface ErrorChainLink {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Whether an error means "the database or the disk is unavailable, try again" rather than a bug:
 * the error handler answers it 503 with the "sedang gangguan" message instead of a generic 500.
 * drizzle wraps the driver's error in `cause`, and a connection to a host with several addresses
 * fails with an AggregateError, so the whole chain is read.
 */
export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as ErrorChainLink;
  if (typeof e.code === 'string') {
    if (unavailableSqlState.test(e.code) && /^[0-9A-Z]{5}$/.test(e.code)) return true;
    if (unavailableNodeCode.has(e.code)) return true;
    // A Unix socket whose file is gone (the embedded server is away); any other ENOENT is a missing file.
    if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
  }
  if (typeof e.message === 'string' && droppedConnectionMessages.has(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isUnavailableError(inner, depth + 1))) return true;
  return isUnavailableError(e.cause, depth + 1);
}
