/**
 * Back-office user management (docs/requirements/back-office.md §2 Users, §5). Passwords are set on create and
 * by the separate reset action only. Guards: an admin cannot delete, deactivate or demote
 * themself, and the last active admin cannot be removed by anybody.
 */
import { isAdminRole } from '@pasar/core/accounts';
import { PARTNER_ROLE } from '@pasar/core/partners';
import { AppError, genericMessages } from '@pasar/core/errors';
import { userMessages, type AdminUser, type UserCreate, type UserListQuery, type UserPage, type UserUpdate } from '@pasar/core/users';
import type { Db, DbOrTx } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import { setPasswordHash, uniqueViolation } from '../accounts/accounts.service';
import { hashPassword } from '../accounts/passwords';
import { revokeAllSessionsOfUser } from '../../auth/sessions.repository';
import { deleteUserRow, findRole, findUserRow, insertManagedUser, listUserRows, lockActiveAdmins, updateManagedUser, type UserListRow } from './users.repository';

const toUser = (row: UserListRow): AdminUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  phone_number: row.phone_number,
  role_id: row.role_id,
  role: row.role,
  is_active: row.is_active,
  created_at: row.created_at.toISOString(),
  version: row.version,
});

export async function listUsers(db: Db, query: UserListQuery): Promise<UserPage> {
  const { rows, total } = await listUserRows(db, query);
  return { items: rows.map(toUser), page: query.page, page_size: query.page_size, total, total_pages: Math.max(1, Math.ceil(total / query.page_size)) };
}

async function view(db: DbOrTx, id: number): Promise<AdminUser> {
  const row = await findUserRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', userMessages.notFound);
  return toUser(row);
}

async function checkRole(db: DbOrTx, roleId: number) {
  const role = await findRole(db, roleId);
  if (!role) throw new AppError('VALIDATION_ERROR', userMessages.unknownRole, { fields: { role_id: userMessages.unknownRole } });
  return role;
}

/** A `mitra` account without its business would be refused everywhere in its corner (decision 053). */
function refuseNewPartner(role: { name: string }): void {
  if (role.name === PARTNER_ROLE) throw new AppError('UNPROCESSABLE', userMessages.partnerByApplication, { fields: { role_id: userMessages.partnerByApplication } });
}

function duplicate(error: unknown): never {
  const field = uniqueViolation(error);
  if (field === 'username') throw new AppError('CONFLICT', userMessages.usernameTaken, { fields: { username: userMessages.usernameTaken } });
  if (field === 'email') throw new AppError('CONFLICT', userMessages.emailTaken, { fields: { email: userMessages.emailTaken } });
  throw error;
}

export async function createUser(db: Db, input: UserCreate): Promise<AdminUser> {
  refuseNewPartner(await checkRole(db, input.role_id));
  const { password, ...fields } = input;
  const password_hash = await hashPassword(password);
  try {
    return await view(db, await insertManagedUser(db, { ...fields, password_hash }));
  } catch (error) {
    return duplicate(error);
  }
}

/**
 * Inside the transaction, after the admin rows are locked (`lockActiveAdmins`): the change may not
 * leave the store without an active admin, and the actor must still be an active admin, since a
 * concurrent request may have removed them after the route let them in.
 */
function guardAdmins(admins: number[], targetId: number, removesAdmin: boolean, actorId: number): void {
  if (removesAdmin && admins.includes(targetId) && admins.every((a) => a === targetId)) throw new AppError('CONFLICT', userMessages.lastAdmin);
  if (!admins.includes(actorId)) throw new AppError('FORBIDDEN', genericMessages.forbidden);
}

export async function editUser(db: Db, id: number, update: UserUpdate, actor: { id: number }, now: Date): Promise<AdminUser> {
  const { version, ...input } = update;
  const role = await checkRole(db, input.role_id);
  try {
    await db.transaction(async (tx) => {
      const admins = await lockActiveAdmins(tx);
      const current = await findUserRow(tx, id);
      if (!current) throw new AppError('NOT_FOUND', userMessages.notFound);
      if (current.role_id !== input.role_id) refuseNewPartner(role);
      const removesAdmin = admins.includes(id) && !(input.is_active && isAdminRole(role));
      if (removesAdmin && id === actor.id) throw new AppError('FORBIDDEN', userMessages.selfDemote);
      guardAdmins(admins, id, removesAdmin, actor.id);
      await versionedUpdateResult(await updateManagedUser(tx, id, version, input), async () => Boolean(await findUserRow(tx, id)), userMessages.notFound);
      // A deactivated user, or one whose role changed, signs in again with the new rights.
      if (!input.is_active || current.role_id !== input.role_id) await revokeAllSessionsOfUser(tx, id, now);
    });
  } catch (error) {
    return duplicate(error);
  }
  return view(db, id);
}

export async function removeUser(db: Db, id: number, actor: { id: number }): Promise<void> {
  if (id === actor.id) throw new AppError('FORBIDDEN', userMessages.selfDelete);
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    if (!(await findUserRow(tx, id))) throw new AppError('NOT_FOUND', userMessages.notFound);
    guardAdmins(admins, id, true, actor.id);
    // Orders keep their contact snapshot (customer e-mail, names); the link becomes NULL.
    await deleteUserRow(tx, id);
  });
}

export async function resetPassword(db: Db, id: number, password: string, now: Date): Promise<void> {
  const hashed = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await setPasswordHash(tx, id, hashed))) throw new AppError('NOT_FOUND', userMessages.notFound);
    await revokeAllSessionsOfUser(tx, id, now);
  });
}
