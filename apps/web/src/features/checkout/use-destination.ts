import { useState } from 'react';
import type { Area } from '@pasar/core/locations';
import { useCities, useDistricts, useProvinces } from '../../lib/locations-api';
import type { Destination } from './order-payload';

/**
 * The province → city → district cascade (docs/requirements/storefront.md §4 Checkout): changing a level clears
 * the levels below it, and each list loads once the level above is chosen. The shipping choice
 * follows the district (use-shipping.ts), so clearing a district clears it too.
 */
export function useDestination() {
  const [destination, setDestination] = useState<Destination>({ province: null, city: null, district: null });
  const provinces = useProvinces();
  const cities = useCities(destination.province?.id ?? null);
  const districts = useDistricts(destination.city?.id ?? null);
  return {
    destination,
    provinces,
    cities,
    districts,
    setProvince: (province: Area | null) => setDestination({ province, city: null, district: null }),
    setCity: (city: Area | null) => setDestination((d) => ({ ...d, city, district: null })),
    setDistrict: (district: Area | null) => setDestination((d) => ({ ...d, district })),
  };
}
