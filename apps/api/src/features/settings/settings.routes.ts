/** Public store facts the checkout shows: the store's location and the transfer account. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankAccountSchema, storeLocationSchema, storeProfileSchema } from '@pasar/core/settings';
import type { AppDeps } from '../../app';
import { envelope, ok } from '../../lib/http';
import { getSetting } from './settings.repository';

export default async function settingsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/settings/store',
    {
      schema: {
        tags: ['settings'],
        summary: "The store's location, transfer account and profile",
        response: {
          200: envelope(
            z.object({
              store_location: storeLocationSchema.nullable(),
              bank_account: bankAccountSchema.nullable(),
              store_profile: storeProfileSchema.nullable(),
            }),
          ),
        },
      },
    },
    async () => {
      const db = deps.database.db;
      const [store_location, bank_account, store_profile] = await Promise.all([
        getSetting(db, 'store_location'),
        getSetting(db, 'bank_account'),
        getSetting(db, 'store_profile'),
      ]);
      return ok({ store_location: store_location ?? null, bank_account: bank_account ?? null, store_profile: store_profile ?? null });
    },
  );
}
