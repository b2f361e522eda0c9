/** The live dashboard and the notification bell of the back office (issue 5 (docs/issues.md)). */
import { z } from 'zod';
import { INT4_MAX } from '../common/index';
import { storeDate, storePeriodStart } from '../time/index';

export const dashboardMessages = {
  accessDenied: 'Akses ditolak - Anda tidak memiliki izin untuk mengakses halaman ini.',
  loadFailed: 'Gagal memuat ringkasan dasbor.',
} as const;

export const activitySchema = z.object({
  kind: z.enum(['order_created', 'order_status', 'product_created']),
  at: z.string(),
  title: z.string(),
  detail: z.string(),
  link: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const dashboardSummarySchema = z.object({
  products: z.object({ total: z.number().int(), active: z.number().int(), low_stock: z.number().int() }),
  businesses: z.object({ total: z.number().int(), active: z.number().int() }),
  orders: z.object({ pending_today: z.number().int(), pending_total: z.number().int(), today: z.number().int() }),
  /** Money received this month: paid orders only (issue 13 §6 (docs/issues.md)). */
  revenue_this_month: z.number().int(),
  /** Open (not cancelled) unpaid orders' value: "Menunggu pembayaran", shown apart. */
  awaiting_payment: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** The month the revenue covers, `YYYY-MM` in the store's time zone. */
  month: z.string(),
  recent_activity: z.array(activitySchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * What the admin has already seen is the newest order id the bell showed when it was opened, not a
 * time: the browser's clock may be off from the server's, an order id comes from the database alone.
 */
export const notificationsQuerySchema = z.object({ after_id: z.coerce.number().int().nonnegative().max(INT4_MAX).optional() });

export const notificationsSchema = z.object({
  pending_total: z.number().int(),
  /** Pending orders with an id above `after_id` (what the admin has not seen yet); all pending ones without it. */
  new_pending: z.number().int(),
  /** The newest order id of any status (0 when none): the bell stores it as seen when opened. */
  latest_order_id: z.number().int(),
  /** Manual transfers with a proof waiting for an admin; the bell counts them too. */
  awaiting_verification: z.number().int(),
  /**
   * The bell's badge: orders needing attention, each once (issue 31: a new order whose proof also
   * waits counted twice, 3 orders gave 5): new pending orders and orders with a proof to verify.
   */
  attention: z.number().int(),
  latest: z.array(
    z.object({ id: z.number().int(), created_at: z.string(), total_amount: z.number().int(), customer: z.string(), order_type: z.string() }),
  ),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** The store's day and month boundaries, in its time zone (a setting, issue 17; core/time). */
export function startOfStoreDay(now: Date, timeZone?: string): Date {
  return storePeriodStart(now, 'day', timeZone);
}

export function startOfStoreMonth(now: Date, timeZone?: string): Date {
  return storePeriodStart(now, 'month', timeZone);
}

export function storeMonth(now: Date, timeZone?: string): string {
  return storeDate(now, timeZone).slice(0, 7);
}
