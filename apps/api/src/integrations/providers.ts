/**
 * The configured shipping client, one per app configuration: RajaOngkir when a key is set;
 * otherwise the embedded defaults apply. Payment gateways are built by their registry
 * (payments/registry.ts), once per configuration as well (features/payments/payment-providers.ts).
 */
import type { Config } from '../config';
import { RajaOngkirClient } from './shipping/rajaongkir-client';

const clients = new WeakMap<Config, { rajaongkir?: RajaOngkirClient }>();

export function providersFor(config: Config): { rajaongkir?: RajaOngkirClient } {
  let entry = clients.get(config);
  if (!entry) {
    entry = config.rajaongkir ? { rajaongkir: new RajaOngkirClient({ ...config.rajaongkir, timeoutMs: config.PROVIDER_TIMEOUT_MS }) } : {};
    clients.set(config, entry);
  }
  return entry;
}
