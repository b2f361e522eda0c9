/**
 * What every feature receives, in a module that imports no feature or plugin: routes, the web
 * app plugin and the jobs depend on these types without depending on app.ts, which imports them
 * all (docs/decisions/014-api-structure.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock, replaceable in tests (sessions, payment expiry, rate limits). */
  now?: () => Date;
}

/**
 * A feature's routes: a plugin whose instance already carries the zod type provider, so a route
 * file neither repeats `withTypeProvider` nor forgets it (bodies, params and replies stay typed).
 */
export type FeatureRoutes = FastifyPluginAsyncZod<AppDeps>;

/** The instance a feature's routes receive, for helpers that register routes on it. */
export type FeatureApp = Parameters<FeatureRoutes>[0];
