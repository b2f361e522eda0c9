/**
 * Places a courier is tied to: its optional city (in the store's province) and the district of
 * a regional price (in the store's city, the only place local couriers deliver: the checkout
 * offers them for destinations in the store's city). Numbering follows the shop's locations
 * source, like the business form (embedded official codes, or the provider's ids).
 */
import { AppError } from '@pasar/core/errors';
import { courierMessages } from '@pasar/core/couriers';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { Area } from '@pasar/core/locations';
import { embeddedAreas } from '../../integrations/locations/embedded-areas';
import { providersFor } from '../../integrations/providers';
import { ProviderFailure } from '../../integrations/http';
import { getSetting } from '../settings/settings.service';

export interface CourierAreas {
  checkCity(db: DbOrTx, cityId: number | null): Promise<void>;
  checkDistrict(db: DbOrTx, districtId: number | null): Promise<void>;
  districtNames(db: DbOrTx): Promise<Map<number, string>>;
}

const cityUnknown = 'Kota tidak dikenal di provinsi toko.';

export function courierAreas(config: Config): CourierAreas {
  const rajaongkir = providersFor(config).rajaongkir;
  const cities = async (provinceId: number): Promise<Area[]> =>
    rajaongkir ? rajaongkir.cities(provinceId) : ((await embeddedAreas()).citiesByProvince.get(provinceId) ?? []);
  const districts = async (cityId: number): Promise<Area[]> =>
    rajaongkir ? rajaongkir.districts(cityId) : ((await embeddedAreas()).districtsByCity.get(cityId) ?? []);
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', 'Gagal memuat data wilayah. Silakan coba lagi.');
      throw error;
    }
  };
  const storeDistricts = async (db: DbOrTx): Promise<Area[]> => {
    const store = await getSetting(db, 'store_location');
    return store ? guarded(() => districts(store.city_id)) : [];
  };
  return {
    async checkCity(db, cityId) {
      if (cityId === null) return;
      const store = await getSetting(db, 'store_location');
      const list = store ? await guarded(() => cities(store.province_id)) : [];
      if (!list.some((c) => c.id === cityId)) throw new AppError('VALIDATION_ERROR', cityUnknown, { fields: { city_id: cityUnknown } });
    },
    async checkDistrict(db, districtId) {
      if (districtId === null) return;
      if (!(await storeDistricts(db)).some((d) => d.id === districtId)) {
        throw new AppError('VALIDATION_ERROR', courierMessages.unknownDistrict, { fields: { district_id: courierMessages.unknownDistrict } });
      }
    },
    async districtNames(db) {
      try {
        return new Map((await storeDistricts(db)).map((d) => [d.id, d.name]));
      } catch {
        // Names are decoration on the list; a provider hiccup must not hide the couriers.
        return new Map();
      }
    },
  };
}
