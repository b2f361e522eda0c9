import { z } from 'zod';

/**
 * An online payment channel in our own shape (docs/requirements/storefront.md §3 "Payment channel": code, name,
 * type, fee_customer, active), whatever gateway offers it: each adapter maps its provider's answer
 * into this (docs/decisions/074-payment-provider-interface.md), and the checkout prices the fee from it.
 */
export const paymentChannelSchema = z.object({
  /** What kind of payment it is, for grouping and wording; never a provider's own group name. */
  kind: z.enum(['qris', 'e_wallet', 'virtual_account', 'retail', 'other']),
  /** The provider's own code; with the provider's id it makes the order's payment_method. */
  code: z.string(),
  name: z.string(),
  /** 'redirect': the buyer pays on the provider's page; 'direct': with a code or QR we show. */
  type: z.enum(['direct', 'redirect']),
  /** What the buyer pays on top: flat rupiah plus a percent of subtotal plus shipping. */
  fee_customer: z.object({ flat: z.number(), percent: z.number() }),
  minimum_amount: z.number(),
  maximum_amount: z.number(),
  icon_url: z.string().nullable(),
  active: z.boolean(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;
export type PaymentChannelKind = PaymentChannel['kind'];

/** One live online provider and its channels, as GET /payments/channels lists it. */
export const paymentProviderOfferSchema = z.object({
  /** The provider's id: the prefix of payment_method ('{id}:{channel code}'). */
  id: z.string(),
  /** The name the buyer reads ('Selesaikan pembayaran melalui {provider}.'). */
  name: z.string(),
  /** True for the demo sandbox: no money moves. */
  sandbox: z.boolean(),
  /** Its active channels; empty when it could not be asked. */
  channels: z.array(paymentChannelSchema),
  /** The spec's channel message ('Gagal memuat metode pembayaran {provider}. …') when it could not be asked, else null. */
  error: z.string().nullable(),
});
export type PaymentProviderOffer = z.infer<typeof paymentProviderOfferSchema>;

/** GET /payments/channels: every live online provider (none when the shop takes manual transfer only). */
export const paymentChannelsAnswerSchema = z.object({ providers: z.array(paymentProviderOfferSchema) });
export type PaymentChannelsAnswer = z.infer<typeof paymentChannelsAnswerSchema>;

/** GET /payments/{provider}/channels, the spec's §7 call: one provider's active channels. */
export const providerChannelsAnswerSchema = z.object({
  channels: z.array(paymentChannelSchema),
  /** The provider's display name. */
  provider: z.string(),
  sandbox: z.boolean(),
});
export type ProviderChannelsAnswer = z.infer<typeof providerChannelsAnswerSchema>;

/** The order's payment_method for a channel: the provider's id, a colon and the channel's code (spec §3). */
export const paymentMethodValue = (providerId: string, channel: Pick<PaymentChannel, 'code'>) => `${providerId}:${channel.code}`;

/** The provider and channel a payment_method names among the listed ones; undefined for manual transfer or an unlisted one. */
export function findPaymentChannel(method: string, providers: readonly PaymentProviderOffer[]): { provider: PaymentProviderOffer; channel: PaymentChannel } | undefined {
  for (const provider of providers) {
    const channel = provider.channels.find((c) => paymentMethodValue(provider.id, c) === method);
    if (channel) return { provider, channel };
  }
  return undefined;
}
