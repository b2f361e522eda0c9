/** What the admin shell and the partner's corner share: the skip link and signing out on the way out. */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../lib/api-client';
import { sessionStore } from '../lib/session';

export function SkipToContent({ target }: { target: string }) {
  return (
    <a href={`#${target}`} className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
      Lewati ke konten
    </a>
  );
}

/**
 * Logout leaves the shell for / first and ends the session once the shell has gone from the screen:
 * cleared while its screens are still shown, ProtectedRoute would send the visitor to /login instead
 * of / (docs/requirements/back-office.md §2: logout clears the session and returns to /). The
 * navigation commits in a transition, so "after navigate()" is not yet "after the shell unmounted";
 * the effect's cleanup is. The shell's cached data (`queryKey`) goes too, so none of it stays in
 * memory for whoever uses this browser next.
 */
export function useLogoutOnLeave(queryKey: readonly unknown[]): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const endSessionOnLeave = useRef(false);
  useEffect(
    () => () => {
      if (!endSessionOnLeave.current) return;
      sessionStore.clear();
      queryClient.removeQueries({ queryKey });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient],
  );
  return () => {
    // Revoke on the server too (the request carries the token before it is cleared).
    void apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
    endSessionOnLeave.current = true;
    void navigate('/', { replace: true });
  };
}
