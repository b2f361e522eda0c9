import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the dashboard area.
export default async function dashboardRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
