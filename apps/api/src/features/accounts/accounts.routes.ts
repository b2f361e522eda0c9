/** Sign-in, registration, sign-out and the own profile (docs/requirements/storefront.md §7). */
import { accountMessages as m, authResultSchema, loginSchema, profileUpdateSchema, registerSchema, userSchema } from '@pasar/core/accounts';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { requireUser, signedIn } from '../../plugins/auth';
import { AccountsService } from './accounts.service';

const accountsRoutes: FeatureRoutes = async (app, deps) => {
  const service = new AccountsService(deps.database, deps.now ?? (() => new Date()));
  const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

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
      const result = await service.register(request.body, client(request));
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
    async (request, reply) => {
      try {
        return ok(await service.login(request.body, client(request)), 'Berhasil masuk.');
      } catch (error) {
        const wait = (error as { details?: { retry_after_seconds?: number } }).details?.retry_after_seconds;
        if (wait) reply.header('Retry-After', String(wait));
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    { config: signedIn, schema: { tags: ['accounts'], summary: 'Revoke the current token', security: [{ bearer: [] }] } },
    async (request) => {
      if (request.auth) await service.logout(request.auth.tokenHash);
      return ok(null, 'Berhasil keluar.');
    },
  );

  app.get(
    '/profile',
    { config: signedIn, schema: { tags: ['accounts'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: envelope(userSchema) } } },
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
        security: [{ bearer: [] }],
        body: profileUpdateSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ok(await service.updateProfile(requireUser(request).id, request.body), m.profileUpdated),
  );

};

export default accountsRoutes;
