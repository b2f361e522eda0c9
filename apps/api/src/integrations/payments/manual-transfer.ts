/**
 * Manual bank transfer, the shop's default payment: the buyer transfers the exact amount to one of
 * the store's accounts with the order number as the note, uploads a proof, and an admin confirms.
 */
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import type { NewPayment, PaymentProvider, PaymentRequest } from './provider';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const manualTransfer: PaymentProvider = {
  id: 'manual',
  displayName: 'Transfer bank manual',
  local: true,
  sandbox: false,
  callbackKey: null,
  channels: () => Promise.resolve([]),
  createPayment(request: PaymentRequest): Promise<NewPayment> {
    const note = `Pesanan #${request.orderId}`;
    const accounts = request.bankAccounts.map((a) => `<b>${escape(a.bank_name)} ${escape(a.account_number)}</b> a.n. <b>${escape(a.account_name)}</b>`);
    return Promise.resolve({
      provider: 'manual',
      channel_code: null,
      reference: `MAN-${request.orderId}`,
      payment_name: 'Transfer bank manual',
      amount: request.amount,
      fee_customer: 0,
      pay_code: null,
      pay_url: null,
      checkout_url: null,
      qr_url: null,
      instructions: [
        {
          title: 'Transfer bank manual',
          steps: [
            accounts.length > 0
              ? `Transfer tepat <b>${formatRupiah(request.amount)}</b> ke rekening ${accounts.join(' atau ')}.`
              : `Transfer tepat <b>${formatRupiah(request.amount)}</b>; hubungi toko untuk nomor rekening.`,
            `Tulis berita transfer: <b>${note}</b>.`,
            `Bayar sebelum <b>${formatDateTime(request.deadline)}</b>; setelah itu pesanan dibatalkan otomatis.`,
            'Unggah bukti transfer di halaman pesanan; admin mengonfirmasi setelah dana diterima.',
          ],
        },
      ],
      bank_accounts: request.bankAccounts,
      transfer_note: note,
      expires_at: request.deadline,
    });
  },
};
