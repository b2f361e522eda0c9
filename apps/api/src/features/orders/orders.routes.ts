import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the orders area.
export default async function ordersRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
