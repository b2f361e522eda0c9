import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the knowledge area.
export default async function knowledgeRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
