/** POST /shipping/cost (docs/requirements/storefront.md §7): national shipping options for a parcel. */
import { z } from 'zod';
import { shippingCostAnswerSchema } from '@pasar/core/shipping';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParam, ok } from '../../lib/http';
import { providersFor } from '../../integrations/providers';
import { quoteNationalShipping } from './shipping.service';

const body = z.object({
  origin_district_id: idParam,
  destination_district_id: idParam,
  weight: z.coerce.number({ error: 'Berat tidak valid.' }).int({ error: 'Berat tidak valid.' }).min(1, { error: 'Berat tidak valid.' }).max(1_000_000, { error: 'Berat terlalu besar.' }),
  courier: z.string({ error: 'Kurir wajib diisi.' }).trim().min(1, { error: 'Kurir wajib diisi.' }).max(300),
});

const shippingRoutes: FeatureRoutes = async (app, deps) => {
  app.post(
    '/shipping/cost',
    {
      schema: {
        tags: ['shipping'],
        summary: 'National shipping options (embedded table rates without a RajaOngkir key)',
        body,
        response: { 200: envelope(shippingCostAnswerSchema) },
      },
    },
    async (request) => {
      const options = await quoteNationalShipping(deps.database.db, {
        originDistrictId: request.body.origin_district_id,
        destinationDistrictId: request.body.destination_district_id,
        weightGrams: request.body.weight,
        couriers: request.body.courier.split(':'),
      }, providersFor(deps.config).rajaongkir);
      return ok({ options });
    },
  );
};

export default shippingRoutes;
