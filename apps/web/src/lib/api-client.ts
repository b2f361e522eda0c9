/**
 * The one HTTP client (docs/design.md): JSON in and out, the bearer token from storage,
 * the anti-forgery header when the cookie exists (docs/decisions/006-xsrf.md), and any
 * 401 clears the session and goes to /login (docs/requirements/storefront.md §4, §8).
 */
import { loginPathFrom } from './return-path';
import { sessionStore } from './session';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;
  constructor(status: number, message: string, code: string, fields?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

export const API_BASE = '/api/v1';

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * Announced on `window` when a call answers 401, before the session is cleared and the browser
 * sent to /login (issue 31 item 18): a form keeps its unsaved values as a draft, and the pages'
 * unsaved-changes guards let the browser go without asking.
 */
export const SESSION_EXPIRED_EVENT = 'pasar:session-expired';

/**
 * The 401 reaction of a page: announce it, clear the session and go to /login (spec §4), with the way
 * back (issue 28: a checkout returns to the checkout, the cart kept). Once per page: calls that meet the
 * ended session at the same moment (a save and a background read) answer 401 together, and a second
 * `assign` would abort the navigation the first began (the browser's ERR_ABORTED) and start it again.
 */
export function endSessionOnce(page: { dispatchEvent(event: Event): boolean; location: Pick<Location, 'pathname' | 'search' | 'assign'> }): () => void {
  let leaving = false;
  return () => {
    if (leaving) return;
    page.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    sessionStore.clear();
    if (page.location.pathname === '/login') return;
    leaving = true;
    page.location.assign(loginPathFrom(page.location.pathname + page.location.search));
  };
}

let onUnauthorized: () => void = typeof window !== 'undefined' ? endSessionOnce(window) : () => sessionStore.clear();

/** Tests and the router may replace the 401 reaction (e.g. to navigate without a reload). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface Sent {
  response: Response;
}

/** Sends one request with the token and anti-forgery header; a 401 ends the session once, here. */
async function send(path: string, options: RequestOptions & { accept: string; cache?: RequestCache }): Promise<Sent> {
  const headers: Record<string, string> = { Accept: options.accept, ...options.headers };
  const token = sessionStore.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal ?? null,
      credentials: 'same-origin',
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.', 'NETWORK_ERROR');
  }
  if (response.status === 401) onUnauthorized();
  return { response };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

type Envelope<T> = { success?: boolean; data?: T; message?: string; error?: string; code?: string; fields?: Record<string, string> } | undefined;

/**
 * The code of a failure whose answer carried no words of the server (an empty or HTML body, a
 * proxy's page): its message only names the status, for the back office's logs and banners, and
 * a screen shows its own message instead (failureMessage).
 */
export const UNREADABLE_ANSWER = 'UNREADABLE_ANSWER';

function failure(status: number, json: unknown): ApiError {
  const envelope = json as Envelope<unknown>;
  const words = envelope?.error ?? envelope?.message;
  if (words === undefined) return new ApiError(status, `Permintaan gagal (${status}).`, envelope?.code ?? UNREADABLE_ANSWER, envelope?.fields, json);
  return new ApiError(status, words, envelope?.code ?? 'HTTP_ERROR', envelope?.fields, json);
}

/** Full envelope: `{ success, data, message }`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; message?: string }> {
  const { response } = await send(path, { ...options, accept: 'application/json' });
  const json = parseJson(await response.text());
  const envelope = json as Envelope<T>;
  if (!response.ok || !envelope || envelope.success === false) throw failure(response.status, json);
  return { data: envelope.data as T, ...(envelope.message !== undefined ? { message: envelope.message } : {}) };
}

/**
 * A file the API serves behind the token (a proof of transfer, the CSV export): the same headers
 * and 401 handling as JSON calls, the error envelope read when it fails.
 */
export async function apiFile(path: string, options: Pick<RequestOptions, 'signal'> & { cache?: RequestCache } = {}): Promise<{ blob: Blob; filename: string | null }> {
  const { response } = await send(path, { ...options, accept: '*/*' });
  if (!response.ok) throw failure(response.status, parseJson(await response.text()));
  const filename = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** Just the `data` of a successful answer. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
