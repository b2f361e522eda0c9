/**
 * The options every feature route repeats: who may call it (`config.access`, plugins/auth.ts) and its
 * entry in the API document under the feature's tag (plugins/openapi.ts). A routes file names its
 * access and tag once, and each route only what is its own:
 *
 *   const admin = routeOptions(adminOnly, 'categories');
 *   app.get('/categories/', admin('Every category (admin)', { querystring, response }), handler);
 */
import type { FastifySchema } from 'fastify';
import type { Access } from '../plugins/auth';

/** What a route documents besides its tag and summary: params, querystring, body, response, description… */
type RouteSchema = Omit<FastifySchema, 'tags' | 'summary'>;

export function routeOptions<C extends { access: Access }>(config: C, tag: string) {
  return <S extends RouteSchema>(summary: string, schema: S) => ({ config, schema: { tags: [tag], summary, ...schema } });
}
