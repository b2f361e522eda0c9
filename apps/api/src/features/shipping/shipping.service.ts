/**
 * National shipping quotes. Without a RajaOngkir key the embedded table-rate provider prices a
 * parcel from the `shipping_rates` table: per courier service and destination province, the
 * first kilogram plus each further started kilogram (docs/decisions/031-embedded-shipping-rates.md).
 * The order flow calls quoteNationalShipping to recompute the chosen service on the server.
 */
import { AppError } from '@pasar/core/errors';
import type { DbOrTx } from '../../db/client';
import { activeRatesTo } from './shipping.repository';
import { embeddedAreas, provinceOfDistrict } from '../../integrations/locations/embedded-areas';
import { ProviderFailure } from '../../integrations/http';
import type { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';
import { checkoutMessages } from '@pasar/core/checkout';
import type { ShippingOption } from '@pasar/core/shipping';

export interface ShippingQuoteInput {
  originDistrictId: number;
  destinationDistrictId: number;
  weightGrams: number;
  couriers: string[];
}

export function costFor(rate: { first_kg_cost: number; next_kg_cost: number }, weightGrams: number): number {
  const kilograms = Math.max(1, Math.ceil(weightGrams / 1000));
  return rate.first_kg_cost + (kilograms - 1) * rate.next_kg_cost;
}

/** Turns a provider failure into the spec's message (docs/requirements/storefront.md §8), never a hang or crash. */
export function shippingProviderError(error: unknown): never {
  if (error instanceof ProviderFailure) {
    throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', checkoutMessages.shippingCostFailed);
  }
  throw error;
}

export async function quoteNationalShipping(db: DbOrTx, input: ShippingQuoteInput, rajaongkir?: RajaOngkirClient): Promise<ShippingOption[]> {
  if (rajaongkir) {
    const couriers = [...new Set(input.couriers.map((c) => c.trim().toLowerCase()).filter(Boolean))];
    try {
      return await rajaongkir.cost({ ...input, couriers });
    } catch (error) {
      return shippingProviderError(error);
    }
  }
  const areas = await embeddedAreas();
  if (!areas.districtCity.has(input.destinationDistrictId)) {
    throw new AppError('VALIDATION_ERROR', 'Kecamatan tujuan tidak dikenal.', { fields: { destination_district_id: 'Kecamatan tujuan tidak dikenal.' } });
  }
  if (!areas.districtCity.has(input.originDistrictId)) {
    throw new AppError('VALIDATION_ERROR', 'Kecamatan asal tidak dikenal.', { fields: { origin_district_id: 'Kecamatan asal tidak dikenal.' } });
  }
  const couriers = [...new Set(input.couriers.map((c) => c.trim().toLowerCase()).filter(Boolean))];
  if (couriers.length === 0) return [];
  const rates = await activeRatesTo(db, provinceOfDistrict(input.destinationDistrictId), couriers);
  return rates
    .map((r) => ({
      courier_code: r.courier_code,
      courier_name: r.courier_name,
      service: r.service,
      description: r.description,
      cost: costFor(r, input.weightGrams),
      estimated_delivery: r.etd_min_days === r.etd_max_days ? String(r.etd_min_days) : `${r.etd_min_days}-${r.etd_max_days}`,
    }))
    .sort((a, b) => a.cost - b.cost || a.courier_code.localeCompare(b.courier_code));
}
