/**
 * The embedded sandbox payment gateway: offers a few channels, creates transactions with a local
 * pay page, and signs its callbacks with the HMAC protocol a real gateway uses (hmac-callback.ts),
 * so the online flow runs end to end offline (docs/decisions/013-payments.md). Never used when a
 * real gateway is configured, and only in the demo shop or with PAYMENT_SANDBOX=true (registry.ts).
 */
import { randomBytes } from 'node:crypto';
import { step, strong, type PaymentInstruction } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { hmacStatus, readHmacCallback } from './hmac-callback';
import type { Channel, NewPayment, PaymentProvider, PaymentRequest } from './provider';

export { callbackSignature } from './hmac-callback';
export type { Channel } from './provider';

/** Sandbox only: signs the local pay page's callbacks. Real money never passes through it. */
export const SANDBOX_PRIVATE_KEY = 'pasar-umkm-sandbox-private-key';
/**
 * The name shoppers read (the payment chooser, the success message, the pay page): plain words,
 * not the operator's "sandbox" (issue 16); not in the spec. The server's start-up log still says
 * sandbox for the operator (registry.ts).
 */
export const SANDBOX_PROVIDER_NAME = 'Pembayaran online (demo)';

export const sandboxChannels: Channel[] = [
  { kind: 'qris', code: 'QRIS', name: 'QRIS (semua e-wallet & m-banking)', type: 'direct', fee_customer: { flat: 750, percent: 0.7 }, minimum_amount: 1_000, maximum_amount: 5_000_000, icon_url: null, active: true },
  { kind: 'virtual_account', code: 'BRIVA', name: 'BRI Virtual Account', type: 'direct', fee_customer: { flat: 4_250, percent: 0 }, minimum_amount: 10_000, maximum_amount: 50_000_000, icon_url: null, active: true },
  { kind: 'virtual_account', code: 'BCAVA', name: 'BCA Virtual Account', type: 'direct', fee_customer: { flat: 5_500, percent: 0 }, minimum_amount: 10_000, maximum_amount: 50_000_000, icon_url: null, active: true },
];

export interface CreateTransactionInput {
  method: string;
  merchantRef: string;
  amount: number;
  customerName: string;
  customerEmail: string;
  origin: string;
}

export interface GatewayTransaction {
  reference: string;
  payment_name: string;
  pay_code: string | null;
  pay_url: string | null;
  checkout_url: string | null;
  qr_url: string | null;
  instructions: PaymentInstruction[];
  expires_at: Date;
}

export function createSandboxTransaction(input: CreateTransactionInput, now: Date): GatewayTransaction {
  const channel = sandboxChannels.find((c) => c.code === input.method);
  if (!channel) throw new Error(`unknown sandbox channel ${input.method}`);
  const reference = `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;
  const payUrl = `${input.origin}/api/v1/payments/sandbox/pay/${reference}`;
  const payCode = channel.kind === 'virtual_account' ? `8808${randomBytes(5).readUIntBE(0, 5).toString().padStart(12, '0').slice(0, 12)}` : null;
  const steps =
    channel.code === 'QRIS'
      ? [step('Buka halaman pembayaran.'), step('Pindai kode QRIS dengan aplikasi e-wallet atau m-banking Anda.'), step('Pastikan jumlahnya ', strong(formatRupiah(input.amount)), ', lalu konfirmasi.')]
      : [
          step(`Masuk ke aplikasi atau ATM ${channel.name.replace(' Virtual Account', '')}.`),
          step('Pilih pembayaran Virtual Account, masukkan nomor ', strong(payCode ?? ''), '.'),
          step('Pastikan jumlahnya ', strong(formatRupiah(input.amount)), ', lalu konfirmasi.'),
        ];
  return {
    reference,
    payment_name: channel.name,
    pay_code: payCode,
    pay_url: payUrl,
    checkout_url: payUrl,
    qr_url: null,
    instructions: [{ title: `Bayar dengan ${channel.name} (Mode demo — tidak ada uang yang berpindah)`, steps }],
    expires_at: new Date(now.getTime() + 24 * 60 * 60 * 1000),
  };
}

/** The sandbox behind the one provider interface; registered only on purpose (registry.ts). */
export const sandboxGateway: PaymentProvider = {
  id: 'sandbox',
  displayName: SANDBOX_PROVIDER_NAME,
  local: true,
  sandbox: true,
  channels: () => Promise.resolve(sandboxChannels),
  createPayment(request: PaymentRequest): Promise<NewPayment> {
    if (!request.channel) throw new Error('the sandbox needs a channel');
    const trx = createSandboxTransaction(
      { method: request.channel.code, merchantRef: request.merchantRef, amount: request.amount, customerName: request.customer.name, customerEmail: request.customer.email, origin: request.origin },
      request.now,
    );
    return Promise.resolve({ ...trx, provider: 'sandbox', channel_code: request.channel.code, amount: request.amount, fee_customer: request.fee, bank_accounts: [], transfer_note: null });
  },
  // Its pay page signs with the public sandbox key: registered only where no money can move (registry.ts).
  parseCallback: (request) => readHmacCallback(request, SANDBOX_PRIVATE_KEY),
  mapStatus: (status) => hmacStatus(status),
};
