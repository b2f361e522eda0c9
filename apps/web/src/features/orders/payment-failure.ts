/** Words the order screen's payment parts share: a refused action's message and a method's name. */
import { posPaymentLabels, type PosPaymentMethod } from '@pasar/core/pos';
import { failureMessage } from '../../components/form';
import { ApiError } from '../../lib/api-client';

const paymentFailed = 'Gagal memproses pembayaran. Silakan coba lagi.';

export const methodLabel = (m: string) => posPaymentLabels[m as PosPaymentMethod] ?? (m === 'manual' ? 'Transfer manual' : m);

/** The message of a refused payment action: the server's own words for a 4xx (a 409 says who changed what). */
export function paymentFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return failureMessage(error, paymentFailed);
}

/** What a payment action says in the panel. */
export interface PanelMessage {
  tone: 'ok' | 'error';
  text: string;
}
