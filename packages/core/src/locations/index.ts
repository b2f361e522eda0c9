/**
 * Areas (docs/requirements/storefront.md §7): a province, a city or regency, or a district (kecamatan), as the
 * location lists answer them: from RajaOngkir with a key, from the embedded official data without
 * (docs/decisions/030-locations.md). The same shape at every level.
 */
import { z } from 'zod';

export const areaSchema = z.object({ id: z.number().int(), name: z.string() });
export type Area = z.infer<typeof areaSchema>;

/**
 * Not in the spec: the server checks that a chosen province, city and district belong together and
 * exist in the shop's area data (issue 14; docs/decisions/030-locations.md), since a client can
 * send any ids. The spec's own location message is checkoutMessages.location.
 */
export const locationMessages = {
  unknownProvince: 'Provinsi tidak dikenal.',
  unknownCity: 'Kota/kabupaten tidak dikenal.',
  unknownDistrict: 'Kecamatan tidak dikenal.',
  cityNotInProvince: 'Kota/kabupaten tidak berada di provinsi yang dipilih.',
  districtNotInCity: 'Kecamatan tidak berada di kota/kabupaten yang dipilih.',
  areasFailed: 'Gagal memuat data wilayah. Silakan coba lagi.',
} as const;
