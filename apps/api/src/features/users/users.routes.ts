import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the users area.
export default async function usersRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
