/**
 * Bearer-token authentication and role gating in one place (docs/requirements/storefront.md §6,
 * docs/requirements/back-office.md §6). A route declares who may call it with `config.access`:
 *   - 'public' (the default): anyone; `request.auth` is still filled when a valid token comes along.
 *   - 'signed-in': any active signed-in user.
 *   - { roles: [...] }: the user's role name is in the list, or the role has
 *     can_access_admin and 'admin' is in the list.
 * No token or a dead one → 401; a signed-in user without the role → 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, genericMessages } from '@pasar/core/errors';
import { canAccess, type RoleRequirement } from '@pasar/core/accounts';
import { PARTNER_ROLE, partnerMessages } from '@pasar/core/partners';
import type { Db } from '../db/client';
import type { SessionUser } from '../auth/session-user';
import { findLiveSession, touchSession } from '../auth/sessions.repository';
import { hashToken, SESSION_TOUCH_INTERVAL_MS, SESSION_TTL_MS } from '../auth/tokens';

export type Access = 'public' | 'signed-in' | { roles: RoleRequirement };

export interface AuthContext {
  user: SessionUser;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every registered route with the access it declared; the role-gating test walks it. */
    routeAccess: { method: string; url: string; access: Access }[];
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuth(app: FastifyInstance, db: Db, clock: () => Date = () => new Date()): void {
  app.decorateRequest('auth', null);
  app.decorate('routeAccess', []);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access ?? 'public';
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccess.push({ method, url: route.url, access });
    }
  });

  // onRequest, before the body is parsed or validated: a visitor or customer learns nothing about
  // an admin route's payload rules (401/403 come first) and never makes the server parse an upload.
  app.addHook('onRequest', async (request) => {
    const access: Access = request.routeOptions.config.access ?? 'public';
    const token = bearerToken(request);
    if (token) {
      const tokenHash = hashToken(token);
      const now = clock();
      const session = await findLiveSession(db, tokenHash, now);
      if (session) {
        request.auth = { user: session.user, tokenHash };
        if (now.getTime() - session.last_used_at.getTime() > SESSION_TOUCH_INTERVAL_MS) {
          await touchSession(db, session.session_id, now, new Date(now.getTime() + SESSION_TTL_MS));
        }
      } else if (access !== 'public') {
        throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
      }
    }
    if (access === 'public') return;
    if (!request.auth) throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
    if (access === 'signed-in') return;
    if (!canAccess(request.auth.user.role, access.roles)) {
      throw new AppError('FORBIDDEN', genericMessages.forbidden);
    }
  });
}

/** The signed-in user of a route declared 'signed-in' or with roles. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
  return request.auth.user;
}

/** Route option shorthands. */
export const adminOnly = { access: { roles: ['admin'] } } as const satisfies { access: Access };
/**
 * A partner's corner (issue 29, /api/v1/mitra/*): the `mitra` role only. An admin is not let in
 * either: the corner answers for one business, which an admin account has not.
 */
export const partnerOnly = { access: { roles: [PARTNER_ROLE] } } as const satisfies { access: Access };

/** The signed-in partner of a partnerOnly route and the business it runs; every mitra read and write is limited to it. */
export function requirePartner(request: FastifyRequest): { user: SessionUser; businessId: number } {
  const user = requireUser(request);
  if (user.role.name !== PARTNER_ROLE) throw new AppError('FORBIDDEN', genericMessages.forbidden);
  if (user.business_id === null) throw new AppError('FORBIDDEN', partnerMessages.noBusiness);
  return { user, businessId: user.business_id };
}
export const signedIn = { access: 'signed-in' } as const satisfies { access: Access };
