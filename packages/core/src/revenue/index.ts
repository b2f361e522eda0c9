/**
 * Revenue and what buyers still owe, defined once (issue 32 §1, docs/database.md; refunds: decision
 * 050). The order desk, the dashboard and the database's order figures (SQL order_revenue_hour and
 * the order_figures triggers, migrations 0014 and 0021) follow these rules; the API's
 * revenue-rules test builds orders in every state and compares the database's figures with them.
 */

/**
 * Money counts as revenue once it is received: a paid order, whatever its status. A paid order that
 * is cancelled keeps its money counted; what goes back is a refund, taken away at its own time.
 */
export function countsAsRevenue(order: { payment_status: string }): boolean {
  return order.payment_status === 'paid';
}

/** Money a buyer still owes ("Menunggu pembayaran"): an unpaid order that is not cancelled. */
export function awaitsPayment(order: { status: string; payment_status: string }): boolean {
  return order.payment_status === 'unpaid' && order.status !== 'cancelled';
}

const HOUR_MS = 3_600_000;

/**
 * The UTC hour an order's money is counted at: its latest received payment's, else the order's own
 * (a POS sale is paid when it is made). Every store zone is a whole number of hours from UTC, so a
 * store day or month is a sum of these hours.
 */
export function revenueHour(createdAt: Date, paidAt: readonly (Date | null)[]): Date {
  const latest = paidAt.reduce<number | null>((max, at) => (at && (max === null || at.getTime() > max) ? at.getTime() : max), null);
  const at = latest ?? createdAt.getTime();
  return new Date(Math.floor(at / HOUR_MS) * HOUR_MS);
}

/** Per status, what its orders received and what went back on them, as the order desk's figures give it. */
export interface StatusMoney {
  /** Totals of the status's paid orders. */
  paid: number;
  /** Refunds of those orders. */
  refunded: number;
  /** Totals of the status's unpaid orders. */
  unpaid: number;
}

/** Revenue over some statuses' figures: money received less what went back (a cancelled status too). */
export function revenueOf(figures: Iterable<StatusMoney | undefined>): number {
  let revenue = 0;
  for (const f of figures) revenue += (f?.paid ?? 0) - (f?.refunded ?? 0);
  return revenue;
}

/** What buyers still owe over some statuses' figures: unpaid totals of every status but cancelled. */
export function payableOf(figures: Iterable<readonly [status: string, money: StatusMoney | undefined]>): number {
  let payable = 0;
  for (const [status, f] of figures) if (awaitsPayment({ status, payment_status: 'unpaid' })) payable += f?.unpaid ?? 0;
  return payable;
}
