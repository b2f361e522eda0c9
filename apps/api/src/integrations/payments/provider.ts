/**
 * One payment-provider interface (docs/decisions/013-payments.md): manual transfer, the embedded
 * sandbox gateway and Tripay create a payment for an order the same way; the orders code asks the
 * registry for a provider and never builds payment rows or instructions itself.
 */
import type { PaymentInstruction } from '@pasar/core/checkout';
import type { BankAccount } from '@pasar/core/settings';
import type { Channel } from './sandbox-gateway';

export interface PaymentRequest {
  orderId: number;
  merchantRef: string;
  /** What the buyer pays, fee and kode unik included. */
  amount: number;
  fee: number;
  channel: Channel | null;
  customer: { name: string; email: string; phone: string | null };
  /** Tripay wants items that add up to the amount: shipping, fee and kode unik are items too. */
  items: { name: string; price: number; quantity: number }[];
  /** Absolute origin for callbacks and return links. */
  origin: string;
  /** Web path of the order's own page. */
  orderPath: string;
  now: Date;
  /** Manual transfer's deadline (the setting); gateways use their own expiry. */
  deadline: Date;
  bankAccounts: BankAccount[];
}

export interface NewPayment {
  provider: 'manual' | 'sandbox' | 'tripay';
  channel_code: string | null;
  reference: string;
  payment_name: string;
  amount: number;
  fee_customer: number;
  pay_code: string | null;
  pay_url: string | null;
  checkout_url: string | null;
  qr_url: string | null;
  /** Words and bold only (core/checkout instruction-steps): no provider's markup reaches a client. */
  instructions: PaymentInstruction[];
  bank_accounts: BankAccount[];
  transfer_note: string | null;
  expires_at: Date;
}

export interface PaymentProvider {
  readonly id: 'manual' | 'sandbox' | 'tripay';
  /** The name the buyer reads in 'Selesaikan pembayaran melalui {provider}.' */
  readonly displayName: string;
  /** Answers without the network, so it may run inside the order's transaction. */
  readonly local: boolean;
  /** No money moves: labelled "Mode demo" wherever it shows. */
  readonly sandbox: boolean;
  /** Key of the HMAC over a callback's raw body; null when the provider sends no callbacks. */
  readonly callbackKey: string | null;
  channels(): Promise<Channel[]>;
  createPayment(request: PaymentRequest): Promise<NewPayment>;
}
