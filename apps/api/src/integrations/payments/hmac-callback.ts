/**
 * The HMAC-signed callback protocol (docs/integrations.md §2): the signature is HMAC-SHA256 of the
 * RAW body with the provider's private key in `X-Callback-Signature`, only the `payment_status`
 * event in `X-Callback-Event` counts, and the body carries `reference`, `merchant_ref`, `status`
 * (PAID, EXPIRED, FAILED, REFUND) and `paid_at` (unix seconds). One gateway defines it and the
 * embedded sandbox imitates it on purpose, so both adapters read callbacks with this one reader.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { callbackJson, callbackRefused, type CallbackRequest, type PaymentState, type PaymentUpdate } from './provider';

/** HMAC-SHA256 of the raw body with the private key, lowercase hex. */
export function callbackSignature(rawBody: string | Buffer, privateKey: string): string {
  return createHmac('sha256', privateKey).update(rawBody).digest('hex');
}

export function signatureMatches(rawBody: Buffer, signature: string | undefined, privateKey: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(callbackSignature(rawBody, privateKey));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const statusMap: Record<string, Exclude<PaymentState, 'unpaid'>> = { PAID: 'paid', EXPIRED: 'expired', FAILED: 'failed', REFUND: 'refunded' };

/** PAID → paid, EXPIRED → expired, FAILED → failed, REFUND → refunded; UNPAID and anything else: null. */
export function hmacStatus(status: string): Exclude<PaymentState, 'unpaid'> | null {
  return Object.hasOwn(statusMap, status) ? statusMap[status]! : null;
}

/** Verifies (403 before anything is read) and reads one callback; null for another event. */
export function readHmacCallback(request: CallbackRequest, privateKey: string): PaymentUpdate | null {
  if (!signatureMatches(request.rawBody, request.header('x-callback-signature'), privateKey)) throw callbackRefused.signature();
  if (request.header('x-callback-event') !== 'payment_status') return null;
  const payload = callbackJson(request.rawBody);
  const status = hmacStatus(String(payload.status));
  if (typeof payload.reference !== 'string' || !status) throw callbackRefused.incomplete();
  return {
    reference: payload.reference,
    merchantRef: typeof payload.merchant_ref === 'string' ? payload.merchant_ref : null,
    // The signature covers the whole body, and total_amount's meaning (fees in or out) is the provider's: matched by the refs.
    amount: null,
    status,
    paidAt: status === 'paid' && typeof payload.paid_at === 'number' ? new Date(payload.paid_at * 1000) : null,
    payload,
  };
}
