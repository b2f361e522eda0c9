/** The only SQL for bearer-token sessions. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import { publicUserColumns, roleColumns } from '../db/user-columns';
import type { SessionUser } from './session-user';

export interface SessionRow {
  session_id: number;
  last_used_at: Date;
  user: SessionUser;
}

export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      session_id: sessions.id,
      last_used_at: sessions.last_used_at,
      user: publicUserColumns,
      role: roleColumns,
      business_id: users.business_id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at), gt(sessions.expires_at, now), eq(users.is_active, true)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { session_id: row.session_id, last_used_at: row.last_used_at, user: { ...row.user, role: row.role, business_id: row.business_id } };
}

export async function createSession(
  db: DbOrTx,
  input: { userId: number; tokenHash: string; expiresAt: Date; ip?: string | undefined; userAgent?: string | undefined },
): Promise<void> {
  await db.insert(sessions).values({
    user_id: input.userId,
    token_hash: input.tokenHash,
    expires_at: input.expiresAt,
    ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
  });
}

export async function touchSession(db: DbOrTx, sessionId: number, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ last_used_at: now, expires_at: expiresAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revoked_at: now }).where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at)));
}

export async function revokeAllSessionsOfUser(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expires_at} < ${now} - interval '7 days'`);
}

/** Ends every session of the user but the one making the request ("Ubah kata sandi" keeps its own device signed in). */
export async function revokeOtherSessionsOfUser(db: DbOrTx, userId: number, keepTokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), ne(sessions.token_hash, keepTokenHash)));
}
