/**
 * Which payment providers are live (docs/decisions/013-payments.md): manual transfer always;
 * Tripay when its credentials are set; otherwise the sandbox gateway only in the demo shop (the
 * demo seed's marker in settings, without PUBLIC_URL) or with PAYMENT_SANDBOX=true — never by NODE_ENV alone, so a
 * real shop without a gateway cannot be "paid" through the sandbox's public key.
 */
import type { Config } from '../../config';
import { manualTransfer } from './manual-transfer';
import type { PaymentProvider } from './provider';
import { sandboxGateway } from './sandbox-gateway';
import { type TripayClient, tripayProvider } from './tripay-client';

export interface PaymentProviders {
  manual: PaymentProvider;
  /** The online gateway, or null when none is live (then only manual transfer is offered). */
  gateway: PaymentProvider | null;
}

export function paymentProviders(config: Config, options: { demoShop: boolean; tripay: TripayClient | undefined }): PaymentProviders {
  if (config.tripay && options.tripay) return { manual: manualTransfer, gateway: tripayProvider(options.tripay, config.tripay.privateKey) };
  // The demo data's marker turns the sandbox on only for a shop tried on one's own machine: with
  // PUBLIC_URL others reach it, and only PAYMENT_SANDBOX=true says so (docs/decisions/043-production-defaults.md).
  const demoSandbox = options.demoShop && !config.PUBLIC_URL;
  return { manual: manualTransfer, gateway: config.PAYMENT_SANDBOX || demoSandbox ? sandboxGateway : null };
}

/** The start-up line naming what takes money. */
export function describePaymentProviders(providers: PaymentProviders, options: { demoShop: boolean; sandboxVariable: boolean }): string {
  const gateway = providers.gateway;
  const online = !gateway
    ? 'tidak ada gateway online (sandbox mati: PAYMENT_SANDBOX tidak diisi)'
    : gateway.sandbox
      ? `Gateway Sandbox — MODE DEMO, tidak ada uang yang berpindah (${options.sandboxVariable ? 'PAYMENT_SANDBOX=true' : 'toko demo'})`
      : `${gateway.displayName} (uang sungguhan)`;
  return `Pembayaran aktif: Transfer bank manual; ${online}.`;
}
