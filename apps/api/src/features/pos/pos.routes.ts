import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the pos area.
export default async function posRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
