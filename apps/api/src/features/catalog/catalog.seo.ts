import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: Open Graph, JSON-LD, sitemap and robots arrive with the catalog work.
export function registerSeoRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
export async function headForPath(_deps: AppDeps, _url: string): Promise<string | undefined> {
  return undefined;
}
