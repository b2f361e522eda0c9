/** Public store facts the checkout shows, and the admin's payment settings (issue 13). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankAccountSchema, paymentSettingsSchema, storeLocationSchema, storeProfileSchema } from '@pasar/core/settings';
import type { AppDeps } from '../../app';
import { envelope, ok } from '../../lib/http';
import { adminOnly } from '../../plugins/auth';
import { livePaymentProviders } from '../payments/payment-providers';
import { getSetting } from './settings.repository';
import { paymentSettings, savePaymentSettings, storeBankAccounts } from './settings.service';

export default async function settingsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  app.get(
    '/settings/store',
    {
      schema: {
        tags: ['settings'],
        summary: "The store's location, transfer accounts, profile, and whether online payment is the demo sandbox",
        response: {
          200: envelope(
            z.object({
              store_location: storeLocationSchema.nullable(),
              /** The main account (the first of bank_accounts), kept for older clients. */
              bank_account: bankAccountSchema.nullable(),
              bank_accounts: z.array(bankAccountSchema),
              store_profile: storeProfileSchema.nullable(),
              payment_sandbox: z.boolean(),
            }),
          ),
        },
      },
    },
    async () => {
      const [store_location, bank_accounts, store_profile, providers] = await Promise.all([
        getSetting(db, 'store_location'),
        storeBankAccounts(db),
        getSetting(db, 'store_profile'),
        livePaymentProviders(db, deps.config),
      ]);
      return ok({
        store_location: store_location ?? null,
        bank_account: bank_accounts[0] ?? null,
        bank_accounts,
        store_profile: store_profile ?? null,
        payment_sandbox: providers.gateway?.sandbox ?? false,
      });
    },
  );

  app.get(
    '/settings/payments',
    { config: adminOnly, schema: { tags: ['settings'], summary: 'Payment settings: bank accounts, kode unik, deadline, limits (admin)', security: [{ bearer: [] }], response: { 200: envelope(paymentSettingsSchema) } } },
    async () => ok(await paymentSettings(db)),
  );

  app.put(
    '/settings/payments',
    {
      config: adminOnly,
      schema: { tags: ['settings'], summary: 'Save the payment settings (admin)', security: [{ bearer: [] }], body: paymentSettingsSchema, response: { 200: envelope(paymentSettingsSchema) } },
    },
    async (request) => ok(await savePaymentSettings(db, request.body), 'Pengaturan pembayaran disimpan.'),
  );
}
