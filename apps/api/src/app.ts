/**
 * buildApp wires plugins, then features, and never listens (docs/design.md, Fastify demo):
 * tests call `app.inject`, server.ts calls `listen`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installIndonesianValidationMessages } from '@pasar/core/validation';
import type { AppDeps } from './deps';
import type { Config } from './config';
import { registerAuth } from './plugins/auth';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerTextInputCheck } from './plugins/text-input';
import { openapiOptions } from './plugins/openapi';
import { loggerOptions } from './lib/logging';
import { apiDocsPolicy, registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { registerXsrf } from './plugins/xsrf';
import { registerSlowClientLimits, serverTimeouts } from './plugins/slow-clients';
import { registerFeatures } from './features';
import { registerMetrics, registerRequestIds, withRequestIdHeader } from './metrics/plugin';
import { requestIdFor } from './metrics/request-id';
import { headForPath, registerSeoRoutes } from './features/catalog/catalog.seo';
import { storefrontSource } from './features/catalog/catalog.storefront';


export type App = FastifyInstance;

/**
 * A hop count becomes the function Fastify would build from it (its types accept no number): the
 * first `hops` addresses counted from the socket are proxies, the next one is the client.
 */
function trustProxy(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A proxy's X-Request-Id when sane, else a new UUID (metrics/request-id.ts, decision 071).
    genReqId: requestIdFor,
    frameworkErrors: withRequestIdHeader(frameworkErrors),
    ...serverTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestIds(app);
  registerSlowClientLimits(app, config);

  // Rules without a spec message still refuse in Indonesian (packages/core/src/validation).
  installIndonesianValidationMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifySwagger, openapiOptions(config));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', transformStaticCSP: apiDocsPolicy });

  await app.register(fastifyMultipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 11, fields: 60, fieldSize: 256 * 1024 },
  });

  registerErrorHandling(app);
  registerTextInputCheck(app);
  await registerSecurityHeaders(app, config);
  registerXsrf(app, { secure: Boolean(config.PUBLIC_URL?.startsWith('https://')) });
  registerAuth(app, deps.database.db, deps.now);
  registerMetrics(app, deps);

  await app.register(
    async (api) => {
      await registerFeatures(api, deps);
    },
    { prefix: '/api/v1' },
  );

  await registerWebApp(app, deps, {
    registerRoutes: (scope) => registerSeoRoutes(scope, deps),
    headForPath: (request) => headForPath(deps, request),
    storefront: storefrontSource(deps),
  });
  return app;
}
