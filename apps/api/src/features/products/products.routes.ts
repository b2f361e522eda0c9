import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the products area.
export default async function productsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
