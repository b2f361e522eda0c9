/** Users and roles of the back office (docs/requirements/back-office.md §2 Users, §5, §7), admin only. */
import { z } from 'zod';
import { roleSchema } from '@pasar/core/accounts';
import type { FeatureRoutes } from '../../deps';
import { adminUserSchema, passwordResetSchema, userCreateSchema, userListQuerySchema, userMessages, userPageSchema, userUpdateSchema } from '@pasar/core/users';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser } from '../../plugins/auth';
import { listRoles } from './users.repository';
import { createUser, editUser, listUsers, removeUser, resetPassword } from './users.service';

const admin = routeOptions(adminOnly, 'users');

const usersRoutes: FeatureRoutes = async (app, deps) => {
  app.get(
    '/roles/',
    admin('Roles a user can be given (admin only)', { response: { 200: envelope(z.array(roleSchema)) } }),
    async () => ok(await listRoles(deps.database.db)),
  );

  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/users/',
    admin('Users with their roles, searched (name, username, e-mail, phone), filtered by role, sorted and paged 10/20/50 (admin)', {
      querystring: userListQuerySchema,
      response: { 200: envelope(userPageSchema) },
    }),
    async (request) => ok(await listUsers(db, request.query)),
  );

  app.post(
    '/users/',
    admin('Add a user with a password (admin)', { body: userCreateSchema, response: { 201: envelope(adminUserSchema) } }),
    async (request, reply) => reply.status(201).send(ok(await createUser(db, request.body), userMessages.created)),
  );

  app.put(
    '/users/:id',
    admin('Edit a user (admin); no password here. Refuses self-demotion and removing the last active admin', {
      params: idParams,
      body: userUpdateSchema,
      response: { 200: envelope(adminUserSchema) },
    }),
    async (request) => ok(await editUser(db, request.params.id, request.body, requireUser(request), now()), userMessages.updated),
  );

  app.delete(
    '/users/:id',
    admin('Delete a user (admin); not yourself, not the last active admin', { params: idParams, response: { 200: envelope(z.null()) } }),
    async (request) => {
      await removeUser(db, request.params.id, requireUser(request));
      return ok(null, userMessages.deleted);
    },
  );

  app.post(
    '/users/:id/password',
    admin("Reset a user's password (admin); their sessions end", { params: idParams, body: passwordResetSchema, response: { 200: envelope(z.null()) } }),
    async (request) => {
      await resetPassword(db, request.params.id, request.body.password, now());
      return ok(null, userMessages.passwordReset);
    },
  );
};

export default usersRoutes;
