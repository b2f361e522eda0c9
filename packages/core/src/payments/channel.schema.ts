import { z } from 'zod';

/**
 * An online payment channel in Tripay's shape: Tripay itself and the embedded sandbox both
 * answer it, GET /payments/tripay/channels lists it, and the checkout prices its fee from it.
 */
export const paymentChannelSchema = z.object({
  group: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(['direct', 'redirect']),
  fee_customer: z.object({ flat: z.number(), percent: z.number() }),
  minimum_amount: z.number(),
  maximum_amount: z.number(),
  icon_url: z.string().nullable(),
  active: z.boolean(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

export const paymentChannelsAnswerSchema = z.object({
  channels: z.array(paymentChannelSchema),
  /** The gateway's display name ('Tripay' or the sandbox's). */
  provider: z.string(),
  /** True for the demo sandbox: no money moves. */
  sandbox: z.boolean(),
});
export type PaymentChannelsAnswer = z.infer<typeof paymentChannelsAnswerSchema>;
