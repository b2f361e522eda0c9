/** The only SQL of back-office user management. */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { UserCreate, UserUpdate } from '@pasar/core/users';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  first_name: users.first_name,
  last_name: users.last_name,
  phone_number: users.phone_number,
  role_id: users.role_id,
  is_active: users.is_active,
  created_at: users.created_at,
  version: users.version,
  role: { id: roles.id, name: roles.name, display_name: roles.display_name, can_access_admin: roles.can_access_admin },
};

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
 * Active admins other than `exceptId`, with their rows locked: two admins removing each other
 * at the same moment are serialised, so the last one standing is never removed.
 */
export async function lockOtherActiveAdmins(tx: DbOrTx, exceptId: number): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.is_active, true), ne(users.id, exceptId), sql`(${roles.name} = 'admin' OR ${roles.can_access_admin})`))
    .for('update', { of: users });
  return rows.length;
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
