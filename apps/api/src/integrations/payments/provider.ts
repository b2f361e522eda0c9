/**
 * One payment-provider interface (docs/decisions/074-payment-provider-interface.md): manual
 * transfer, the embedded sandbox and every online gateway create a payment, list their channels in
 * our shape, verify and read their callbacks, read a payment's state and map their statuses to
 * ours the same way. Only an adapter knows its provider's protocol; the payments feature and the
 * orders code work from this interface and the registry, never from a provider's name.
 */
import { AppError } from '@pasar/core/errors';
import type { PaymentInstruction } from '@pasar/core/checkout';
import type { PaymentChannel } from '@pasar/core/payments';
import type { BankAccount } from '@pasar/core/settings';

export type Channel = PaymentChannel;

/** A payment's state in our terms (docs/integrations.md: kept apart from the order's fulfilment status). */
export type PaymentState = 'unpaid' | 'paid' | 'expired' | 'failed' | 'refunded';

export interface PaymentRequest {
  orderId: number;
  merchantRef: string;
  /** What the buyer pays, fee and kode unik included. */
  amount: number;
  fee: number;
  channel: Channel | null;
  customer: { name: string; email: string; phone: string | null };
  /** Items that add up to the amount (gateways check it): shipping, fee and kode unik are items too. */
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
  /** The adapter's id, stored in payments.provider. */
  provider: string;
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

/** What a callback (or a status read) says, verified and in our terms. */
export interface PaymentUpdate {
  /** payments.reference of the payment it is about. */
  reference: string;
  /** payments.merchant_ref when the provider sends it: it must match too. */
  merchantRef: string | null;
  /** The amount the provider signed, when its signature covers one: it must be the payment's. */
  amount: number | null;
  /** Our state, or null when it changes nothing of ours (still pending, a challenged card, a part refund). */
  status: Exclude<PaymentState, 'unpaid'> | null;
  paidAt: Date | null;
  /** The provider's body, kept in payments.last_callback. */
  payload: Record<string, unknown>;
}

/** A callback as it arrived: the raw bytes (signatures are over them) and its headers. */
export interface CallbackRequest {
  rawBody: Buffer;
  header(name: string): string | undefined;
}

/** The payment a state read is about. */
export interface StoredPaymentRef {
  reference: string;
  merchant_ref: string;
}

export interface PaymentProvider {
  /** Stable id: payments.provider, the prefix of payment_method and the segment of /payments/:provider/callback. */
  readonly id: string;
  /** The name the buyer reads in 'Selesaikan pembayaran melalui {provider}.' */
  readonly displayName: string;
  /** Answers without the network, so it may run inside the order's transaction. */
  readonly local: boolean;
  /** No money moves: labelled "Mode demo" wherever it shows. */
  readonly sandbox: boolean;
  /** Active and inactive channels in our shape; empty for a provider without channels. */
  channels(): Promise<Channel[]>;
  createPayment(request: PaymentRequest): Promise<NewPayment>;
  /**
   * Verifies a callback's signature (throws `callbackRefused.signature()` when it does not match)
   * and reads it; null for an event that is not about a payment's state. Absent: the provider
   * sends no callbacks.
   */
  parseCallback?(request: CallbackRequest): PaymentUpdate | null;
  /** Asks the provider for a payment's current state. Absent: nothing to ask (our own rows are the truth). */
  readState?(payment: StoredPaymentRef): Promise<PaymentUpdate>;
  /** The provider's status value (and, where it has one, its fraud verdict) in our terms; null: nothing of ours changes. */
  mapStatus(status: string, detail?: { fraud?: string | undefined }): Exclude<PaymentState, 'unpaid'> | null;
}

/** The answers an adapter gives a callback it refuses; the route turns them into 403 and 400. */
export const callbackRefused = {
  signature: () => new AppError('FORBIDDEN', 'Tanda tangan callback tidak valid.'),
  notJson: () => new AppError('BAD_REQUEST', 'Isi callback bukan JSON yang valid.'),
  incomplete: () => new AppError('BAD_REQUEST', 'Callback tidak lengkap.'),
};

/** A callback body as JSON, or the 400 every adapter answers for anything else. */
export function callbackJson(rawBody: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(rawBody.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw callbackRefused.notJson();
}

/** Where a provider sends its callbacks for this shop: the one route every provider shares. */
export const callbackUrl = (origin: string, providerId: string) => `${origin}/api/v1/payments/${providerId}/callback`;
