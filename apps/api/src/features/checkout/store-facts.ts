import type { PublicStoreSettings } from '@pasar/core/settings';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { livePaymentProviders } from '../payments/payment-providers';
import { publicStoreSettings } from '../settings/settings.service';

/**
 * The store facts the checkout shows (GET /settings/store, and the server-rendered page): the settings
 * feature's, with whether online payment is the demo sandbox from the payments feature. Composed here
 * so that settings never imports payments, which reads settings (decision 075).
 */
export function storeFacts(db: DbOrTx, config: Config): Promise<PublicStoreSettings> {
  return publicStoreSettings(db, config, livePaymentProviders(db, config).then((providers) => providers.gateway?.sandbox ?? false));
}
