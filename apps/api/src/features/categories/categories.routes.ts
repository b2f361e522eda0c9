import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the categories area.
export default async function categoriesRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
