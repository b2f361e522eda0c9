/**
 * The business form's city and district, checked against the store's own province in the
 * numbering the shop's locations come from (embedded official codes, or the shipping provider's
 * ids when one is configured), and turned into the names the cards and the search show.
 */
import { AppError } from '@pasar/core/errors';
import { businessMessages } from '@pasar/core/businesses';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Area } from '@pasar/core/locations';
import { embeddedAreas } from '../../integrations/locations/embedded-areas';
import { providersFor } from '../../integrations/providers';
import { ProviderFailure } from '../../integrations/http';
import { getSetting } from '../settings/settings.service';

export interface ResolvedLocation {
  city_name: string;
  district_name: string;
}

export function businessLocationResolver(config: Config) {
  const rajaongkir = providersFor(config).rajaongkir;
  const cities = async (provinceId: number): Promise<Area[]> =>
    rajaongkir ? rajaongkir.cities(provinceId) : ((await embeddedAreas()).citiesByProvince.get(provinceId) ?? []);
  const districts = async (cityId: number): Promise<Area[]> =>
    rajaongkir ? rajaongkir.districts(cityId) : ((await embeddedAreas()).districtsByCity.get(cityId) ?? []);

  return async function resolve(db: Db, cityId: number, districtId: number): Promise<ResolvedLocation> {
    const store = await getSetting(db, 'store_location');
    try {
      const cityList = store ? await cities(store.province_id) : [];
      const city = cityList.find((c) => c.id === cityId);
      if (!city) throw new AppError('VALIDATION_ERROR', businessMessages.unknownCity, { fields: { city_id: businessMessages.unknownCity } });
      const district = (await districts(cityId)).find((d) => d.id === districtId);
      if (!district) throw new AppError('VALIDATION_ERROR', businessMessages.unknownDistrict, { fields: { district_id: businessMessages.unknownDistrict } });
      return { city_name: city.name, district_name: district.name };
    } catch (error) {
      if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', businessMessages.citiesFailed);
      throw error;
    }
  };
}
