/** Point of sale (docs/requirements/back-office.md §2, §7): the sale and the pickup/QRIS settings, admin only. */
import { posMessages, posSaleSchema, posSettingsSchema, posSettingsViewSchema } from '@pasar/core/pos';
import { adminOrderSchema } from '@pasar/core/orders';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser } from '../../plugins/auth';
import { posSettingsView, recordPosSale, savePosSettings } from './pos.service';

const admin = routeOptions(adminOnly, 'pos');

const posRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;

  app.post(
    '/orders/pos',
    admin('Record a sale at the counter (admin)', {
      description:
        'Every line carries the unit `price` the cashier saw and the sale its `total_amount` (whole rupiah). The server prices the lines itself; any difference answers 409 `PRICE_CHANGED` with `prices` (per line: product_id, variant_label, name, price_seen, price) and the current `total_amount`, and records nothing. Change is computed by the server; stock is taken in the same transaction as the order.',
      body: posSaleSchema,
      response: { 201: envelope(adminOrderSchema) },
    }),
    async (request, reply) => reply.status(201).send(ok(await recordPosSale(db, request.body, requireUser(request)), posMessages.saved)),
  );

  app.get(
    '/orders/pos/settings',
    admin('Pickup information and the store QRIS for the POS (admin)', { response: { 200: envelope(posSettingsViewSchema) } }),
    async () => ok(await posSettingsView(db)),
  );

  app.put(
    '/orders/pos/settings',
    admin('Edit pickup information and the static QRIS payload (admin); the payload CRC is checked', { body: posSettingsSchema, response: { 200: envelope(posSettingsViewSchema) } }),
    async (request) => ok(await savePosSettings(db, request.body), posMessages.settingsSaved),
  );
};

export default posRoutes;
