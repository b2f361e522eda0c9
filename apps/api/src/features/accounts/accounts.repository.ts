/** The only SQL for user accounts as the accounts feature sees them. */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { User } from '@pasar/core/accounts';
import type { DbOrTx } from '../../db/client';
import { uniqueViolationConstraint } from '../../db/errors';
import { roles, users } from '../../db/schema';
import { publicUserColumns, roleColumns } from '../../db/user-columns';

/** Sign-in needs the hash; nothing else reads it. */
const userColumns = { ...publicUserColumns, password_hash: users.password_hash, role: roleColumns };

export interface UserWithHash extends User {
  password_hash: string;
}

type Row = { created_at: Date } & Omit<UserWithHash, 'created_at'>;

function toUser(row: Row): UserWithHash {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** Users of a role-less world never exist: every user joins its role. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserWithHash | undefined> {
  const needle = login.trim().toLowerCase();
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(or(sql`lower(${users.username}) = ${needle}`, sql`lower(${users.email}) = ${needle}`))
    .limit(1);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserWithHash | undefined> {
  const rows = await db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(eq(users.id, id)).limit(1);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function findRoleByName(db: DbOrTx, name: string): Promise<{ id: number } | undefined> {
  const rows = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return rows[0];
}

/** Which of the username and e-mail are already taken (case-insensitive), ignoring one user. */
export async function takenIdentifiers(
  db: DbOrTx,
  input: { username?: string; email?: string },
  exceptUserId?: number,
): Promise<{ username: boolean; email: boolean }> {
  const conditions = [];
  if (input.username) conditions.push(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
  if (input.email) conditions.push(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (conditions.length === 0) return { username: false, email: false };
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(exceptUserId === undefined ? or(...conditions) : and(or(...conditions), ne(users.id, exceptUserId)));
  return {
    username: Boolean(input.username) && rows.some((r) => r.username.toLowerCase() === input.username?.toLowerCase()),
    email: Boolean(input.email) && rows.some((r) => r.email.toLowerCase() === input.email?.toLowerCase()),
  };
}

export async function insertUser(
  db: DbOrTx,
  input: { username: string; email: string; passwordHash: string; first_name: string; last_name: string; phone_number: string | null; roleId: number },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email,
      password_hash: input.passwordHash,
      first_name: input.first_name,
      last_name: input.last_name,
      phone_number: input.phone_number,
      role_id: input.roleId,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert user returned nothing');
  return row.id;
}

export async function updateProfile(
  db: DbOrTx,
  userId: number,
  input: { first_name: string; last_name: string; email: string; phone_number: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...input, updated_at: sql`now()`, version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
}

/** Sets an account's password hash; false when the account is gone. */
export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<boolean> {
  return (await db.update(users).set({ password_hash: passwordHash, version: sql`${users.version} + 1`, updated_at: sql`now()` }).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
}

/** PostgreSQL unique violation on one of the case-insensitive indexes. */
export function uniqueViolation(error: unknown): 'username' | 'email' | undefined {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === undefined) return undefined;
  if (constraint.includes('email')) return 'email';
  if (constraint.includes('username')) return 'username';
  return undefined;
}
