import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { courierInputSchema, courierListQuerySchema, courierMessages, localCourierOptionsAnswerSchema, courierPriceCreateSchema, courierPriceSchema, courierPriceUpdateSchema, courierSchema, courierUpdateSchema } from '@pasar/core/couriers';
import { envelope, idParam, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { providersFor } from '../../integrations/providers';
import { adminOnly } from '../../plugins/auth';
import { checkCityDistrict } from '../locations/locations.service';
import { courierAreas } from './courier-areas';
import {
  createCourier,
  createCourierPrice,
  editCourier,
  editCourierPrice,
  listCourierPrices,
  listCouriers,
  removeCourier,
  removeCourierPrice,
} from './couriers.service';
import { localCourierOptions } from './local-options';

const admin = routeOptions(adminOnly, 'couriers');

const couriersRoutes: FeatureRoutes = async (app, deps) => {
  app.get(
    '/couriers/local-options',
    {
      schema: {
        tags: ['couriers'],
        summary: 'Local same-day courier options for a destination (only inside the store city)',
        querystring: z.object({ district_id: idParam, city_id: idParam }),
        response: { 200: envelope(localCourierOptionsAnswerSchema) },
      },
    },
    async (request) => {
      const destination = await checkCityDistrict({ cityId: request.query.city_id, districtId: request.query.district_id }, { city: 'city_id', district: 'district_id' }, providersFor(deps.config).rajaongkir);
      return ok({ options: await localCourierOptions(deps.database.db, destination) });
    },
  );

  const db = deps.database.db;
  const areas = courierAreas(deps.config);

  app.get(
    '/couriers',
    admin('Every courier with its regional prices, searched by name, phone, e-mail, address or vehicle number and sorted (admin)', {
      querystring: courierListQuerySchema,
      response: { 200: envelope(z.array(courierSchema)) },
    }),
    async (request) => ok(await listCouriers(db, areas, request.query)),
  );

  app.post(
    '/couriers',
    admin('Add a courier (admin); default type motorcycle, status active', { body: courierInputSchema, response: { 201: envelope(courierSchema) } }),
    async (request, reply) => reply.status(201).send(ok(await createCourier(db, request.body, areas), courierMessages.created)),
  );

  // Registered before /couriers/:id so "prices" is never read as an id.
  app.post(
    '/couriers/prices',
    admin("Add a regional price to a courier (admin); district in the store's city or none for the whole region", { body: courierPriceCreateSchema, response: { 201: envelope(courierPriceSchema) } }),
    async (request, reply) => reply.status(201).send(ok(await createCourierPrice(db, request.body, areas), courierMessages.priceCreated)),
  );

  app.put(
    '/couriers/prices/:id',
    admin('Update a regional price (admin); `version` guards against stale saves', { params: idParams, body: courierPriceUpdateSchema, response: { 200: envelope(courierPriceSchema) } }),
    async (request) => ok(await editCourierPrice(db, request.params.id, request.body, areas), courierMessages.priceUpdated),
  );

  app.delete(
    '/couriers/prices/:id',
    admin('Delete a regional price (admin)', { params: idParams, response: { 200: envelope(z.null()) } }),
    async (request) => {
      await removeCourierPrice(db, request.params.id);
      return ok(null, courierMessages.priceDeleted);
    },
  );

  app.get(
    '/couriers/:id/prices',
    admin("A courier's regional prices (admin)", { params: idParams, response: { 200: envelope(z.array(courierPriceSchema)) } }),
    async (request) => ok(await listCourierPrices(db, request.params.id, areas)),
  );

  app.put(
    '/couriers/:id',
    admin('Update a courier (admin); `version` guards against stale saves', { params: idParams, body: courierUpdateSchema, response: { 200: envelope(courierSchema) } }),
    async (request) => ok(await editCourier(db, request.params.id, request.body, areas), courierMessages.updated),
  );

  app.delete(
    '/couriers/:id',
    admin('Delete a courier and its prices (admin); past orders keep its name', { params: idParams, response: { 200: envelope(z.null()) } }),
    async (request) => {
      await removeCourier(db, request.params.id);
      return ok(null, courierMessages.deleted);
    },
  );
};

export default couriersRoutes;
