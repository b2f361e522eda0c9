/**
 * Locations for the checkout and the business form (docs/requirements/storefront.md §7). The path keeps the
 * provider name of the spec; without a RajaOngkir key the data is Indonesia's official area
 * data served offline (docs/decisions/030-locations.md).
 */
import { z } from 'zod';
import { AppError } from '@pasar/core/errors';
import type { FeatureRoutes } from '../../deps';
import { areaSchema, type Area } from '@pasar/core/locations';
import { embeddedAreas } from '../../integrations/locations/embedded-areas';
import { ProviderFailure } from '../../integrations/http';
import { providersFor } from '../../integrations/providers';
import { checkoutMessages } from '@pasar/core/checkout';
import { envelope, idParams, ok } from '../../lib/http';

const areaList = envelope(z.array(areaSchema));
const providerParams = z.object({ provider: z.enum(['rajaongkir'], { error: 'Penyedia lokasi tidak dikenal.' }) });

const locationsRoutes: FeatureRoutes = async (app, deps) => {
  const rajaongkir = providersFor(deps.config).rajaongkir;
  /** With a RajaOngkir key the provider's own ids are served (its cost call needs them). */
  const fromProvider = async (load: () => Promise<Area[]>, message: string): Promise<Area[]> => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', message);
      throw error;
    }
  };
  const cache = (reply: { header: (k: string, v: string) => unknown }) => reply.header('Cache-Control', 'public, max-age=86400');

  app.get(
    '/locations/:provider/provinces',
    { schema: { tags: ['locations'], summary: 'Provinces', params: providerParams, response: { 200: areaList } } },
    async (_request, reply) => {
      if (rajaongkir) return ok(await fromProvider(() => rajaongkir.provinces(), checkoutMessages.provincesFailed));
      cache(reply);
      return ok((await embeddedAreas()).provinces);
    },
  );

  app.get(
    '/locations/:provider/provinces/:id/cities',
    { schema: { tags: ['locations'], summary: 'Cities and regencies of a province', params: providerParams.extend(idParams.shape), response: { 200: areaList } } },
    async (request, reply) => {
      if (rajaongkir) return ok(await fromProvider(() => rajaongkir.cities(request.params.id), checkoutMessages.citiesFailed));
      const cities = (await embeddedAreas()).citiesByProvince.get(request.params.id);
      if (!cities) throw new AppError('NOT_FOUND', 'Provinsi tidak ditemukan.');
      cache(reply);
      return ok(cities);
    },
  );

  app.get(
    '/locations/:provider/cities/:id/districts',
    { schema: { tags: ['locations'], summary: 'Districts (kecamatan) of a city', params: providerParams.extend(idParams.shape), response: { 200: areaList } } },
    async (request, reply) => {
      if (rajaongkir) return ok(await fromProvider(() => rajaongkir.districts(request.params.id), checkoutMessages.districtsFailed));
      const districts = (await embeddedAreas()).districtsByCity.get(request.params.id);
      if (!districts) throw new AppError('NOT_FOUND', 'Kota/kabupaten tidak ditemukan.');
      cache(reply);
      return ok(districts);
    },
  );
};

export default locationsRoutes;
