/**
 * The partner's Pesanan (issue 29 §2, decision 056) under /mitra/shipments: every route partnerOnly,
 * the business always from the session (requirePartner), never from the request.
 */
import { partnerShipmentListSchema, partnerShipmentMessages, partnerShipmentQuerySchema, partnerShipmentSchema, partnerShipSchema } from '@pasar/core/partner-shipments';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { partnerOnly, requirePartner } from '../../plugins/auth';
import { getPartnerShipment, listPartnerShipments, preparePartnerShipment, shipPartnerShipment } from './partner-shipments.service';

const partner = routeOptions(partnerOnly, 'mitra');

const partnerShipmentsRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/mitra/shipments',
    partner("The partner's shipments of paid orders, by tab, newest first, with only its own lines (mitra)", { querystring: partnerShipmentQuerySchema, response: { 200: envelope(partnerShipmentListSchema) } }),
    async (request) => ok(await listPartnerShipments(db, requirePartner(request).businessId, request.query, now())),
  );

  app.get(
    '/mitra/shipments/:id',
    partner("One shipment holding the partner's lines; any other answers 404 (mitra)", { params: idParams, response: { 200: envelope(partnerShipmentSchema) } }),
    async (request) => ok(await getPartnerShipment(db, requirePartner(request).businessId, request.params.id, now())),
  );

  app.post(
    '/mitra/shipments/:id/prepare',
    partner('"Siapkan": the partner is packing its own parcel; twice is once (mitra)', {
      description: 'Refused (422) for a shipment that also holds another partner\'s goods or an unpaid order; 409 once sent or cancelled.',
      params: idParams,
      response: { 200: envelope(partnerShipmentSchema) },
    }),
    async (request) => ok(await preparePartnerShipment(db, requirePartner(request), request.params.id, now()), partnerShipmentMessages.prepared),
  );

  app.post(
    '/mitra/shipments/:id/ship',
    partner('"Kirim": the partner hands its own parcel to the courier with the resi (mitra)', {
      description: "The desk's send: the order follows and the buyer is told. The resi is required for a national courier (422). A mixed or unpaid shipment answers 422; one already sent 409.",
      params: idParams,
      body: partnerShipSchema,
      response: { 200: envelope(partnerShipmentSchema) },
    }),
    async (request) => ok(await shipPartnerShipment(db, requirePartner(request), request.params.id, request.body, now()), partnerShipmentMessages.shipped),
  );
};

export default partnerShipmentsRoutes;
