/**
 * National shipping (docs/requirements/storefront.md §7): what POST /shipping/cost answers, whichever provider
 * priced it (RajaOngkir or the embedded table rates), so the api and the checkout read one shape.
 */
import { z } from 'zod';

export const shippingOptionSchema = z.object({
  courier_code: z.string(),
  courier_name: z.string(),
  service: z.string(),
  description: z.string(),
  /** Whole rupiah. */
  cost: z.number().int(),
  /** Days, as text: '2-3'. */
  estimated_delivery: z.string(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const shippingCostAnswerSchema = z.object({ options: z.array(shippingOptionSchema) });
export type ShippingCostAnswer = z.infer<typeof shippingCostAnswerSchema>;
