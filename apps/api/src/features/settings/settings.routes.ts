/** The admin's payment settings (issue 13); the public store facts are served by features/checkout. */
import { partnerProgramSchema } from '@pasar/core/partners';
import { paymentSettingsSchema, paymentSettingsUpdateSchema, timeZoneSettingSchema } from '@pasar/core/settings';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly } from '../../plugins/auth';
import { partnerProgram, paymentSettings, savePartnerProgram, savePaymentSettings, saveStoreTimeZone } from './settings.service';

const admin = routeOptions(adminOnly, 'settings');

const settingsRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  app.get(
    '/settings/payments',
    admin('Payment settings: bank accounts, kode unik, deadline, limits (admin)', { response: { 200: envelope(paymentSettingsSchema) } }),
    async () => ok(await paymentSettings(db)),
  );

  app.put(
    '/settings/payments',
    admin('Save the payment settings sent; a field left out keeps its saved value (admin)', { body: paymentSettingsUpdateSchema, response: { 200: envelope(paymentSettingsSchema) } }),
    async (request) => ok(await savePaymentSettings(db, request.body), 'Pengaturan pembayaran disimpan.'),
  );

  app.get(
    '/settings/partner-program',
    admin('Partner program: commission rate, what curation holds, the sending deadline (admin)', { response: { 200: envelope(partnerProgramSchema) } }),
    async () => ok(await partnerProgram(db)),
  );

  app.put(
    '/settings/partner-program',
    admin('Save the partner program settings (admin)', { body: partnerProgramSchema, response: { 200: envelope(partnerProgramSchema) } }),
    async (request) => ok(await savePartnerProgram(db, request.body), 'Pengaturan program mitra disimpan.'),
  );

  app.put(
    '/settings/time-zone',
    admin("Save the store's time zone, in which every date is shown, exported and mailed (admin)", { body: timeZoneSettingSchema, response: { 200: envelope(timeZoneSettingSchema) } }),
    async (request) => ok({ time_zone: await saveStoreTimeZone(db, request.body.time_zone) }, 'Zona waktu toko disimpan.'),
  );
};

export default settingsRoutes;

