/**
 * Which payment providers are live (docs/decisions/013-payments.md, 074-payment-provider-interface.md):
 * manual transfer always; every online gateway whose credentials are set, in the table's order;
 * when none is, the sandbox gateway only in the demo shop (the demo seed's marker in settings,
 * without PUBLIC_URL) or with PAYMENT_SANDBOX=true — never by NODE_ENV alone, so a real shop
 * without a gateway cannot be "paid" through the sandbox's public key.
 *
 * A new gateway is one line in `gatewayTable` (plus its adapter, its configuration in config.ts
 * and its tests): nothing outside this folder and config.ts names a provider.
 */
import type { Config } from '../../config';
import { manualTransfer } from './manual-transfer';
import { MIDTRANS_ID, midtransProvider } from './midtrans-client';
import type { PaymentProvider } from './provider';
import { sandboxGateway } from './sandbox-gateway';
import { TRIPAY_ID, tripayProvider } from './tripay-client';

interface GatewayEntry {
  id: string;
  /** The buyer's name for it, also when it is not configured (the spec's rule 7 names the provider asked for). */
  name: string;
  /** Its adapter when its configuration is complete, else null. */
  build(config: Config): PaymentProvider | null;
}

const gatewayTable: GatewayEntry[] = [
  { id: TRIPAY_ID, name: 'Tripay', build: (c) => (c.tripay ? tripayProvider({ ...c.tripay, timeoutMs: c.PROVIDER_TIMEOUT_MS }) : null) },
  { id: MIDTRANS_ID, name: 'Midtrans', build: (c) => (c.midtrans ? midtransProvider({ ...c.midtrans, timeoutMs: c.PROVIDER_TIMEOUT_MS }) : null) },
];

/**
 * Before decision 074 the sandbox was offered under the first gateway's prefix and paths
 * ('tripay:QRIS', /payments/tripay/…): orders, demo flows and tests written then still use it, so
 * while the sandbox is the live gateway that id reaches it.
 */
const SANDBOX_LEGACY_ID = TRIPAY_ID;

export interface PaymentProviders {
  manual: PaymentProvider;
  /** The live online gateways, in the order the checkout lists them; empty: manual transfer only. */
  gateways: PaymentProvider[];
  /** The first live gateway or null; kept for callers written when a shop had at most one. */
  gateway: PaymentProvider | null;
}

export function paymentProviders(config: Config, options: { demoShop: boolean }): PaymentProviders {
  const configured = gatewayTable.map((entry) => entry.build(config)).filter((p): p is PaymentProvider => p !== null);
  // The demo data's marker turns the sandbox on only for a shop tried on one's own machine: with
  // PUBLIC_URL others reach it, and only PAYMENT_SANDBOX=true says so (docs/decisions/043-production-defaults.md).
  const demoSandbox = options.demoShop && !config.PUBLIC_URL;
  const gateways = configured.length > 0 ? configured : config.PAYMENT_SANDBOX || demoSandbox ? [sandboxGateway] : [];
  return { manual: manualTransfer, gateways, gateway: gateways[0] ?? null };
}

/** The live provider an id names ('manual', a gateway's id, or the sandbox's old prefix while it is live); undefined when none. */
export function liveProvider(providers: PaymentProviders, id: string): PaymentProvider | undefined {
  if (id === providers.manual.id) return providers.manual;
  const found = providers.gateways.find((p) => p.id === id);
  if (found) return found;
  const only = providers.gateways.length === 1 ? providers.gateways[0] : undefined;
  return only?.sandbox && id === SANDBOX_LEGACY_ID ? only : undefined;
}

/**
 * The name of the provider an id names, live or not, for the spec's messages ('Metode pembayaran
 * {provider} belum tersedia.'); an unknown id is named as sent.
 */
export function providerName(providers: PaymentProviders, id: string): string {
  return liveProvider(providers, id)?.displayName ?? gatewayTable.find((entry) => entry.id === id)?.name ?? id;
}

/** The start-up line naming what takes money. */
export function describePaymentProviders(providers: PaymentProviders, options: { demoShop: boolean; sandboxVariable: boolean }): string {
  const gateways = providers.gateways;
  const online =
    gateways.length === 0
      ? 'tidak ada gateway online (sandbox mati: PAYMENT_SANDBOX tidak diisi)'
      : gateways[0]?.sandbox
        ? `Gateway Sandbox — MODE DEMO, tidak ada uang yang berpindah (${options.sandboxVariable ? 'PAYMENT_SANDBOX=true' : 'toko demo'})`
        : gateways.map((g) => `${g.displayName} (uang sungguhan)`).join('; ');
  return `Pembayaran aktif: Transfer bank manual; ${online}.`;
}
