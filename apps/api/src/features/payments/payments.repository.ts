/** The only SQL for payments. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { orderEvents, orders, payments } from '../../db/schema';

export async function findPaymentByReference(db: DbOrTx, reference: string) {
  const rows = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return rows[0];
}

/** What the sandbox pay page tells the buyer about the order besides the payment: its status and its own page. */
export async function findOrderForPayPage(db: DbOrTx, orderId: number) {
  const rows = await db.select({ id: orders.id, status: orders.status, access_token: orders.access_token }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return rows[0];
}

/** Locks the payment row so two callbacks for one reference apply one after the other. */
export async function lockPaymentByReference(db: DbOrTx, reference: string) {
  const rows = await db.select().from(payments).where(eq(payments.reference, reference)).for('update').limit(1);
  return rows[0];
}

export async function setPaymentStatus(
  db: DbOrTx,
  paymentId: number,
  orderId: number,
  status: 'paid' | 'expired' | 'failed' | 'refunded',
  input: { paidAt: Date | null; callback: Record<string, unknown> },
): Promise<void> {
  await db
    .update(payments)
    .set({ status, paid_at: input.paidAt, last_callback: input.callback, updated_at: sql`now()` })
    .where(eq(payments.id, paymentId));
  await db.update(orders).set({ payment_status: status, updated_at: sql`now()` }).where(eq(orders.id, orderId));
}

export async function recordPaymentEvent(db: DbOrTx, orderId: number, note: string): Promise<void> {
  await db.insert(orderEvents).values({ order_id: orderId, kind: 'payment', note });
}

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

export async function insertPayment(db: DbOrTx, payment: NewPaymentRow): Promise<void> {
  await db.insert(payments).values(payment);
}

/** The order's current payment (the newest), locked for a confirm, reject or proof upload. */
export async function lockLatestPayment(tx: DbOrTx, orderId: number): Promise<PaymentRow | undefined> {
  const rows = await tx.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(desc(payments.id)).for('update').limit(1);
  return rows[0];
}

export async function latestPayment(db: DbOrTx, orderId: number): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(desc(payments.id)).limit(1);
  return rows[0];
}

/** Locks the order row: a confirm, a reject, an upload and the expiry job take it in this order. */
export async function lockOrderForPayment(tx: DbOrTx, orderId: number) {
  const rows = await tx
    .select({ id: orders.id, status: orders.status, payment_status: orders.payment_status, payment_due_at: orders.payment_due_at, version: orders.version, user_id: orders.user_id, access_token: orders.access_token })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function setOrderDueAt(db: DbOrTx, orderId: number, dueAt: Date): Promise<void> {
  await db.update(orders).set({ payment_due_at: dueAt }).where(eq(orders.id, orderId));
}

/** `verificationDueAt` counts only for the payment's first proof: a later one keeps the first window (decision 044). */
export async function saveProof(tx: DbOrTx, paymentId: number, proof: { file: string; contentType: string; at: Date; verificationDueAt: Date }): Promise<void> {
  await tx
    .update(payments)
    .set({
      proof_status: 'submitted',
      proof_file: proof.file,
      proof_content_type: proof.contentType,
      proof_uploaded_at: proof.at,
      verification_due_at: sql`coalesce(${payments.verification_due_at}, ${proof.verificationDueAt.toISOString()}::timestamptz)`,
      rejection_reason: null,
      updated_at: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
}

export async function rejectProof(tx: DbOrTx, paymentId: number, reason: string, actorId: number, at: Date): Promise<void> {
  await tx.update(payments).set({ proof_status: 'rejected', rejection_reason: reason, verified_by: actorId, verified_at: at, updated_at: sql`now()` }).where(eq(payments.id, paymentId));
}

/** An admin confirmed the money: payment and order paid; a pending order moves to confirmed. */
export async function markManualPaid(tx: DbOrTx, input: { paymentId: number; orderId: number; actorId: number; at: Date; confirmOrder: boolean }): Promise<void> {
  await tx.update(payments).set({ status: 'paid', paid_at: input.at, verified_by: input.actorId, verified_at: input.at, updated_at: sql`now()` }).where(eq(payments.id, input.paymentId));
  await tx
    .update(orders)
    .set({ payment_status: 'paid', ...(input.confirmOrder ? { status: 'confirmed' } : {}), version: sql`${orders.version} + 1`, updated_at: sql`now()` })
    .where(eq(orders.id, input.orderId));
}

export async function bumpOrderVersion(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.update(orders).set({ version: sql`${orders.version} + 1`, updated_at: sql`now()` }).where(eq(orders.id, orderId));
}

export async function insertPaymentEvent(tx: DbOrTx, event: { order_id: number; note: string; actor_user_id?: number | null; actor_name?: string | null; to_status?: string | null; from_status?: string | null }): Promise<void> {
  await tx.insert(orderEvents).values({ kind: 'payment', ...event });
}

/** A proof waiting for an admin: the order's effective deadline is the later of its own and the proof's window. */
const waitingProof = sql`p.status = 'unpaid' AND p.proof_status = 'submitted'`;

/**
 * Claims unpaid orders past their deadline and cancels them as expired, in the caller's
 * transaction. A proof waiting for an admin holds its order only until the proof's verification
 * window ends (decision 044); `late` marks those, the admin's "Verifikasi terlambat". SKIP LOCKED
 * lets any number of processes run this at once: a row another run (or a confirm) holds is left
 * to it, so each order expires once.
 */
export async function expireDueOrders(tx: DbOrTx, now: Date, limit: number): Promise<{ id: number; late: boolean }[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number; late: boolean }>(
    tx,
    sql`WITH due AS (
          SELECT o.id FROM orders o
          WHERE o.payment_status = 'unpaid' AND o.status <> 'cancelled' AND o.payment_due_at <= ${at}
            AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND ${waitingProof} AND p.verification_due_at > ${at})
          ORDER BY o.payment_due_at, o.id
          LIMIT ${limit}
          FOR UPDATE OF o SKIP LOCKED)
        UPDATE orders o SET status = 'cancelled', payment_status = 'expired', version = o.version + 1, updated_at = now()
        FROM due WHERE o.id = due.id
        RETURNING o.id, EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND ${waitingProof}) AS late`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length > 0) {
    await tx.update(payments).set({ status: 'expired', updated_at: sql`now()` }).where(and(inArray(payments.order_id, ids), eq(payments.status, 'unpaid')));
  }
  return rows.map((r) => ({ id: Number(r.id), late: r.late === true }));
}
