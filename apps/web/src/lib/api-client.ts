/**
 * The one HTTP client (DESIGN.md): JSON in and out, the bearer token from storage,
 * the anti-forgery header when the cookie exists (docs/decisions/006-xsrf.md), and any
 * 401 clears the session and goes to /login (storefront spec §4, §8).
 */
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

let onUnauthorized = (): void => {
  sessionStore.clear();
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

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

/** Full envelope: `{ success, data, message }`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; message?: string }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
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
    response = await fetch(`${API_BASE}${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal ?? null, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.', 'NETWORK_ERROR');
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status === 401) {
    onUnauthorized();
  }
  const envelope = json as { success?: boolean; data?: T; message?: string; error?: string; code?: string; fields?: Record<string, string> } | undefined;
  if (!response.ok || !envelope || envelope.success === false) {
    throw new ApiError(
      response.status,
      envelope?.error ?? envelope?.message ?? `Permintaan gagal (${response.status}).`,
      envelope?.code ?? 'HTTP_ERROR',
      envelope?.fields,
      json,
    );
  }
  return { data: envelope.data as T, ...(envelope.message !== undefined ? { message: envelope.message } : {}) };
}

/** Just the `data` of a successful answer. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** The message to show for a failed call: the server's error field, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
