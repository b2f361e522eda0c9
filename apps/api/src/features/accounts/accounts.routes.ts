/** Sign-in, registration, sign-out and the own profile (docs/requirements/storefront.md §7). */
import {
  accountMessages as m,
  authResultSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordMessages as pm,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  userSchema,
} from '@pasar/core/accounts';
import { AppError, genericMessages } from '@pasar/core/errors';
import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { createCounters } from '../../limits/counters';
import { clientOf, envelope, ok } from '../../lib/http';
import { publicOrigin } from '../../lib/public-origin';
import { withRetryAfter } from '../../lib/retry-after';
import { requireUser, signedIn } from '../../plugins/auth';
import { AccountsService } from './accounts.service';
import { PasswordService } from './password-reset.service';

const accountsRoutes: FeatureRoutes = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  const counters = createCounters(deps.database, now);
  const service = new AccountsService(deps.database, now, counters);
  const passwords = new PasswordService(deps.database, counters, now, { origin: publicOrigin(deps.config), smtp: Boolean(deps.config.SMTP_URL) });

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Register a customer account and sign in',
        description: 'Always creates a customer; role, role_id, is_active and other unknown fields are ignored.',
        body: registerSchema,
        response: { 201: envelope(authResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await service.register(request.body, clientOf(request));
      return reply.status(201).send(ok(result, 'Pendaftaran berhasil. Selamat datang!'));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with username or e-mail (case-insensitive)',
        description: 'After 5 failed sign-ins for one account from one address within 15 minutes: 429 with retry_after_seconds.',
        body: loginSchema,
        response: { 200: envelope(authResultSchema) },
      },
    },
    async (request, reply) => ok(await withRetryAfter(reply, service.login(request.body, clientOf(request))), 'Berhasil masuk.'),
  );

  app.post(
    '/auth/logout',
    { config: signedIn, schema: { tags: ['accounts'], summary: 'Revoke the current token' } },
    async (request) => {
      if (request.auth) await service.logout(request.auth.tokenHash);
      return ok(null, 'Berhasil keluar.');
    },
  );

  app.get(
    '/profile',
    { config: signedIn, schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: envelope(userSchema) } } },
    async (request) => ok(await service.profile(requireUser(request).id)),
  );

  app.put(
    '/profile',
    {
      config: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Update first_name, last_name, email and phone_number of the signed-in user',
        description: 'Any other field (username, role, role_id, is_active) is ignored.',
        body: profileUpdateSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ok(await service.updateProfile(requireUser(request).id, request.body), m.profileUpdated),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mail a one-time link to set a new password (issue 28)',
        description:
          'Always the same answer, after at least the same time, whether or not the address has an account; the link (valid one hour) goes only to an active account. 429 after 3 requests for one address or 10 from one client in an hour.',
        body: forgotPasswordSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, passwords.requestReset(request.body, { ip: request.ip }));
      return ok(null, pm.resetRequested);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: "Set a new password with a reset link's token",
        description: 'Uses the link up (once only), ends every session of the account and its other links. An unknown, used or expired token: 400 with fields.token.',
        body: resetPasswordSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await passwords.resetPassword(request.body, { ip: request.ip });
      return ok(null, pm.resetDone);
    },
  );

  app.put(
    '/profile/password',
    {
      config: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Change the signed-in user\'s password ("Ubah kata sandi")',
        description: 'A wrong current password: 400 with fields.current_password (5 tries in 15 minutes, then 429). Success ends every other session; this one stays.',
        body: changePasswordSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new AppError('UNAUTHORIZED', genericMessages.unauthorized);
      await withRetryAfter(reply, passwords.changePassword(auth.user.id, auth.tokenHash, request.body));
      return ok(null, pm.changed);
    },
  );
};

export default accountsRoutes;
