/**
 * Manual bank transfer, the shop's default payment: the buyer transfers the exact amount to one of
 * the store's accounts with the order number as the note, uploads a proof, and an admin confirms.
 */
import { step, strong, type StepSegment } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import type { NewPayment, PaymentProvider, PaymentRequest } from './provider';

export const manualTransfer: PaymentProvider = {
  id: 'manual',
  displayName: 'Transfer bank manual',
  local: true,
  sandbox: false,
  channels: () => Promise.resolve([]),
  createPayment(request: PaymentRequest): Promise<NewPayment> {
    const note = `Pesanan #${request.orderId}`;
    const accounts = request.bankAccounts.flatMap((a, i): (string | StepSegment)[] => [i > 0 ? ' atau ' : '', strong(`${a.bank_name} ${a.account_number}`), ' a.n. ', strong(a.account_name)]);
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
              ? step('Transfer tepat ', strong(formatRupiah(request.amount)), ' ke rekening ', ...accounts, '.')
              : step('Transfer tepat ', strong(formatRupiah(request.amount)), '; hubungi toko untuk nomor rekening.'),
            step('Tulis berita transfer: ', strong(note), '.'),
            step('Bayar sebelum ', strong(formatDateTime(request.deadline)), '; setelah itu pesanan dibatalkan otomatis.'),
            step('Unggah bukti transfer di halaman pesanan; admin mengonfirmasi setelah dana diterima.'),
          ],
        },
      ],
      bank_accounts: request.bankAccounts,
      transfer_note: note,
      expires_at: request.deadline,
    });
  },
  // An admin confirms a transfer (payments.service confirmManualPayment): no provider status to map.
  mapStatus: () => null,
};
