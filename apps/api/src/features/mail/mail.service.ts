/**
 * E-mail use cases (docs/decisions/013-payments.md, E-mail): the order and payment code queues
 * messages in its own transaction, so a message exists exactly when its order does; the outbox job
 * sends them later, outside any request, and a slow or refusing mail server never fails a checkout.
 */
import type { Order } from '@pasar/core/checkout';
import { AppError } from '@pasar/core/errors';
import { buyerMessageListLabels, mailChannelLabels, mailMessages, type OutboxList, type OutboxQuery, type MailStatus } from '@pasar/core/mail';
import type { SettingValue } from '@pasar/core/settings';
import type { StoreTimeZone } from '@pasar/core/time';
import type { Db, DbOrTx } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import type { WhatsappSender } from '../../integrations/whatsapp/whatsapp-client';
import { insertOrderEvent } from '../orders/orders.service';
import { getSetting, storeTimeZone } from '../settings/settings.service';
import { claimNextMail, countNotice, insertMail, listMail, mailExists, markMailRetry, markMailSent, releaseStaleMail, resendFailedMail, type MailRow, type NewMailRow } from './mail.repository';
import { orderPlacedBuyerMail, orderPlacedStoreMail, proofUploadedStoreMail, type MailContent, type MailContext, type MailKind } from './mail.templates';

export interface QueueContext {
  /** The shop's public address (lib/public-origin.ts: from configuration, never the request), for the links in the message. */
  origin: string;
  /** SMTP is configured: the message waits for the job (`pending`); otherwise it is `kept` for the admin. */
  smtp: boolean;
}

const DEFAULT_STORE_NAME = 'Pasar UMKM';

export type StoreMailContext = MailContext & { notifyAddress: string | undefined };

async function storeContext(db: DbOrTx, origin: string): Promise<StoreMailContext> {
  // One after the other: `db` may be the caller's transaction, which runs one query at a time.
  const profile = await getSetting(db, 'store_profile');
  const payments = await getSetting(db, 'payments');
  return storeMailContext({ profile, payments, timeZone: await storeTimeZone(db), origin });
}

/** The store's part of a message from settings the caller has already read (checkout reads them with its order, issue 15). */
export function storeMailContext(input: {
  profile: SettingValue<'store_profile'> | undefined;
  payments: SettingValue<'payments'> | undefined;
  timeZone: StoreTimeZone;
  origin: string;
}): StoreMailContext {
  const notifyAddress = input.payments?.notify_email.trim() || input.profile?.email.trim() || undefined;
  return { storeName: input.profile?.name ?? DEFAULT_STORE_NAME, origin: input.origin, notifyAddress, timeZone: input.timeZone };
}

function row(kind: MailKind, order: Order, to: string, content: MailContent, ctx: QueueContext): NewMailRow {
  return {
    kind,
    order_id: order.id,
    to_address: to,
    subject: content.subject,
    text_body: content.text,
    html_body: content.html,
    status: ctx.smtp ? 'pending' : 'kept',
  };
}

/** The buyer's confirmation with the payment instructions, and the shop's notice of the new order. */
export async function queueOrderPlacedMails(db: DbOrTx, order: Order, ctx: QueueContext): Promise<void> {
  await insertMail(db, orderPlacedMails(order, await storeContext(db, ctx.origin), ctx));
}

/** The rows `queueOrderPlacedMails` queues, for a caller that writes them in its own statement. */
export function orderPlacedMails(order: Order, store: StoreMailContext, ctx: QueueContext): NewMailRow[] {
  const rows: NewMailRow[] = [];
  const buyer = order.customer_email?.trim();
  if (buyer) rows.push(row('order_created', order, buyer, orderPlacedBuyerMail(order, store), ctx));
  if (store.notifyAddress) rows.push(row('order_created_store', order, store.notifyAddress, orderPlacedStoreMail(order, store), ctx));
  return rows;
}

/**
 * Queues one e-mail that belongs to no order (a password reset, a partner application's answer),
 * in the caller's transaction: `pending` for the job when SMTP is configured, else `kept`.
 */
export async function queueAccountMail(db: DbOrTx, mail: { kind: string; to: string; content: MailContent; smtp: boolean }): Promise<void> {
  await insertMail(db, [{ kind: mail.kind, order_id: null, to_address: mail.to, subject: mail.content.subject, text_body: mail.content.text, html_body: mail.content.html, status: mail.smtp ? 'pending' : 'kept' }]);
}

/**
 * Tells the shop that a proof of transfer waits for a check: at most one notice per order an hour,
 * the next one saying how many uploads it covers (decision 044). The upload's own time (the order
 * was read just after it) is the clock, so the hour runs on the same clock as the upload.
 */
export async function queueProofUploadedMail(db: DbOrTx, order: Order, ctx: QueueContext): Promise<void> {
  const store = await storeContext(db, ctx.origin);
  if (!store.notifyAddress) return;
  const at = order.payment?.proof_uploaded_at ? new Date(order.payment.proof_uploaded_at) : new Date();
  const { notice, covered } = await countNotice(db, { orderId: order.id, kind: 'payment_proof_store', at });
  if (!notice) return;
  await insertMail(db, [row('payment_proof_store', order, store.notifyAddress, proofUploadedStoreMail(order, store, covered), ctx)]);
}

/**
 * A run stops claiming after this much real time and leaves the rest to the next run: every claim
 * it holds stays far younger than the claim window (MAIL_CLAIM_MS) the sweep respects, a run
 * normally ends before the next tick of the default one-minute timer, and a shutdown that waits
 * for the run does not wait long. A few hundred messages still go out per run.
 */
const RUN_BUDGET_MS = 45_000;

/**
 * The outbox job: hands back messages stranded by a stopped process, then claims due messages one
 * at a time and sends them. A failed send is recorded and retried later with a back-off; the run
 * goes on with the next message. `failed` counts this run's failed sends, retried or given up.
 */
export async function sendDueMail(db: Db, mailer: Mailer, now: Date, stop?: AbortSignal): Promise<{ sent: number; failed: number }> {
  return drainOutbox(db, 'email', now, stop, (mail) => mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body }));
}

/**
 * The outbox job for WhatsApp (decision 051): the same claims, retries and give-up as e-mail, each
 * row sent as its approved template with its parameters.
 */
export async function sendDueWhatsapp(db: Db, sender: WhatsappSender, now: Date, stop?: AbortSignal): Promise<{ sent: number; failed: number }> {
  return drainOutbox(db, 'whatsapp', now, stop, async (row) => {
    if (!row.template) throw new Error('Pesan WhatsApp tanpa nama template.');
    await sender.send({ to: row.to_address, template: row.template, params: row.template_params ?? [] });
  });
}

/**
 * `stop` (a server draining on SIGTERM, docs/decisions/067-lifecycle.md) is read between messages:
 * the message being sent is finished and recorded, no other is claimed, and the rest waits for the
 * next run of whichever server goes on.
 */
async function drainOutbox(
  db: Db,
  channel: 'email' | 'whatsapp',
  now: Date,
  stop: AbortSignal | undefined,
  send: (row: MailRow) => Promise<unknown>,
): Promise<{ sent: number; failed: number }> {
  await releaseStaleMail(db, now);
  const started = performance.now();
  let sent = 0;
  let failed = 0;
  while (!stop?.aborted && performance.now() - started < RUN_BUDGET_MS) {
    const mail = await claimNextMail(db, now, channel);
    if (!mail) break;
    try {
      await send(mail);
    } catch (error) {
      await markMailRetry(db, mail, (error instanceof Error ? error.message : String(error)).slice(0, 1000), now);
      failed += 1;
      continue;
    }
    await markMailSent(db, mail.id, now);
    sent += 1;
  }
  return { sent, failed };
}

/**
 * "Kirim ulang" (issue 28): a failed message is due again at once with fresh attempts. Only a
 * failed one: a pending or sent message is not sent twice by a second click.
 */
export async function resendMail(db: Db, id: number, actor: { id: number; name: string }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const mail = await resendFailedMail(tx, id, now);
    if (!mail) {
      if (!(await mailExists(tx, id))) throw new AppError('NOT_FOUND', mailMessages.notFound);
      throw new AppError('CONFLICT', mailMessages.resendOnlyFailed);
    }
    // The order's history says who sent a message again, as it says who confirmed or cancelled.
    if (mail.order_id !== null) {
      const label = buyerMessageListLabels[mail.kind] ?? mail.kind;
      await insertOrderEvent(tx, {
        order_id: mail.order_id,
        actor_user_id: actor.id,
        actor_name: actor.name,
        kind: 'message',
        note: `Pesan "${label}" (${mailChannelLabels[mail.channel === 'whatsapp' ? 'whatsapp' : 'email']}) ke ${mail.to_address} dijadwalkan kirim ulang.`,
      });
    }
  });
}

/** The back office's view of the outbox, newest first. */
export async function listOutbox(db: DbOrTx, query: OutboxQuery, ctx: { smtp: boolean; whatsapp: boolean }): Promise<OutboxList> {
  const { rows, total } = await listMail(db, { page: query.page, pageSize: query.page_size, q: query.q, sort: query.sort, dir: query.dir });
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      order_id: r.order_id,
      channel: r.channel === 'whatsapp' ? 'whatsapp' : 'email',
      to_address: r.to_address,
      subject: r.subject,
      text_body: r.text_body,
      // The table's check constraint allows exactly these.
      status: r.status as MailStatus,
      attempts: r.attempts,
      last_error: r.last_error,
      created_at: r.created_at.toISOString(),
      sent_at: r.sent_at ? r.sent_at.toISOString() : null,
    })),
    total,
    page: query.page,
    page_size: query.page_size,
    smtp_configured: ctx.smtp,
    whatsapp_configured: ctx.whatsapp,
  };
}
