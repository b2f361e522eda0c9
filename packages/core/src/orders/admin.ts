/** The order desk's list query, status change and listing answer (docs/requirements/back-office.md §2 Orders). */
import { z } from 'zod';
import { countFields, idField, pageFields, pageQueryField, pageSizeQueryField, sortQueryFields } from '../common/index';
import { orderSchema } from '../checkout/order.schema';
import { ORDER_STATUSES, adminOrderMessages } from './statuses';

export const ORDER_PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * An order desk search counts its matches up to this many; above it the counts and sums are lower
 * bounds, taken from the first matches found, and the order desk says so (issue 15, decision 036: counting a
 * common name's thousands of orders on every request was most of a searched page's cost). The
 * page itself is exact: the newest (or otherwise sorted) matches among all of them.
 */
export const ORDER_SEARCH_COUNT_CAP = 1_000;

/** Columns the order desk sorts by (issue 17); status follows the order's path, pending first. */
export const ADMIN_ORDER_SORTS = ['created_at', 'id', 'total', 'status'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const adminOrderQuerySchema = z.object({
  q: z.string().trim().max(100).optional().transform((v) => (v ? v : undefined)),
  status: z.enum(['all', ...ORDER_STATUSES]).default('all'),
  /** 'verification': manual transfers with a proof waiting for an admin. */
  payment: z.enum(['all', 'verification']).default('all'),
  page: pageQueryField(),
  page_size: pageSizeQueryField(ORDER_PAGE_SIZES, 20),
  ...sortQueryFields(ADMIN_ORDER_SORTS, { sort: 'created_at', dir: 'desc' }),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

/**
 * GET /orders/export.csv: the order desk's filter, and the separator. Spreadsheets set to Indonesian read
 * ',' as the decimal comma and want ';' between columns (issue 31): `sep=semicolon` writes that.
 */
export const orderExportQuerySchema = adminOrderQuerySchema.pick({ q: true, status: true, payment: true }).extend({
  sep: z.enum(['comma', 'semicolon']).default('comma'),
});
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: adminOrderMessages.statusInvalid }),
  /** Optional: when sent, a stale row is refused instead of overwriting a newer change. */
  version: idField().optional(),
  note: z.string().trim().max(500).optional(),
});

export const orderEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const adminOrderSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  customer_label: z.string(),
  /** Admin-only address of the uploaded proof of transfer, or null. */
  proof_url: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const statusCountsSchema = z.object({
  all: z.number().int(),
  ...countFields(ORDER_STATUSES),
  /** Proofs of transfer waiting for an admin (over the search, whatever the tab). */
  verification: z.number().int(),
});

export const adminOrderListSchema = z.object({
  ...pageFields(adminOrderSchema),
  /** Per status, over the search (not the status filter), so the tabs show what each holds. */
  counts: statusCountsSchema,
  /**
   * Over the search and the status filter: what the summary cards show. `revenue` leaves cancelled
   * orders out (their money was never kept); `cancelled_amount` is what the cancelled ones in the
   * filter were worth, shown instead on the cancelled tab (docs/decisions/010).
   */
  summary: z.object({
    count: z.number().int(),
    /** Money received: paid orders only, never cancelled ones. */
    revenue: z.number().int(),
    /** Open orders whose money has not arrived ("Menunggu pembayaran"). */
    unpaid_amount: z.number().int(),
    cancelled_amount: z.number().int(),
    by_status: statusCountsSchema,
  }),
  /**
   * True when a search stopped counting at ORDER_SEARCH_COUNT_CAP: `total`, the counts and the
   * summary are lower bounds (from the first matches found), shown as such.
   */
  approximate: z.boolean().optional(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** Who an order belongs to, as the table shows it: guest e-mail, user id, or guest (spec §2). */
export function customerLabel(order: { guest_email: string | null; user_id: number | null; customer_name?: string | null; order_type?: string }): string {
  if (order.guest_email) return order.guest_email;
  if (order.user_id !== null) return `Pengguna #${order.user_id}`;
  if (order.order_type === 'pos' && order.customer_name) return order.customer_name;
  return 'Tamu';
}

/** Said under the order desk's summary when its figures are lower bounds (written as the catalogue's tiles write them, catalogTileValue). */
export function approximateOrderFiguresNote(cap: number): string {
  return `Angka perkiraan: lebih dari ${cap.toLocaleString('id-ID')} pesanan cocok, dihitung dari ${cap.toLocaleString('id-ID')} hasil pertama. Persempit pencarian untuk angka pasti.`;
}
