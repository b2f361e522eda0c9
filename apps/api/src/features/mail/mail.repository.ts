/**
 * The only SQL for the e-mail outbox (docs/decisions/013-payments.md, E-mail).
 *
 * A row's life: `kept` (no SMTP, never sent by the job) or `pending` → `sending` (claimed by one
 * process) → `sent`, or back to `pending` later after a failure, or `failed` after the last
 * attempt. While a row is `sending`, `next_attempt_at` holds the end of the claim: a process that
 * died mid-send leaves the row there, and the sweep hands it back once the claim has run out.
 */
import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OutboxSort } from '@pasar/core/mail';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { mailOutbox, mailThrottle, orders, payments, shipments } from '../../db/schema';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = Pick<typeof mailOutbox.$inferInsert, 'kind' | 'order_id' | 'to_address' | 'subject' | 'text_body' | 'html_body'> & {
  status: 'pending' | 'kept';
};

/** After this many failed sends a message is given up (`failed`) and stays for the admin to see. */
export const MAIL_MAX_ATTEMPTS = 5;
/** How long a claim lasts; a send never takes this long (the SMTP client times out well before). */
export const MAIL_CLAIM_MS = 10 * 60_000;
const RETRY_BASE_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 3600_000;

/**
 * Wait before the next attempt after `attempts` failed ones: 5, 15, 45, 135 minutes. A mail server
 * that is down for a few hours still gets the message; one that refuses it is not hammered.
 */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 3 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** At most one notice of a kind about one order in this long (issue 26: one order's uploads made 45 notices in seconds). */
export const NOTICE_INTERVAL_MS = 60 * 60_000;

/**
 * Counts one event (an uploaded proof) towards the shop's notice about an order, and answers
 * whether a notice goes out now and how many events it covers: the first event, or the first one
 * an hour or more after the last notice, sends one covering every event since that notice; the
 * others are only counted. One statement on the order's row, so of parallel events exactly one is
 * told.
 */
export async function countNotice(db: DbOrTx, input: { orderId: number; kind: string; at: Date }): Promise<{ notice: boolean; covered: number }> {
  const due = sql`${mailThrottle.noticed_at} <= ${new Date(input.at.getTime() - NOTICE_INTERVAL_MS).toISOString()}::timestamptz`;
  const rows = await db
    .insert(mailThrottle)
    .values({ order_id: input.orderId, kind: input.kind, noticed_at: input.at, unnoticed: 0, covered: 1 })
    .onConflictDoUpdate({
      target: [mailThrottle.order_id, mailThrottle.kind],
      set: {
        noticed_at: sql`CASE WHEN ${due} THEN ${input.at.toISOString()}::timestamptz ELSE ${mailThrottle.noticed_at} END`,
        covered: sql`CASE WHEN ${due} THEN ${mailThrottle.unnoticed} + 1 ELSE ${mailThrottle.covered} END`,
        unnoticed: sql`CASE WHEN ${due} THEN 0 ELSE ${mailThrottle.unnoticed} + 1 END`,
      },
    })
    .returning({ unnoticed: mailThrottle.unnoticed, covered: mailThrottle.covered });
  const row = rows[0];
  // Only a notice leaves nothing untold: an event that is merely counted leaves at least itself.
  return { notice: row?.unnoticed === 0, covered: row?.covered ?? 1 };
}

export async function insertMail(db: DbOrTx, rows: NewMailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(mailOutbox).values(rows);
}

export type NewBuyerMessageRow = NewMailRow &
  Pick<typeof mailOutbox.$inferInsert, 'channel' | 'template' | 'template_params'> & { channel: 'email' | 'whatsapp'; dedupe_key: string };

/**
 * Buyer messages are once-only by their key: a second insert of the same key (the same step
 * told twice, or two processes racing on one step) is dropped by the unique index, inside the
 * caller's transaction, without an error that would abort it.
 */
export async function insertMailOnce(db: DbOrTx, rows: NewBuyerMessageRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(mailOutbox).values(rows).onConflictDoNothing().returning({ id: mailOutbox.id });
  return inserted.length;
}

/** What a buyer message names about an order (and one of its shipments), or undefined when the order is gone. */
export async function buyerMessageFacts(db: DbOrTx, orderId: number, shipmentId: number | undefined) {
  const [order] = await db
    .select({
      id: orders.id,
      user_id: orders.user_id,
      customer_name: orders.customer_name,
      shipping_name: orders.shipping_name,
      customer_email: orders.customer_email,
      guest_email: orders.guest_email,
      shipping_phone: orders.shipping_phone,
      customer_phone: orders.customer_phone,
      total_amount: orders.total_amount,
      unique_code: orders.unique_code,
      payment_due_at: orders.payment_due_at,
      access_token: orders.access_token,
      order_type: orders.order_type,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return undefined;
  const [payment] = await db
    .select({ rejection_reason: payments.rejection_reason, proof_uploaded_at: payments.proof_uploaded_at })
    .from(payments)
    .where(eq(payments.order_id, orderId))
    .orderBy(desc(payments.id))
    .limit(1);
  const [shipment] =
    shipmentId === undefined
      ? []
      : await db
          .select({ courier_name: shipments.courier_name, service: shipments.service, tracking_number: shipments.tracking_number })
          .from(shipments)
          .where(and(eq(shipments.id, shipmentId), eq(shipments.order_id, orderId)))
          .limit(1);
  return { order, rejectionReason: payment?.rejection_reason ?? null, proofUploadedAt: payment?.proof_uploaded_at ?? null, shipment };
}

/**
 * Unpaid open orders whose deadline falls within `hours` from now and that were not reminded yet
 * (no reminder row of theirs): the reminder job's work. The dedupe key still guards the insert,
 * so two processes picking the same order queue one reminder.
 */
export async function ordersDueForReminder(db: DbOrTx, now: Date, hours: number, limit: number): Promise<number[]> {
  const until = new Date(now.getTime() + hours * 3600_000);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.payment_status, 'unpaid'),
        eq(orders.status, 'pending'),
        eq(orders.order_type, 'online'),
        // An order nobody can be told about would be picked again at every run, ahead of the others.
        sql`(${orders.customer_email} IS NOT NULL OR ${orders.guest_email} IS NOT NULL OR ${orders.shipping_phone} IS NOT NULL OR ${orders.customer_phone} IS NOT NULL)`,
        sql`${orders.payment_due_at} > ${now.toISOString()}::timestamptz`,
        sql`${orders.payment_due_at} <= ${until.toISOString()}::timestamptz`,
        sql`NOT EXISTS (SELECT 1 FROM ${mailOutbox} WHERE ${mailOutbox.order_id} = ${orders.id} AND ${mailOutbox.kind} = 'payment_reminder')`,
        // A buyer whose proof waits for the shop's check has paid as far as they know: no "please pay".
        sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.order_id} = ${orders.id} AND ${payments.proof_status} = 'submitted')`,
      ),
    )
    .orderBy(asc(orders.payment_due_at))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The messages the buyer was sent about one order, oldest first (no bodies: the buyer's page lists them). */
export async function buyerMessagesOf(db: DbOrTx, orderId: number, kinds: readonly string[]) {
  return db
    .select({ id: mailOutbox.id, kind: mailOutbox.kind, channel: mailOutbox.channel, status: mailOutbox.status, created_at: mailOutbox.created_at, sent_at: mailOutbox.sent_at })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.order_id, orderId), inArray(mailOutbox.kind, [...kinds])))
    .orderBy(asc(mailOutbox.created_at), asc(mailOutbox.id));
}

/** "Kirim ulang": a failed message is due again now with its attempts counted afresh. Answers the message, or undefined when it was not failed. */
export async function resendFailedMail(db: DbOrTx, id: number, now: Date): Promise<Pick<MailRow, 'id' | 'order_id' | 'kind' | 'channel' | 'to_address'> | undefined> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, next_attempt_at: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id, order_id: mailOutbox.order_id, kind: mailOutbox.kind, channel: mailOutbox.channel, to_address: mailOutbox.to_address });
  return rows[0];
}

export async function mailExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * The columns the outbox may be sorted by (issue 31), each fixed SQL: the query only names a key of
 * this map (core's schema lets nothing else through).
 */
const outboxSortColumns: Record<OutboxSort, SQL> = {
  created_at: sql`${mailOutbox.created_at}`,
  to_address: sql`lower(${mailOutbox.to_address})`,
  subject: sql`lower(${mailOutbox.subject})`,
  // In the order a message goes through: waiting, sending, sent, failed, kept.
  status: sql`CASE ${mailOutbox.status} WHEN 'pending' THEN 0 WHEN 'sending' THEN 1 WHEN 'sent' THEN 2 WHEN 'failed' THEN 3 ELSE 4 END`,
};

/**
 * Recipient or subject containing `q` (any letter case, wildcards literal). "#42" means the
 * messages about order 42 only (subjects read "#42", which "#420" would match too); a bare "42"
 * also finds order 42's messages besides the text matches (a phone number is digits as well).
 */
function outboxFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (/^#\d{1,9}$/.test(q)) return eq(mailOutbox.order_id, Number(q.slice(1)));
  const text = sql`lower(${mailOutbox.to_address} || ' ' || ${mailOutbox.subject}) LIKE ${containsPattern(q.toLowerCase())}`;
  return /^\d{1,9}$/.test(q) ? or(text, eq(mailOutbox.order_id, Number(q))) : text;
}

export async function listMail(
  db: DbOrTx,
  query: { page: number; pageSize: number; q?: string | undefined; sort?: OutboxSort; dir?: 'asc' | 'desc' },
): Promise<{ rows: MailRow[]; total: number }> {
  const where = outboxFilter(query.q);
  const dir = query.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(sql`${outboxSortColumns[query.sort ?? 'created_at']} ${dir}`, sql`${mailOutbox.id} ${dir}`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ total: count() }).from(mailOutbox).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Takes the next due message for this process: one statement that locks the row and marks it
 * `sending`, skipping rows another process holds, so two processes (or two overlapping job runs)
 * never send one message twice and neither waits for the other. One row at a time, so several
 * processes share a backlog and a crash strands at most one message until the sweep.
 */
export async function claimNextMail(db: DbOrTx, now: Date, channel: 'email' | 'whatsapp' = 'email'): Promise<MailRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.channel, channel), lte(mailOutbox.next_attempt_at, now)))
    .orderBy(asc(mailOutbox.next_attempt_at), asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, next_attempt_at: new Date(now.getTime() + MAIL_CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows[0];
}

export async function markMailSent(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sent_at: now, last_error: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/**
 * Records a failed send: back to `pending` after the back-off, or `failed` when that was the last
 * attempt. `attempts` already counts this one (the claim added it).
 */
export async function markMailRetry(db: DbOrTx, row: Pick<MailRow, 'id' | 'attempts'>, error: string, now: Date): Promise<'pending' | 'failed'> {
  const giveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set(
      giveUp
        ? { status: 'failed', last_error: error }
        : { status: 'pending', last_error: error, next_attempt_at: new Date(now.getTime() + mailRetryDelayMs(row.attempts)) },
    )
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
  return giveUp ? 'failed' : 'pending';
}

/**
 * Hands back messages whose claim ran out (the process sending them stopped): due again at once,
 * or `failed` when they had used their last attempt. Answers how many were handed back.
 */
export async function releaseStaleMail(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: sql`CASE WHEN ${mailOutbox.attempts} >= ${MAIL_MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END`,
      last_error: 'Pengiriman terputus sebelum selesai (proses server berhenti).',
      next_attempt_at: now,
    })
    .where(and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.next_attempt_at, now)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
