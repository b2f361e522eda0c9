/**
 * The Midtrans adapter, Snap (docs/integrations.md §2b): the server key as the Basic-auth user with
 * an empty password; `POST {snap}/snap/v1/transactions` with `transaction_details { order_id,
 * gross_amount }`, `item_details`, `customer_details` and `enabled_payments` answers 201
 * `{ token, redirect_url }`, failures `{ error_messages: [...] }`; a notification is trusted when
 * `signature_key = SHA512(order_id + status_code + gross_amount + server key)` (hex, the strings
 * as sent); `GET {api}/v2/{order_id}/status` reads a transaction's state.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { step, strong } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import type { PaymentChannelKind } from '@pasar/core/payments';
import { ProviderFailure, providerFetch } from '../http';
import { callbackJson, callbackRefused, callbackUrl, type Channel, type NewPayment, type PaymentProvider, type PaymentRequest, type PaymentState, type PaymentUpdate } from './provider';

export const MIDTRANS_ID = 'midtrans';

export interface MidtransConfig {
  serverKey: string;
  /** Snap's host: https://app.sandbox.midtrans.com or https://app.midtrans.com. */
  snapUrl: string;
  /** The Core API's host, for status reads: https://api.sandbox.midtrans.com or https://api.midtrans.com. */
  apiUrl: string;
  /** The `enabled_payments` values offered; empty: all of `midtransChannels`. */
  channels: string[];
  timeoutMs: number;
}

const channel = (kind: PaymentChannelKind, code: string, name: string, type: Channel['type']): Channel => ({
  kind,
  code,
  name,
  type,
  // Snap charges its fee to the merchant: the buyer pays the order's amount and nothing on top.
  fee_customer: { flat: 0, percent: 0 },
  minimum_amount: 1,
  maximum_amount: Number.MAX_SAFE_INTEGER,
  icon_url: null,
  active: true,
});

/** The channels offered through Snap, each code an `enabled_payments` value: QRIS, e-wallets, virtual accounts. */
export const midtransChannels: Channel[] = [
  channel('qris', 'qris', 'QRIS (semua e-wallet & m-banking)', 'redirect'),
  channel('e_wallet', 'gopay', 'GoPay', 'redirect'),
  channel('e_wallet', 'shopeepay', 'ShopeePay', 'redirect'),
  channel('virtual_account', 'bca_va', 'BCA Virtual Account', 'redirect'),
  channel('virtual_account', 'bni_va', 'BNI Virtual Account', 'redirect'),
  channel('virtual_account', 'bri_va', 'BRI Virtual Account', 'redirect'),
  channel('virtual_account', 'permata_va', 'Permata Virtual Account', 'redirect'),
  channel('virtual_account', 'echannel', 'Mandiri Bill Payment', 'redirect'),
];

/** signature_key of a notification: SHA-512 hex of order_id + status_code + gross_amount + server key. */
export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

/**
 * transaction_status in our terms: settlement, or capture with the fraud check accepted, is paid;
 * pending (and a challenged capture, which an operator still decides) changes nothing; deny, cancel
 * and failure are failed; expire is expired; refund is refunded. A part refund leaves the payment
 * paid: the part is recorded by hand in the order's refunds.
 */
export function midtransStatus(status: string, detail?: { fraud?: string | undefined }): Exclude<PaymentState, 'unpaid'> | null {
  switch (status) {
    case 'settlement':
      return 'paid';
    case 'capture':
      return detail?.fraud === undefined || detail.fraud === 'accept' ? 'paid' : null;
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    case 'refund':
      return 'refunded';
    default:
      return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** Midtrans writes times as "2026-11-28 10:00:00" in Jakarta time (UTC+7). */
function jakartaTime(value: unknown): Date | null {
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value) : null;
  return m ? new Date(`${m[1]}T${m[2]}+07:00`) : null;
}

/** A notification or a status answer, read into our terms. */
function updateOf(body: Record<string, unknown>): PaymentUpdate {
  const orderId = text(body.order_id);
  const transactionStatus = text(body.transaction_status);
  if (!orderId || !transactionStatus) throw callbackRefused.incomplete();
  const status = midtransStatus(transactionStatus, { fraud: text(body.fraud_status) });
  const gross = Number(text(body.gross_amount) ?? Number.NaN);
  return {
    // Snap gives no transaction id before the buyer pays: our payment is known by its order_id.
    reference: orderId,
    merchantRef: orderId,
    // gross_amount is inside the signature ("650000.00"): a body signed for another amount is not this payment's.
    amount: Number.isFinite(gross) ? gross : null,
    status,
    paidAt: status === 'paid' ? (jakartaTime(body.settlement_time) ?? jakartaTime(body.transaction_time)) : null,
    payload: body,
  };
}

export class MidtransClient {
  constructor(private readonly config: MidtransConfig) {}

  private get authorization(): string {
    return `Basic ${Buffer.from(`${this.config.serverKey}:`).toString('base64')}`;
  }

  private async call(url: string, init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; json: Record<string, unknown> }> {
    const { json, status } = await providerFetch(url, {
      method: init.method,
      headers: { Accept: 'application/json', Authorization: this.authorization, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      timeoutMs: this.config.timeoutMs,
      // Creating a transaction twice could charge twice: only reads are retried.
      retries: init.method === 'POST' ? 0 : 1,
    });
    const answer = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
    return { status, json: answer };
  }

  /** Midtrans' words for a refusal: Snap's error_messages, or the Core API's status_message. */
  private static refusal(json: Record<string, unknown>, status: number): string {
    if (Array.isArray(json.error_messages)) return json.error_messages.join('; ');
    return text(json.status_message) ?? `Midtrans answered ${status}`;
  }

  channels(): Channel[] {
    const allowed = this.config.channels;
    return allowed.length === 0 ? midtransChannels : midtransChannels.filter((c) => allowed.includes(c.code));
  }

  /** Opens a Snap transaction; its redirect_url is the page where the buyer pays. */
  async createSnap(input: {
    orderId: string;
    amount: number;
    items: { name: string; price: number; quantity: number }[];
    customer: { name: string; email: string; phone: string | null };
    enabledPayment: string;
    notificationUrl: string;
    finishUrl: string;
  }): Promise<{ token: string; redirectUrl: string }> {
    const { status, json } = await this.call(`${this.config.snapUrl.replace(/\/$/, '')}/snap/v1/transactions`, {
      method: 'POST',
      // Each transaction names its own notification URL, so the operator need not set one in the dashboard.
      headers: { 'X-Override-Notification': input.notificationUrl },
      body: {
        transaction_details: { order_id: input.orderId, gross_amount: input.amount },
        // Snap refuses item names over 50 characters and items that do not add up to gross_amount.
        item_details: input.items.map((item, i) => ({ id: String(i + 1), name: item.name.slice(0, 50), price: item.price, quantity: item.quantity })),
        customer_details: { first_name: input.customer.name.slice(0, 255), email: input.customer.email, ...(input.customer.phone ? { phone: input.customer.phone } : {}) },
        enabled_payments: [input.enabledPayment],
        callbacks: { finish: input.finishUrl },
        expiry: { unit: 'hours', duration: 24 },
      },
    });
    if (typeof json.token !== 'string' || typeof json.redirect_url !== 'string') throw new ProviderFailure(MidtransClient.refusal(json, status), 'provider', status);
    return { token: json.token, redirectUrl: json.redirect_url };
  }

  /** GET /v2/{order_id}/status. Midtrans may answer HTTP 200 with its own status_code 404 for an unknown order. */
  async status(orderId: string): Promise<Record<string, unknown>> {
    const { status, json } = await this.call(`${this.config.apiUrl.replace(/\/$/, '')}/v2/${encodeURIComponent(orderId)}/status`, { method: 'GET' });
    if (status >= 400 || typeof json.transaction_status !== 'string') {
      throw new ProviderFailure(MidtransClient.refusal(json, status), 'provider', Number(text(json.status_code) ?? status));
    }
    return json;
  }
}

/** Verifies a notification's signature_key with a constant-time compare. */
function signatureValid(body: Record<string, unknown>, serverKey: string): boolean {
  const given = text(body.signature_key);
  const [orderId, statusCode, grossAmount] = [text(body.order_id), text(body.status_code), text(body.gross_amount)];
  if (!given || orderId === undefined || statusCode === undefined || grossAmount === undefined) return false;
  const expected = Buffer.from(midtransSignature(orderId, statusCode, grossAmount, serverKey));
  const actual = Buffer.from(given.trim().toLowerCase());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Midtrans behind the one provider interface: a network call, so it runs after the order commits. */
export function midtransProvider(config: MidtransConfig, client = new MidtransClient(config)): PaymentProvider {
  return {
    id: MIDTRANS_ID,
    displayName: 'Midtrans',
    local: false,
    sandbox: false,
    channels: () => Promise.resolve(client.channels()),
    async createPayment(request: PaymentRequest): Promise<NewPayment> {
      const chosen = request.channel;
      if (!chosen) throw new Error('Midtrans needs a channel');
      const snap = await client.createSnap({
        orderId: request.merchantRef,
        amount: request.amount,
        items: request.items,
        customer: request.customer,
        enabledPayment: chosen.code,
        notificationUrl: callbackUrl(request.origin, MIDTRANS_ID),
        finishUrl: `${request.origin}${request.orderPath}`,
      });
      return {
        provider: MIDTRANS_ID,
        channel_code: chosen.code,
        reference: request.merchantRef,
        payment_name: chosen.name,
        amount: request.amount,
        fee_customer: request.fee,
        pay_code: null,
        pay_url: snap.redirectUrl,
        checkout_url: snap.redirectUrl,
        qr_url: null,
        instructions: [
          {
            title: `Bayar dengan ${chosen.name}`,
            steps: [
              step('Buka halaman pembayaran Midtrans.'),
              step(`Ikuti petunjuk ${chosen.name} di halaman itu.`),
              step('Pastikan jumlahnya ', strong(formatRupiah(request.amount)), ', lalu konfirmasi.'),
            ],
          },
        ],
        bank_accounts: [],
        transfer_note: null,
        expires_at: new Date(request.now.getTime() + 24 * 60 * 60 * 1000),
      };
    },
    parseCallback(request) {
      // The signature first: nothing of an unsigned body is read (a body that is not JSON has none).
      let body: Record<string, unknown>;
      try {
        body = callbackJson(request.rawBody);
      } catch {
        throw callbackRefused.signature();
      }
      if (!signatureValid(body, config.serverKey)) throw callbackRefused.signature();
      return updateOf(body);
    },
    async readState(payment) {
      return updateOf(await client.status(payment.merchant_ref));
    },
    mapStatus: (status, detail) => midtransStatus(status, detail),
  };
}
