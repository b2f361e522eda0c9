/**
 * Whether a province, city and district belong together, checked against the shop's own area data:
 * the embedded official codes, or the RajaOngkir lists when a key is set (docs/decisions/030-locations.md).
 * A client can send any ids (issue 14: a Papua district with the store's city id was priced as a
 * local delivery), so every endpoint that takes a destination asks these functions and goes on with
 * the areas they answer, never with the ids or names it was sent. No database here: the area data
 * is in memory (embedded) or behind the provider's cached lists.
 */
import { AppError } from '@pasar/core/errors';
import { locationMessages, type Area } from '@pasar/core/locations';
import { ProviderFailure } from '../../integrations/http';
import { embeddedAreas } from '../../integrations/locations/embedded-areas';
import type { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';

/** A checked destination: the three areas with their names from the area data. */
export interface CheckedDestination {
  province: Area;
  city: Area;
  district: Area;
}

/** A district checked to lie in `cityId` (the local courier options take no province). */
export interface CheckedDistrict {
  cityId: number;
  district: Area;
}

/** The request field each id came from, so the error names the field to correct. */
export interface AreaFields {
  province: string;
  city: string;
  district: string;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { fields: { [field]: message } });

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', locationMessages.areasFailed);
    throw error;
  }
}

/** The embedded data knows every area's parent, so an unknown id and a mismatched one say different things. */
async function embeddedDistrict(ids: { cityId: number; districtId: number }, fields: Omit<AreaFields, 'province'>, provinceId?: number): Promise<CheckedDestination> {
  const areas = await embeddedAreas();
  const cityProvince = areas.cityProvince.get(ids.cityId);
  if (cityProvince === undefined) throw invalid(fields.city, locationMessages.unknownCity);
  if (provinceId !== undefined && cityProvince !== provinceId) throw invalid(fields.city, locationMessages.cityNotInProvince);
  const districtCity = areas.districtCity.get(ids.districtId);
  if (districtCity === undefined) throw invalid(fields.district, locationMessages.unknownDistrict);
  if (districtCity !== ids.cityId) throw invalid(fields.district, locationMessages.districtNotInCity);
  const province = areas.provinces.find((p) => p.id === cityProvince);
  const city = areas.citiesByProvince.get(cityProvince)?.find((c) => c.id === ids.cityId);
  const district = areas.districtsByCity.get(ids.cityId)?.find((d) => d.id === ids.districtId);
  if (!province || !city || !district) throw invalid(fields.district, locationMessages.unknownDistrict);
  return { province, city, district };
}

/**
 * Province, city and district of an order's destination. 400 with the message on the first field
 * that is unknown or does not belong to the level above it.
 */
export async function checkDestination(
  ids: { provinceId: number; cityId: number; districtId: number },
  fields: AreaFields,
  rajaongkir?: RajaOngkirClient,
): Promise<CheckedDestination> {
  if (!rajaongkir) {
    const areas = await embeddedAreas();
    if (!areas.provinces.some((p) => p.id === ids.provinceId)) throw invalid(fields.province, locationMessages.unknownProvince);
    return embeddedDistrict(ids, fields, ids.provinceId);
  }
  // The provider's lists only go downwards: an id missing from its parent's list is refused as not belonging there.
  return guarded(async () => {
    const province = (await rajaongkir.provinces()).find((p) => p.id === ids.provinceId);
    if (!province) throw invalid(fields.province, locationMessages.unknownProvince);
    const city = (await rajaongkir.cities(province.id)).find((c) => c.id === ids.cityId);
    if (!city) throw invalid(fields.city, locationMessages.cityNotInProvince);
    const district = (await rajaongkir.districts(city.id)).find((d) => d.id === ids.districtId);
    if (!district) throw invalid(fields.district, locationMessages.districtNotInCity);
    return { province, city, district };
  });
}

/** A district of a city, for the local courier options (which are priced by the district's real city). */
export async function checkCityDistrict(ids: { cityId: number; districtId: number }, fields: Omit<AreaFields, 'province'>, rajaongkir?: RajaOngkirClient): Promise<CheckedDistrict> {
  if (!rajaongkir) {
    const { city, district } = await embeddedDistrict(ids, fields);
    return { cityId: city.id, district };
  }
  return guarded(async () => {
    const district = (await rajaongkir.districts(ids.cityId)).find((d) => d.id === ids.districtId);
    if (!district) throw invalid(fields.district, locationMessages.districtNotInCity);
    return { cityId: ids.cityId, district };
  });
}
