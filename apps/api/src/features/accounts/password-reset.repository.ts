/** The only SQL for password reset links (table password_reset_tokens: only each token's SHA-256). */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';

/** The account an address belongs to, matched as sign-in matches it (case-insensitive); the e-mail only, never the username. */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<{ id: number; email: string; first_name: string; is_active: boolean } | undefined> {
  const rows = await db
    .select({ id: users.id, email: users.email, first_name: users.first_name, is_active: users.is_active })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function insertResetToken(db: DbOrTx, input: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values({ user_id: input.userId, token_hash: input.tokenHash, expires_at: input.expiresAt });
}

/**
 * Marks the link used and answers whose it was, or undefined when it is unknown, used or expired.
 * The check and the mark are one statement: of two requests with one link, PostgreSQL lets the
 * second update wait on the row and then re-checks `used_at IS NULL`, so exactly one succeeds.
 */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<number | undefined> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ used_at: now })
    .where(and(eq(passwordResetTokens.token_hash, tokenHash), isNull(passwordResetTokens.used_at), gt(passwordResetTokens.expires_at, now)))
    .returning({ userId: passwordResetTokens.user_id });
  return rows[0]?.userId;
}

/** Forgets the user's other links that were never used: after a reset or a change, an older mail must not work. */
export async function deleteUnusedResetTokens(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)));
}

