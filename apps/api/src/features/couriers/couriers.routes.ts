import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { envelope, idParam, ok } from '../../lib/http';
import { localCourierOptions } from './local-options';

const localOption = z.object({
  courier_id: z.number().int(),
  price_id: z.number().int(),
  courier_name: z.string(),
  region: z.string(),
  effective_price: z.number().int(),
  notes: z.string().nullable(),
});

export default async function couriersRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/couriers/local-options',
    {
      schema: {
        tags: ['couriers'],
        summary: 'Local same-day courier options for a destination (only inside the store city)',
        querystring: z.object({ district_id: idParam, city_id: idParam }),
        response: { 200: envelope(z.object({ options: z.array(localOption) })) },
      },
    },
    async (request) => ok({ options: await localCourierOptions(deps.database.db, { cityId: request.query.city_id, districtId: request.query.district_id }) }),
  );
}
