import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

// SCAFFOLD: filled by the issue that owns the shipping area.
export default async function shippingRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
