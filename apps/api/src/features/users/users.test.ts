import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@pasar/core/errors';
import { userMessages } from '@pasar/core/users';
import { queryRows } from '../../db/client';
import { createUser, editUser, removeUser } from './users.service';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';
import { makePartner } from '../../test/factories';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;
let roles: { id: number; name: string }[];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) => callApi(t.app, method, url, payload, headers);
const roleId = (name: string) => roles.find((r) => r.name === name)!.id;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
  roles = (await call('GET', '/roles/')).json().data;
});
afterAll(() => t?.close());

const newUser = (over: Record<string, unknown> = {}) => ({ username: 'kasir.satu', email: 'kasir1@pasar.id', password: 'rahasia1', first_name: 'Kasir', last_name: 'Satu', phone_number: '0812 3456 789', role_id: roleId('admin'), ...over });

describe(`users (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await call('GET', '/users/', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/users/', undefined, customer)).statusCode).toBe(403);
    expect((await call('POST', '/users/', newUser(), customer)).statusCode).toBe(403);
  });

  it("answers the spec's validation messages", async () => {
    const res = await call('POST', '/users/', { username: 'ab', email: 'bukan', password: '123', first_name: '', last_name: ' ', role_id: 0 });
    expectFieldErrors(res, {
      username: userMessages.usernameMin,
      email: userMessages.emailInvalid,
      password: userMessages.passwordMin,
      first_name: userMessages.firstNameRequired,
      last_name: userMessages.lastNameRequired,
      role_id: userMessages.roleRequired,
    });
    const missing = await call('POST', '/users/', {});
    expect(missing.json().fields).toMatchObject({ username: userMessages.usernameRequired, email: userMessages.emailRequired, password: userMessages.passwordRequired });
    expect((await call('POST', '/users/', newUser({ role_id: 9999 }))).json().fields.role_id).toBe(userMessages.unknownRole);
  });

  it('creates, signs in with the password, edits without a password, resets it and deletes', async () => {
    const created = await call('POST', '/users/', newUser());
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user).toMatchObject({ username: 'kasir.satu', role: { name: 'admin' }, is_active: true, version: 1 });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('password_hash');
    const session = await signIn(t.app, 'kasir.satu', 'rahasia1');

    const dup = await call('POST', '/users/', newUser({ email: 'lain@pasar.id', username: 'KASIR.SATU' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.username).toBe(userMessages.usernameTaken);

    const edited = await call('PUT', `/users/${user.id}`, { ...newUser({ first_name: 'Kasir Baru', password: 'diabaikan' }), is_active: true, version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ first_name: 'Kasir Baru', version: 2 });
    await signIn(t.app, 'kasir.satu', 'rahasia1');
    expect((await call('PUT', `/users/${user.id}`, { ...newUser(), is_active: true, version: 1 })).statusCode).toBe(409);

    const reset = await call('POST', `/users/${user.id}/password`, { password: 'baru12345' });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/users/', undefined, session)).statusCode).toBe(401);
    await signIn(t.app, 'kasir.satu', 'baru12345');
    expect((await call('POST', `/users/${user.id}/password`, { password: '1' })).json().fields.password).toBe(userMessages.passwordMin);

    expect((await call('DELETE', `/users/${user.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/users/${user.id}`)).statusCode).toBe(404);
  });

  it('makes no partner account without its business: the mitra role comes with an approved application (issue 29)', async () => {
    const direct = await call('POST', '/users/', newUser({ username: 'mitra.langsung', email: 'ml@pasar.id', role_id: roleId('mitra') }));
    expect(direct.statusCode).toBe(422);
    expect(direct.json().fields.role_id).toBe(userMessages.partnerByApplication);
    const customer = (await call('POST', '/users/', newUser({ username: 'calon.mitra', email: 'cm@pasar.id', role_id: roleId('customer') }))).json().data;
    const promoted = await call('PUT', `/users/${customer.id}`, { ...newUser({ username: 'calon.mitra', email: 'cm@pasar.id', role_id: roleId('mitra') }), is_active: true, version: customer.version });
    expect(promoted.statusCode).toBe(422);
    // A partner made by approval keeps its role when the office edits the account.
    const partner = await makePartner(t.db);
    const kept = await call('PUT', `/users/${partner.user.id}`, { username: partner.user.username, email: `${partner.user.username}@contoh.id`, first_name: 'Mitra', last_name: 'Uji', role_id: roleId('mitra'), is_active: true, version: 1 });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('refuses self-deletion and self-demotion; another admin may remove an admin while one stays', async () => {
    const me = ((await call('GET', `/users/?q=${demoAccounts.admin.username}`)).json().data.items as { id: number; username: string; version: number }[]).find((u) => u.username === demoAccounts.admin.username)!;
    const self = { username: me.username, email: 'admin@pasarumkm.id', first_name: 'Admin', last_name: 'Pasar', role_id: roleId('admin'), version: me.version };
    const selfDelete = await call('DELETE', `/users/${me.id}`);
    expect(selfDelete.statusCode).toBe(403);
    expect(selfDelete.json().error).toBe(userMessages.selfDelete);
    const demote = await call('PUT', `/users/${me.id}`, { ...self, role_id: roleId('customer'), is_active: true });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error).toBe(userMessages.selfDemote);
    expect((await call('PUT', `/users/${me.id}`, { ...self, is_active: false })).json().error).toBe(userMessages.selfDemote);

    // With a second active admin, either may remove the other: one active admin stays.
    const other = (await call('POST', '/users/', newUser({ username: 'admin.dua', email: 'admin2@pasar.id' }))).json().data;
    const otherSession = await signIn(t.app, 'admin.dua', 'rahasia1');
    const admins = ((await call('GET', `/users/?role_id=${roleId('admin')}&page_size=50`)).json().data.items as { id: number; is_active: boolean; role: { name: string } }[]).filter((u) => u.is_active && u.role.name === 'admin');
    expect(admins.length).toBe(2);
    // admin.dua removes admin (allowed: admin.dua stays); admin.dua, now the last, may not demote itself.
    expect((await call('DELETE', `/users/${me.id}`, undefined, otherSession)).statusCode).toBe(200);
    const lastEdit = await call('PUT', `/users/${other.id}`, { ...newUser({ username: 'admin.dua', email: 'admin2@pasar.id', role_id: roleId('customer') }), is_active: true, version: other.version }, otherSession);
    expect(lastEdit.json().error).toBe(userMessages.selfDemote);
  });
});

/**
 * The last-admin guard can only trip through concurrency: the route checks that the caller is an
 * active admin, so a lone admin can never reach another admin to remove. Two admins removing each
 * other at the same moment can: both pass the route check, and the second transaction then finds
 * itself removing the last active admin. Its own app, so that exactly two admins race each round.
 */
describe(`two admins removing each other at once (${testEngine})`, () => {
  let r: TestApp;
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    callApi(r.app, method, url, payload, headers);
  const activeAdmins = async () =>
    (await queryRows<{ id: number }>(r.db, sql`SELECT u.id FROM users u JOIN roles ro ON ro.id = u.role_id WHERE u.is_active AND (ro.name = 'admin' OR ro.can_access_admin) ORDER BY u.id`)).map((u) => u.id);

  beforeAll(async () => {
    r = await createTestApp();
  });
  afterAll(async () => {
    await r?.close();
  });

  it('lets exactly one win each round with a clear 4xx for the other, never a 500, and one admin always stays', async () => {
    let standing = { id: 0, session: await signIn(r.app, demoAccounts.admin.username, demoAccounts.admin.password) };
    const rolesList = (await inject('GET', '/roles/', standing.session)).json().data as { id: number; name: string }[];
    const adminRole = rolesList.find((x) => x.name === 'admin')!.id;
    const customerRole = rolesList.find((x) => x.name === 'customer')!.id;
    standing.id = (await activeAdmins())[0]!;
    expect(await activeAdmins()).toEqual([standing.id]);
    const kinds = ['delete', 'demote', 'delete', 'mixed', 'demote', 'delete'] as const;
    for (const [round, kind] of kinds.entries()) {
      const username = `admin.balapan${round}`;
      const body = { username, email: `${username}@pasar.id`, password: 'rahasia1', first_name: 'Admin', last_name: `Balapan ${round}`, role_id: adminRole };
      const created = (await inject('POST', '/users/', standing.session, body)).json().data as { id: number };
      const challenger = { id: created.id, session: await signIn(r.app, username, 'rahasia1') };
      expect(await activeAdmins()).toEqual([standing.id, challenger.id].sort((a, b) => a - b));
      const users = (await inject('GET', `/users/?role_id=${adminRole}&page_size=50`, standing.session)).json().data.items as { id: number; username: string; email: string; first_name: string; last_name: string; version: number }[];
      const remove = (target: number, by: { authorization: string }, how: 'delete' | 'demote') => {
        if (how === 'delete') return inject('DELETE', `/users/${target}`, by);
        const u = users.find((x) => x.id === target)!;
        return inject('PUT', `/users/${target}`, by, { username: u.username, email: u.email, first_name: u.first_name, last_name: u.last_name, role_id: customerRole, is_active: true, version: u.version });
      };
      const [first, second] = await Promise.all([
        remove(challenger.id, standing.session, kind === 'mixed' ? 'delete' : kind),
        remove(standing.id, challenger.session, kind === 'mixed' ? 'demote' : kind),
      ]);
      const statuses = [first.statusCode, second.statusCode];
      expect(statuses.filter((s) => s === 200), `round ${round} (${kind}): ${first.body} | ${second.body}`).toHaveLength(1);
      const lost = first.statusCode === 200 ? second : first;
      expect([401, 403, 409], `round ${round} (${kind}): ${lost.body}`).toContain(lost.statusCode);
      if (lost.statusCode === 409) expect(lost.json()).toMatchObject({ success: false, code: 'CONFLICT', error: userMessages.lastAdmin });
      const winner = first.statusCode === 200 ? standing : challenger;
      expect(await activeAdmins()).toEqual([winner.id]);
      standing = winner;
    }
    // The one left can still work: it lists the users.
    expect((await inject('GET', '/users/', standing.session)).statusCode).toBe(200);
  });

  it('answers the last-admin message from the service when the removal would leave no active admin', async () => {
    // The state the losing request of a race meets: its own admin row was removed a moment ago
    // (here: demoted), and the admin it is removing is now the only active one.
    const [only] = await activeAdmins();
    const roleOf = async (name: string) => (await queryRows<{ id: number }>(r.db, sql`SELECT id FROM roles WHERE name = ${name}`))[0]!.id;
    const created = await createUser(r.db, { username: 'admin.kalah', email: 'admin.kalah@pasar.id', password: 'rahasia1', first_name: 'Admin', last_name: 'Kalah', phone_number: null, role_id: await roleOf('admin'), is_active: true });
    await r.db.execute(sql`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'customer') WHERE id = ${created.id}`);
    expect(await activeAdmins()).toEqual([only]);

    const removal = removeUser(r.db, only!, { id: created.id });
    await expect(removal).rejects.toBeInstanceOf(AppError);
    await expect(removal).rejects.toMatchObject({ code: 'CONFLICT', message: userMessages.lastAdmin });
    const target = (await queryRows<{ username: string; email: string; first_name: string; last_name: string; role_id: number; version: number }>(r.db, sql`SELECT username, email, first_name, last_name, role_id, version FROM users WHERE id = ${only!}`))[0]!;
    await expect(editUser(r.db, only!, { ...target, phone_number: null, role_id: await roleOf('customer'), is_active: true }, { id: created.id }, new Date())).rejects.toMatchObject({ code: 'CONFLICT', message: userMessages.lastAdmin });
    expect(await activeAdmins()).toEqual([only]);
  });
});
