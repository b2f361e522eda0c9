import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the catalog area.
export default async function catalogRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
