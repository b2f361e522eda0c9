/**
 * The live payment providers of one app (integrations/payments/registry.ts), resolved once: whether
 * this database is the demo shop does not change while the server runs.
 */
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { providersFor } from '../../integrations/providers';
import { describePaymentProviders, paymentProviders, type PaymentProviders } from '../../integrations/payments/registry';
import { getSetting } from '../settings/settings.repository';

const resolved = new WeakMap<Config, Promise<PaymentProviders>>();

export function livePaymentProviders(db: DbOrTx, config: Config): Promise<PaymentProviders> {
  let entry = resolved.get(config);
  if (!entry) {
    entry = getSetting(db, 'demo').then((demo) => paymentProviders(config, { demoShop: demo !== undefined, tripay: providersFor(config).tripay }));
    resolved.set(config, entry);
  }
  return entry;
}

export async function paymentProvidersLine(db: DbOrTx, config: Config): Promise<string> {
  const demo = await getSetting(db, 'demo');
  return describePaymentProviders(await livePaymentProviders(db, config), { demoShop: demo !== undefined, sandboxVariable: config.PAYMENT_SANDBOX });
}
