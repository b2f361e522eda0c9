import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the accounts area.
export default async function accountsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
