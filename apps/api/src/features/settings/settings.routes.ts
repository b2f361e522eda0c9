import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the settings area.
export default async function settingsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
