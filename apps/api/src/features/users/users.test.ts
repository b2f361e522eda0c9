import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '@pasar/core/users';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
let roles: { id: number; name: string }[];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const roleId = (name: string) => roles.find((r) => r.name === name)!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
  roles = (await call('GET', '/roles/')).json().data;
});
afterAll(async () => {
  await t?.close();
});

const newUser = (over: Record<string, unknown> = {}) => ({ username: 'kasir.satu', email: 'kasir1@pasar.id', password: 'rahasia1', first_name: 'Kasir', last_name: 'Satu', phone_number: '0812 3456 789', role_id: roleId('admin'), ...over });

describe(`users (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await call('GET', '/users/', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/users/', undefined, customer)).statusCode).toBe(403);
    expect((await call('POST', '/users/', newUser(), customer)).statusCode).toBe(403);
  });

  it("answers the spec's validation messages", async () => {
    const res = await call('POST', '/users/', { username: 'ab', email: 'bukan', password: '123', first_name: '', last_name: ' ', role_id: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
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

  it('refuses self-deletion, self-demotion and removing the last active admin', async () => {
    const me = ((await call('GET', '/users/')).json().data as { id: number; username: string; version: number }[]).find((u) => u.username === demoAccounts.admin.username)!;
    const self = { username: me.username, email: 'admin@pasarumkm.id', first_name: 'Admin', last_name: 'Pasar', role_id: roleId('admin'), version: me.version };
    const selfDelete = await call('DELETE', `/users/${me.id}`);
    expect(selfDelete.statusCode).toBe(403);
    expect(selfDelete.json().error).toBe(userMessages.selfDelete);
    const demote = await call('PUT', `/users/${me.id}`, { ...self, role_id: roleId('customer'), is_active: true });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error).toBe(userMessages.selfDemote);
    expect((await call('PUT', `/users/${me.id}`, { ...self, is_active: false })).json().error).toBe(userMessages.selfDemote);

    // A second admin cannot remove the first while the first is the only other active admin.
    const other = (await call('POST', '/users/', newUser({ username: 'admin.dua', email: 'admin2@pasar.id' }))).json().data;
    const otherSession = await signIn(t.app, 'admin.dua', 'rahasia1');
    const admins = ((await call('GET', '/users/')).json().data as { id: number; is_active: boolean; role: { name: string } }[]).filter((u) => u.is_active && u.role.name === 'admin');
    expect(admins.length).toBe(2);
    // admin.dua removes admin (allowed: admin.dua stays); admin.dua is then the last and cannot be removed.
    expect((await call('DELETE', `/users/${me.id}`, undefined, otherSession)).statusCode).toBe(200);
    const lastEdit = await call('PUT', `/users/${other.id}`, { ...newUser({ username: 'admin.dua', email: 'admin2@pasar.id', role_id: roleId('customer') }), is_active: true, version: other.version }, otherSession);
    expect(lastEdit.json().error).toBe(userMessages.selfDemote);
  });
});
