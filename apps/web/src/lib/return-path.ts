/**
 * Where /login sends a shopper back to (issue 28: a checkout whose session ran out returns to the
 * checkout, the cart kept in storage). Only a path of this site: anything else (another host,
 * `//evil.example`, a scheme) is ignored, so the login link cannot send anyone elsewhere.
 */
export const RETURN_PARAM = 'next';

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?')) return null;
  return value;
}

/** /login with the way back to `path` (the current page when a 401 ends the session). */
export function loginPathFrom(path: string): string {
  const back = safeReturnPath(path);
  return back ? `/login?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}` : '/login';
}
