/**
 * The one function that turns a failed call into the text a person reads.
 *
 * - 'append' (the back office): the spec's message for the screen, followed by the server's own
 *   explanation when it has one (a category still in use, a stale save, a field rule), so the
 *   admin always sees the spec's wording and never a bare "failed".
 * - 'replace' (sign-in, registration, profile, users: the spec says "the server's error, else …"):
 *   the server's explanation instead of the spec's message.
 *
 * Either way, only a refusal the person can act on (4xx answered in the server's envelope) carries
 * the server's words. A 5xx, an answer without the envelope (empty, HTML from a proxy) or anything
 * else shows the spec's message alone: never a status code or a framework's English (issue 16). A
 * lost connection shows the spec's message followed by the client's own hint to check the
 * connection, in both styles.
 */
import { ApiError, UNREADABLE_ANSWER } from '../../lib/api-client';

export type FailureStyle = 'append' | 'replace';

export function failureMessage(error: unknown, specMessage: string, style: FailureStyle = 'append'): string {
  if (!(error instanceof ApiError) || !error.message || error.message === specMessage) return specMessage;
  if (error.status === 0) return `${specMessage} ${error.message}`;
  const explained = error.status >= 400 && error.status < 500 && error.code !== UNREADABLE_ANSWER;
  if (!explained) return specMessage;
  return style === 'replace' ? error.message : `${specMessage} ${error.message}`;
}

/** A save the server refused because someone else changed the record first. */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'STALE_UPDATE';
}
