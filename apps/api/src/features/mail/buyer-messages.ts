/**
 * The one place that decides what the buyer is told after ordering (issue 28, decision 051): each
 * step of the order queues an e-mail and, when the buyer gave a mobile number, a WhatsApp message,
 * in the caller's transaction, each at most once (its dedupe key), so a step told twice or by two
 * racing processes leaves one message per channel.
 */
import { BUYER_MESSAGE_KINDS, buyerMessageListLabels, buyerMessageText, buyerWhatsappTemplate, type BuyerFacts, type BuyerMessageItem, type BuyerMessageKind, type MailStatus } from '@pasar/core/mail';
import { defaultPaymentSettings, orderPath, whatsappNumber } from '@pasar/core/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { publicOrigin } from '../../lib/public-origin';
import { getSetting, storeTimeZone } from '../settings/settings.service';
import { buyerMessageFacts, buyerMessagesOf, insertMailOnce, ordersDueForReminder, type NewBuyerMessageRow } from './mail.repository';
import { buyerStepMail } from './mail.templates';

export { BUYER_MESSAGE_KINDS, type BuyerMessageKind };

export interface BuyerMessageContext {
  /** The shop's public address for the order link (lib/public-origin.ts). */
  origin: string;
  /** SMTP is configured: the e-mail waits for the job (`pending`); otherwise it is `kept`. */
  smtp: boolean;
  /** WhatsApp Cloud API is configured; otherwise the WhatsApp message is `kept` in the outbox. */
  whatsapp: boolean;
}

let registered: BuyerMessageContext | undefined;

/**
 * The context callers that do not pass one get: set from the configuration when the app is built
 * and when the jobs start, so the shipment, payment and expiry code need not carry the
 * configuration down to every place that tells the buyer something.
 */
export function useBuyerMessageConfig(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'SMTP_URL' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID'>): void {
  registered = buyerMessageContext(config);
}

export function buyerMessageContext(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'SMTP_URL' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID'>): BuyerMessageContext {
  return { origin: publicOrigin(config), smtp: Boolean(config.SMTP_URL), whatsapp: Boolean(config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID) };
}

/** Nothing configured (a bare test of a service): messages are kept, links point at the default address. */
const fallback: BuyerMessageContext = { origin: 'http://localhost:3000', smtp: false, whatsapp: false };

export interface BuyerMessageInput {
  kind: BuyerMessageKind;
  orderId: number;
  /** The shipment a shipment_shipped / shipment_delivered message is about (one per shipment). */
  shipmentId?: number;
  /** proof_rejected: the admin's reason (else the payment's recorded reason). */
  reason?: string;
}

/**
 * `payment_received:42:email`, `shipment_shipped:42:7:whatsapp`. A step that may rightly happen
 * again names its occurrence: each rejected proof is told (`proof_rejected:42:<upload time>:email`),
 * the same rejection only once.
 */
export function buyerDedupeKey(input: Pick<BuyerMessageInput, 'kind' | 'orderId' | 'shipmentId'> & { occurrence?: string | number }, channel: 'email' | 'whatsapp'): string {
  const parts = [input.kind, input.orderId, ...(input.shipmentId === undefined ? [] : [input.shipmentId]), ...(input.occurrence === undefined ? [] : [input.occurrence])];
  return [...parts, channel].join(':');
}

/** A WhatsApp number only for a mobile (08…, +628…): a landline cannot receive the message. */
export function mobileNumber(phone: string | null | undefined): string | null {
  const number = whatsappNumber(phone);
  return number?.startsWith('628') ? number : null;
}

/**
 * Queues the buyer's message for one step of an order. Callable inside the caller's transaction
 * (the message exists exactly when the step does). A POS sale, or an order without an e-mail and
 * a mobile number, tells nobody. Answers how many rows it added (0 when already queued).
 */
export async function queueBuyerMessage(db: DbOrTx, input: BuyerMessageInput, ctx: BuyerMessageContext = registered ?? fallback): Promise<number> {
  const found = await buyerMessageFacts(db, input.orderId, input.shipmentId);
  if (!found || found.order.order_type === 'pos') return 0;
  const { order, shipment } = found;
  // One after the other: `db` may be the caller's transaction, which runs one query at a time.
  const profile = await getSetting(db, 'store_profile');
  const timeZone = await storeTimeZone(db);
  const storeName = profile?.name ?? 'Pasar UMKM';
  const path = order.access_token ? orderPath(order.access_token) : order.user_id !== null ? `/pesanan/${order.id}` : null;
  const facts: BuyerFacts = {
    orderId: order.id,
    buyerName: order.shipping_name ?? order.customer_name,
    storeName,
    totalAmount: order.total_amount,
    uniqueCode: order.unique_code,
    paymentDueAt: order.payment_due_at ? order.payment_due_at.toISOString() : null,
    reason: input.reason ?? found.rejectionReason,
    courierName: shipment?.courier_name ?? null,
    service: shipment?.service ?? null,
    trackingNumber: shipment?.tracking_number ?? null,
    orderUrl: path ? `${ctx.origin.replace(/\/+$/, '')}${path}` : null,
    timeZone,
  };

  const mail = buyerStepMail(input.kind, facts, { storeName });
  const key = { ...input, ...(input.kind === 'proof_rejected' && found.proofUploadedAt ? { occurrence: found.proofUploadedAt.getTime() } : {}) };
  const rows: NewBuyerMessageRow[] = [];
  const email = (order.customer_email ?? order.guest_email)?.trim();
  if (email) {
    rows.push({
      kind: input.kind,
      order_id: order.id,
      channel: 'email',
      dedupe_key: buyerDedupeKey(key, 'email'),
      to_address: email,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: ctx.smtp ? 'pending' : 'kept',
    });
  }
  const phone = mobileNumber(order.shipping_phone) ?? mobileNumber(order.customer_phone);
  if (phone) {
    const template = buyerWhatsappTemplate(input.kind, facts);
    rows.push({
      kind: input.kind,
      order_id: order.id,
      channel: 'whatsapp',
      dedupe_key: buyerDedupeKey(key, 'whatsapp'),
      to_address: phone,
      subject: mail.subject,
      // What the buyer reads: the same sentence as the e-mail's opening, link included.
      text_body: buyerMessageText(input.kind, facts),
      html_body: '',
      template: template.name,
      template_params: template.params,
      status: ctx.whatsapp ? 'pending' : 'kept',
    });
  }
  return insertMailOnce(db, rows);
}

/**
 * The reminder job's one run: unpaid orders whose deadline falls within the setting's hours
 * (payment_reminder_hours, 0 = off) get one reminder. Each insert is once-only by its key, so two
 * processes running this at once still queue one reminder per order and channel. Answers the
 * orders reminded by this run.
 */
export async function queuePaymentReminders(db: DbOrTx, now: Date, batch = 200): Promise<number[]> {
  const hours = (await getSetting(db, 'payments'))?.payment_reminder_hours ?? defaultPaymentSettings.payment_reminder_hours;
  if (hours <= 0) return [];
  const reminded: number[] = [];
  for (const orderId of await ordersDueForReminder(db, now, hours, batch)) {
    if ((await queueBuyerMessage(db, { kind: 'payment_reminder', orderId })) > 0) reminded.push(orderId);
  }
  return reminded;
}

/** What the buyer's order page lists: the confirmation and the step messages about the order, by channel, without bodies. */
export async function buyerMessages(db: DbOrTx, orderId: number): Promise<BuyerMessageItem[]> {
  // Only what went to the buyer: the shop's own notices about the order stay the shop's.
  const rows = await buyerMessagesOf(db, orderId, Object.keys(buyerMessageListLabels));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    label: buyerMessageListLabels[r.kind] ?? r.kind,
    channel: r.channel === 'whatsapp' ? 'whatsapp' : 'email',
    // The table's check constraint allows exactly these.
    status: r.status as MailStatus,
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at ? r.sent_at.toISOString() : null,
  }));
}
