import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the payments area.
export default async function paymentsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
