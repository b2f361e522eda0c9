/** The only SQL of back-office user management. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { UserCreate, UserListQuery, UserSort, UserUpdate } from '@pasar/core/users';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { roles, users } from '../../db/schema';
import { publicUserColumns, roleColumns } from '../../db/user-columns';
import { updateVersioned } from '../../lib/optimistic.repository';

const columns = { ...publicUserColumns, version: users.version, role: roleColumns };

const selectUsers = (db: DbOrTx) => db.select(columns).from(users).innerJoin(roles, eq(roles.id, users.role_id));

export type UserListRow = Awaited<ReturnType<typeof selectUsers>>[number];

const fullName = sql`(${users.first_name} || ' ' || ${users.last_name})`;

/** Phone numbers as digits only, so "0812-3456" finds "0812 3456 789" and +62 finds 0 and back. */
function phoneDigitPatterns(q: string): string[] {
  if (!/^[\d\s+\-().]+$/.test(q)) return [];
  const digits = q.replace(/\D/g, '');
  if (digits.length < 4) return [];
  const alternatives = new Set([digits]);
  if (digits.startsWith('62')) alternatives.add(`0${digits.slice(2)}`);
  if (digits.startsWith('0')) alternatives.add(`62${digits.slice(1)}`);
  return [...alternatives];
}

const phoneDigits = sql`regexp_replace(coalesce(${users.phone_number}, ''), '[^0-9]', '', 'g')`;

/**
 * Everything the list is searched over, lower-cased, one part a line (a search box cannot type a
 * line break, so no match spans two parts): full name, username, e-mail, phone as written and as
 * digits. Exactly the expression of the trigram index of migration 0008, which serves the search.
 */
const userSearchText = sql`(lower(${fullName}) || E'\\n' || lower(${users.username}) || E'\\n' || lower(${users.email}) || E'\\n' || coalesce(${users.phone_number}, '') || E'\\n' || ${phoneDigits})`;

/** Name (first, last or both), username, e-mail or phone, in any letter case; wildcards typed are literal. */
export function userListFilter(query: UserListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.q) {
    const patterns = [query.q.toLowerCase(), ...phoneDigitPatterns(query.q)].map(containsPattern);
    parts.push(sql`(${sql.join(patterns.map((pattern) => sql`${userSearchText} LIKE ${pattern}`), sql` OR `)})`);
  }
  if (query.role_id) parts.push(eq(users.role_id, query.role_id));
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * The columns the list may be sorted by, each fixed SQL: the query only names a key of this map
 * (core's schema lets nothing else through). Text in lower case, so "andi" and "Budi" sort as read.
 */
const sortColumns: Record<UserSort, SQL> = {
  name: sql`lower(${fullName})`,
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  role: sql`lower(${roles.display_name})`,
  created_at: sql`${users.created_at}`,
};

/** One page of the list and the number of users that match; the id breaks ties, so nobody is on two pages. */
export async function listUserRows(db: DbOrTx, query: UserListQuery) {
  const where = userListFilter(query);
  const dir = query.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(where);
  const rows = await selectUsers(db)
    .where(where)
    .orderBy(sql`${sortColumns[query.sort]} ${dir}`, sql`${users.id} ${dir}`)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { rows, total: count?.total ?? 0 };
}

export async function findUserRow(db: DbOrTx, id: number): Promise<UserListRow | undefined> {
  return (await selectUsers(db).where(eq(users.id, id)).limit(1))[0];
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
  return updateVersioned(db, users, id, version, input);
}

/** Whether anyone can run the shop (server.ts's start: a shop others reach without one is told how to make the first). */
export async function hasActiveAdmin(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.is_active, true), sql`(${roles.name} = 'admin' OR ${roles.can_access_admin})`))
    .limit(1);
  return rows.length > 0;
}

export async function deleteUserRow(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
}

export async function listRoles(db: DbOrTx): Promise<(typeof roles.$inferSelect)[]> {
  return db.select().from(roles).orderBy(asc(roles.id));
}
