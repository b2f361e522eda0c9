import { z } from 'zod';

/**
 * A local same-day courier offered at checkout (docs/requirements/storefront.md §3, §7): GET
 * /couriers/local-options answers these, and the order quotes `price_id` back.
 */
export const localCourierOptionSchema = z.object({
  courier_id: z.number().int(),
  price_id: z.number().int(),
  courier_name: z.string(),
  region: z.string(),
  /** max(base_price, min_price), whole rupiah. */
  effective_price: z.number().int(),
  notes: z.string().nullable(),
});
export type LocalCourierOption = z.infer<typeof localCourierOptionSchema>;

export const localCourierOptionsAnswerSchema = z.object({ options: z.array(localCourierOptionSchema) });
export type LocalCourierOptionsAnswer = z.infer<typeof localCourierOptionsAnswerSchema>;
