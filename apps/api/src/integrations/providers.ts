/**
 * The configured providers, one client per app configuration: RajaOngkir when a key is set,
 * Tripay when its three credentials are set; otherwise the embedded defaults apply.
 */
import type { Config } from '../config';
import { RajaOngkirClient } from './shipping/rajaongkir-client';
import { TripayClient } from './payments/tripay-client';

const clients = new WeakMap<Config, { rajaongkir?: RajaOngkirClient; tripay?: TripayClient }>();

export function providersFor(config: Config): { rajaongkir?: RajaOngkirClient; tripay?: TripayClient } {
  let entry = clients.get(config);
  if (!entry) {
    entry = {
      ...(config.rajaongkir ? { rajaongkir: new RajaOngkirClient({ ...config.rajaongkir, timeoutMs: config.PROVIDER_TIMEOUT_MS }) } : {}),
      ...(config.tripay ? { tripay: new TripayClient({ ...config.tripay, timeoutMs: config.PROVIDER_TIMEOUT_MS }) } : {}),
    };
    clients.set(config, entry);
  }
  return entry;
}
