import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the locations area.
export default async function locationsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
