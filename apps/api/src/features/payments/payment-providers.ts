/**
 * The live payment providers of one app (integrations/payments/registry.ts), resolved once: whether
 * this database is the demo shop does not change while the server runs, and each gateway's client
 * (with its channel cache) lives as long as the configuration.
 */
import { AppError } from '@pasar/core/errors';
import { checkoutMessages, parsePaymentMethod } from '@pasar/core/checkout';
import type { PaymentChannel } from '@pasar/core/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { ProviderFailure } from '../../integrations/http';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { describePaymentProviders, liveProvider, paymentProviders, providerName, type PaymentProviders } from '../../integrations/payments/registry';
import { getSetting } from '../settings/settings.service';

export type { PaymentProviders };

const resolved = new WeakMap<Config, Promise<PaymentProviders>>();

export function livePaymentProviders(db: DbOrTx, config: Config): Promise<PaymentProviders> {
  let entry = resolved.get(config);
  if (!entry) {
    entry = getSetting(db, 'demo').then((demo) => paymentProviders(config, { demoShop: demo !== undefined }));
    resolved.set(config, entry);
  }
  return entry;
}

export async function paymentProvidersLine(db: DbOrTx, config: Config): Promise<string> {
  const demo = await getSetting(db, 'demo');
  return describePaymentProviders(await livePaymentProviders(db, config), { demoShop: demo !== undefined, sandboxVariable: config.PAYMENT_SANDBOX });
}

/**
 * A live gateway's channels; a provider that cannot be asked is the spec's channel message (502;
 * 504 on a timeout where the caller says so — placing an order has always answered 502).
 */
export async function gatewayChannels(gateway: PaymentProvider, options: { timeoutStatus: boolean } = { timeoutStatus: true }): Promise<PaymentChannel[]> {
  try {
    return await gateway.channels();
  } catch (error) {
    if (error instanceof ProviderFailure) throw new AppError(options.timeoutStatus && error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', checkoutMessages.channelsFailed(gateway.displayName));
    throw error;
  }
}

export interface ChosenPayment {
  provider: PaymentProvider;
  /** The chosen channel; null for manual transfer. */
  channel: PaymentChannel | null;
}

/**
 * The provider and channel of an order's `payment_method` ('manual' or '{provider id}:{channel code}'),
 * as the checkout step needs them: `chosen` is null when the method names no live, active channel;
 * `channelsAvailable` and `providerName` feed the spec's rule 7 ('Metode pembayaran {provider}
 * belum tersedia.'), naming the provider the method asked for.
 */
export async function choosePayment(db: DbOrTx, config: Config, paymentMethod: string): Promise<{ chosen: ChosenPayment | null; channelsAvailable: boolean; providerName: string }> {
  const providers = await livePaymentProviders(db, config);
  const method = parsePaymentMethod(paymentMethod);
  if (method.kind === 'manual') return { chosen: { provider: providers.manual, channel: null }, channelsAvailable: true, providerName: providers.manual.displayName };
  const name = providerName(providers, method.provider);
  const gateway = liveProvider(providers, method.provider);
  if (!gateway || gateway === providers.manual) return { chosen: null, channelsAvailable: false, providerName: name };
  const channels = (await gatewayChannels(gateway, { timeoutStatus: false })).filter((c) => c.active);
  const channel = channels.find((c) => c.code === method.channel);
  return { chosen: channel ? { provider: gateway, channel } : null, channelsAvailable: channels.length > 0, providerName: name };
}
