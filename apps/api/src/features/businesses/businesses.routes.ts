import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the businesses area.
export default async function businessesRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
