/**
 * Protected routes (docs/requirements/storefront.md §2, §6): no session → /login; a session without a
 * required role → /. The server enforces the same rule on every admin call.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { canAccess } from '@pasar/core/accounts';
import { useSession } from '../lib/session';

export function ProtectedRoute({ roles, children }: { roles?: readonly string[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // The way back keeps the query too (a filtered list), so signing in returns to the very page (issue 31 item 18).
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (roles && !canAccess(session.user.role, roles)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
