import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the couriers area.
export default async function couriersRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
