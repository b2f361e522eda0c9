/** The only SQL of national shipping: the embedded table rates (docs/decisions/031-embedded-shipping-rates.md). */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shippingRates } from '../../db/schema';

export type ShippingRateRow = typeof shippingRates.$inferSelect;

/** Active rates of the given couriers' services to one province. */
export async function activeRatesTo(db: DbOrTx, provinceId: number, courierCodes: string[]): Promise<ShippingRateRow[]> {
  return db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.destination_province_id, provinceId), eq(shippingRates.is_active, true), inArray(shippingRates.courier_code, courierCodes)));
}
