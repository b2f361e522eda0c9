/** The only SQL of back-office user management. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserCreate, UserUpdate } from '@pasar/core/users';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { publicUserColumns, roleColumns } from '../../db/user-columns';

const columns = { ...publicUserColumns, version: users.version, role: roleColumns };

export type UserListRow = Awaited<ReturnType<typeof listUserRows>>[number];

export async function listUserRows(db: DbOrTx) {
  return db.select(columns).from(users).innerJoin(roles, eq(roles.id, users.role_id)).orderBy(asc(sql`lower(${users.username})`), asc(users.id));
}

export async function findUserRow(db: DbOrTx, id: number): Promise<UserListRow | undefined> {
  return (await db.select(columns).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(eq(users.id, id)).limit(1))[0];
}

export async function findRole(db: DbOrTx, id: number) {
  return (await db.select().from(roles).where(eq(roles.id, id)).limit(1))[0];
}

/**
 * Every active admin's id, with the rows locked in id order. Each transaction that may remove an
 * admin (delete, deactivate, demote) takes these locks first and in the same order, so two admins
 * removing each other at the same moment wait for one another instead of deadlocking, and the
 * second sees the first's change (PostgreSQL re-reads a locked row after the wait).
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.is_active, true), sql`(${roles.name} = 'admin' OR ${roles.can_access_admin})`))
    .orderBy(asc(users.id))
    .for('update', { of: users });
  return rows.map((r) => r.id);
}

export async function insertManagedUser(db: DbOrTx, input: Omit<UserCreate, 'password'> & { password_hash: string }): Promise<number> {
  const [row] = await db.insert(users).values(input).returning({ id: users.id });
  return row!.id;
}

export async function updateManagedUser(db: DbOrTx, id: number, version: number, input: Omit<UserUpdate, 'version'>): Promise<{ id: number }[]> {
  return db
    .update(users)
    .set({ ...input, version: sql`${users.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning({ id: users.id });
}

export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<boolean> {
  return (await db.update(users).set({ password_hash: passwordHash, version: sql`${users.version} + 1`, updated_at: sql`now()` }).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
}

export async function deleteUserRow(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
}

export async function listRoles(db: DbOrTx): Promise<(typeof roles.$inferSelect)[]> {
  return db.select().from(roles).orderBy(asc(roles.id));
}
