import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the assistant area.
export default async function assistantRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
