/**
 * What the metrics read from the database at scrape time (docs/decisions/071-request-ids-and-metrics.md).
 * Each count is served by an index (orders_status_created_idx, orders_unpaid_due_idx,
 * payments_proof_submitted_idx, mail_outbox_due_idx) except the outbox's failed rows, which are few
 * by design: a failed message waits for an admin's "Kirim ulang".
 */
import { and, count, eq, inArray, min, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, orders, payments } from '../db/schema';

export interface DatabaseFigures {
  ordersByStatus: { status: string; count: number }[];
  /** Orders whose buyer has yet to pay (not cancelled). */
  awaitingPayment: number;
  /** Manual transfers with a proof that an admin has yet to check. */
  awaitingVerification: number;
  /** Outbox rows not yet sent or given up, by channel and status, with the earliest next attempt. */
  outbox: { channel: string; status: string; count: number; earliestAttempt: Date | null }[];
}

export async function readDatabaseFigures(db: Db): Promise<DatabaseFigures> {
  const ordersByStatus = await db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
  const [unpaid] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.payment_status, 'unpaid'), ne(orders.status, 'cancelled')));
  const [proofs] = await db
    .select({ count: count() })
    .from(payments)
    .where(and(eq(payments.proof_status, 'submitted'), eq(payments.status, 'unpaid')));
  const outbox = await db
    .select({ channel: mailOutbox.channel, status: mailOutbox.status, count: count(), earliestAttempt: min(mailOutbox.next_attempt_at) })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .groupBy(mailOutbox.channel, mailOutbox.status);
  return {
    ordersByStatus,
    awaitingPayment: unpaid?.count ?? 0,
    awaitingVerification: proofs?.count ?? 0,
    outbox: outbox.map((row) => ({ ...row, earliestAttempt: row.earliestAttempt === null ? null : new Date(row.earliestAttempt) })),
  };
}
