/**
 * Areas (docs/requirements/storefront.md §7): a province, a city or regency, or a district (kecamatan), as the
 * location lists answer them: from RajaOngkir with a key, from the embedded official data without
 * (docs/decisions/030-locations.md). The same shape at every level.
 */
import { z } from 'zod';

export const areaSchema = z.object({ id: z.number().int(), name: z.string() });
export type Area = z.infer<typeof areaSchema>;
