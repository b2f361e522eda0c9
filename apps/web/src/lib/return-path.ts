/**
 * Where /login sends a shopper back to (issue 28: a checkout whose session ran out returns to the
 * checkout, the cart kept in storage). Only a path of this site: anything else (another host,
 * `//evil.example`, a scheme) is ignored, so the login link cannot send anyone elsewhere.
 */
export const RETURN_PARAM = 'next';

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (['/login', '/register'].some((page) => value === page || value.startsWith(`${page}?`))) return null;
  return value;
}

/**
 * The way back a sign-in page was given: its `next`, else the page a protected route turned the
 * visitor away from (ProtectedRoute's `state.from`, e.g. /pesanan/12), else none (issue 31).
 */
export function returnPathOf(params: URLSearchParams, state: unknown): string | null {
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as { from: unknown }).from : null;
  return safeReturnPath(params.get(RETURN_PARAM)) ?? safeReturnPath(typeof from === 'string' ? from : null);
}

/** /login or /register keeping the way back, so moving between the two does not lose it. */
export function authPathWith(page: '/login' | '/register', back: string | null): string {
  return back ? `${page}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}` : page;
}

/** /login with the way back to `path` (the current page when a 401 ends the session). */
export function loginPathFrom(path: string): string {
  return authPathWith('/login', safeReturnPath(path));
}
