/**
 * The Tripay adapter (docs/integrations.md §2): `Authorization: Bearer <api key>`, failures as
 * `{ success: false, message }`; closed-payment signature = HMAC-SHA256(private key,
 * merchant code + merchant ref + amount) in lowercase hex; callbacks signed over the raw body
 * (hmac-callback.ts); channels read into our shape here and nowhere else.
 */
import { createHmac } from 'node:crypto';
import { stepFromHtml } from '@pasar/core/checkout';
import type { PaymentChannelKind } from '@pasar/core/payments';
import { ProviderFailure, providerFetch, TtlCache } from '../http';
import { hmacStatus, readHmacCallback } from './hmac-callback';
import type { GatewayTransaction } from './sandbox-gateway';
import { callbackUrl, type Channel, type NewPayment, type PaymentProvider, type PaymentRequest, type PaymentUpdate } from './provider';

/** The id stored in payments.provider and sent as payment_method's prefix; rows written before decision 074 carry it too. */
export const TRIPAY_ID = 'tripay';

export interface TripayConfig {
  apiKey: string;
  privateKey: string;
  merchantCode: string;
  baseUrl: string;
  timeoutMs: number;
}

export function tripaySignature(privateKey: string, merchantCode: string, merchantRef: string, amount: number): string {
  return createHmac('sha256', privateKey).update(`${merchantCode}${merchantRef}${amount}`).digest('hex');
}

interface TripayAnswer<T> {
  success?: boolean;
  message?: string;
  data?: T;
}

export interface TripayCreateInput {
  method: string;
  merchantRef: string;
  amount: number;
  customerName: string;
  customerEmail: string;
  customerPhone?: string | null;
  orderItems: { name: string; price: number; quantity: number }[];
  callbackUrl: string;
  returnUrl: string;
  expiredTime: number;
}

/** Tripay's group names ('Virtual Account', 'E-Wallet', 'Convenience Store') in our terms; its QRIS channels are QRIS whatever their group. */
function channelKind(group: string, code: string): PaymentChannelKind {
  if (code.startsWith('QRIS')) return 'qris';
  const kinds: Record<string, PaymentChannelKind> = { 'Virtual Account': 'virtual_account', 'E-Wallet': 'e_wallet', 'Convenience Store': 'retail' };
  return Object.hasOwn(kinds, group) ? kinds[group]! : 'other';
}

export class TripayClient {
  private readonly channelCache = new TtlCache<Channel[]>(5 * 60 * 1000);

  constructor(private readonly config: TripayConfig) {}

  private url(path: string): string {
    return `${this.config.baseUrl.replace(/\/$/, '')}/${path}`;
  }

  private async call<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
    const { json, status } = await providerFetch(this.url(path), {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${this.config.apiKey}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      timeoutMs: this.config.timeoutMs,
      // Creating a transaction twice could charge twice: only reads are retried.
      retries: init.method === 'POST' ? 0 : 1,
    });
    const answer = json as TripayAnswer<T> | undefined;
    if (!answer?.success || answer.data === undefined) throw new ProviderFailure(answer?.message ?? `Tripay answered ${status}`, 'provider', status);
    return answer.data;
  }

  channels(): Promise<Channel[]> {
    return this.channelCache.get('channels', async () => {
      const data = await this.call<
        { group: string; code: string; name: string; type: string; fee_customer?: { flat?: number; percent?: number | string }; minimum_amount?: number; maximum_amount?: number; icon_url?: string; active?: boolean }[]
      >('merchant/payment-channel');
      return data.map((c) => ({
        kind: channelKind(c.group, c.code),
        code: c.code,
        name: c.name,
        type: c.type === 'redirect' ? 'redirect' : 'direct',
        fee_customer: { flat: Number(c.fee_customer?.flat ?? 0), percent: Number(c.fee_customer?.percent ?? 0) },
        minimum_amount: Number(c.minimum_amount ?? 0),
        maximum_amount: Number(c.maximum_amount ?? Number.MAX_SAFE_INTEGER),
        icon_url: c.icon_url ?? null,
        active: c.active !== false,
      }));
    });
  }

  /** GET transaction/detail: the transaction's current status (UNPAID, PAID, EXPIRED, FAILED, REFUND). */
  async transactionStatus(reference: string): Promise<{ reference: string; merchant_ref?: string; status: string; paid_at?: number | null }> {
    return this.call(`transaction/detail?reference=${encodeURIComponent(reference)}`);
  }

  async createTransaction(input: TripayCreateInput): Promise<GatewayTransaction> {
    const data = await this.call<{
      reference: string;
      payment_name: string;
      pay_code?: string | number | null;
      pay_url?: string | null;
      checkout_url?: string | null;
      qr_url?: string | null;
      instructions?: { title: string; steps: string[] }[];
      expired_time?: number;
    }>('transaction/create', {
      method: 'POST',
      body: {
        method: input.method,
        merchant_ref: input.merchantRef,
        amount: input.amount,
        customer_name: input.customerName,
        customer_email: input.customerEmail,
        ...(input.customerPhone ? { customer_phone: input.customerPhone } : {}),
        order_items: input.orderItems,
        callback_url: input.callbackUrl,
        return_url: input.returnUrl,
        expired_time: input.expiredTime,
        signature: tripaySignature(this.config.privateKey, this.config.merchantCode, input.merchantRef, input.amount),
      },
    });
    return {
      reference: data.reference,
      payment_name: data.payment_name,
      pay_code: data.pay_code === null || data.pay_code === undefined ? null : String(data.pay_code),
      pay_url: data.pay_url ?? null,
      checkout_url: data.checkout_url ?? null,
      // Tripay's sandbox puts the literal 'SANDBOX MODE' in qr_string: show qr_url instead (docs/integrations.md).
      qr_url: data.qr_url ?? null,
      // Tripay writes its steps in HTML: read once here into words and bold, so no client parses gateway markup.
      instructions: (data.instructions ?? []).map((ins) => ({ title: ins.title, steps: ins.steps.map(stepFromHtml) })),
      expires_at: new Date((data.expired_time ?? Math.floor(Date.now() / 1000) + 86400) * 1000),
    };
  }
}

/** Tripay behind the one provider interface: a network call, so it runs after the order commits. */
export function tripayProvider(config: TripayConfig, client = new TripayClient(config)): PaymentProvider {
  return {
    id: TRIPAY_ID,
    displayName: 'Tripay',
    local: false,
    sandbox: false,
    channels: () => client.channels(),
    async createPayment(request: PaymentRequest): Promise<NewPayment> {
      if (!request.channel) throw new Error('Tripay needs a channel');
      const trx = await client.createTransaction({
        method: request.channel.code,
        merchantRef: request.merchantRef,
        amount: request.amount,
        customerName: request.customer.name,
        customerEmail: request.customer.email,
        customerPhone: request.customer.phone,
        orderItems: request.items,
        callbackUrl: callbackUrl(request.origin, TRIPAY_ID),
        returnUrl: `${request.origin}${request.orderPath}`,
        expiredTime: Math.floor(request.now.getTime() / 1000) + 24 * 60 * 60,
      });
      return { ...trx, provider: TRIPAY_ID, channel_code: request.channel.code, amount: request.amount, fee_customer: request.fee, bank_accounts: [], transfer_note: null };
    },
    parseCallback: (request) => readHmacCallback(request, config.privateKey),
    async readState(payment): Promise<PaymentUpdate> {
      const detail = await client.transactionStatus(payment.reference);
      const status = hmacStatus(detail.status);
      return {
        reference: detail.reference,
        merchantRef: detail.merchant_ref ?? null,
        amount: null,
        status,
        paidAt: status === 'paid' && typeof detail.paid_at === 'number' ? new Date(detail.paid_at * 1000) : null,
        payload: detail,
      };
    },
    mapStatus: (status) => hmacStatus(status),
  };
}
