/**
 * The only SQL of the order desk: search, counts, the status change under a row lock, and the
 * audit trail. Dates are searched as the office reads them, in the store's time zone (issue 17).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ORDER_SEARCH_COUNT_CAP, ORDER_STATUSES, statusesMatchingQuery, type AdminOrderSort, type OrderStatus } from '@pasar/core/orders';
import type { SortDirection } from '@pasar/core/common';
import { DEFAULT_TIME_ZONE } from '@pasar/core/time';
import type { Order } from '@pasar/core/checkout';
import type { OrderEvent } from '@pasar/core/orders';
import { queryRows, type DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { orderEvents, orders } from '../../db/schema';
import { toOrder, toShipment, type OrderItemRow, type OrderRow, type PaymentView, type ShipmentEventRow, type ShipmentRow } from './orders.repository';

/**
 * The order desk's searchable names and e-mails as one lower-cased text, joined by the unit separator (a
 * character no query holds, so a match never spans two fields): the column `search_names`, which
 * PostgreSQL computes (migration 0015) and indexes with trigrams. LIKE on it with the lower-cased
 * query costs a third of ILIKE over the four columns joined on the fly (issue 15).
 */
const searchableNames = sql`o.search_names`;

/**
 * Whether `q` can be part of a printed date (2026-11-22, 22/11/2026, 22-11-2026): only digits, '-' and
 * '/', and no run of more than 4 digits (the year is the longest). An order id of 5 digits or more
 * then skips the one branch that reads every order.
 */
export function couldBeDatePart(q: string): boolean {
  return /^[\d/-]+$/.test(q) && q.split(/[/-]/).every((run) => run.length <= 4);
}

/**
 * Order id, guest e-mail, status (name, label or a word of it, core `statusesMatchingQuery`), date (2026-11-22, 22/11/2026, 22-11-2026), names, product names.
 * Issue 15 (100,000 orders): the matching ids are gathered branch by branch, each from its own index
 * (trigrams on the names, the product names and the references; the primary key; the status), instead
 * of testing every order against every field. The dates are only looked at when the query could be
 * part of one: a printed date holds nothing but digits, '-' and '/'.
 */
function searchBranches(q: string, timeZone: string): { names: SQL; others: SQL[] } {
  const local = sql`(d.created_at AT TIME ZONE ${timeZone})`;
  const like = containsPattern(q);
  const others: SQL[] = [sql`SELECT i.order_id FROM order_items i WHERE i.product_name ILIKE ${like}`];
  if (couldBeDatePart(q)) {
    // The three spellings in one text, apart by a space no such query holds: one to_char a row, not three.
    others.push(sql`SELECT d.id FROM orders d WHERE to_char(${local}, 'YYYY-MM-DD DD/MM/YYYY DD-MM-YYYY') LIKE ${like}`);
  }
  // The POS reference the cashier typed and a gateway's or transfer's reference (issue 13 §9 (docs/issues.md)), from
  // 4 characters: shorter fragments ("ma") would match every MAN-… reference.
  if (q.length >= 4) {
    others.push(sql`SELECT r.id FROM orders r WHERE r.payment_reference ILIKE ${like}`, sql`SELECT p.order_id FROM payments p WHERE p.reference ILIKE ${like}`);
  }
  // Whole words of a status only: a fragment like "ma" must not match every pending order.
  const statuses = statusesMatchingQuery(q);
  if (statuses.length > 0) others.push(sql`SELECT s.id FROM orders s WHERE s.status IN (${sql.join(statuses.map((st) => sql`${st}`), sql`, `)})`);
  const names = sql`${searchableNames} LIKE ${containsPattern(q.toLowerCase())}`;
  const orderId = bareOrderId(q);
  if (orderId === null) return { names, others };
  // A bare number is an order id first (issue 31): "2" found every order, as every date holds a 2.
  // When that order exists it is the whole answer; otherwise the number is searched as text (a
  // phone, a year, a reference).
  const noSuchOrder = sql`NOT EXISTS (SELECT 1 FROM orders n WHERE n.id = ${orderId})`;
  return {
    names: sql`(${names} AND ${noSuchOrder})`,
    others: [sql`SELECT ${orderId}::int`, sql`SELECT r.id FROM (${sql.join(others, sql` UNION ALL `)}) AS r(id) WHERE ${noSuchOrder}`],
  };
}

/** The order id a query names: digits alone, or with the '#' orders are printed with (core orderCode). */
export function bareOrderId(q: string): number | null {
  const id = /^#?(\d{1,9})$/.exec(q.trim());
  return id ? Number(id[1]) : null;
}

/**
 * The orders a search matches (every order when nothing is searched), with the columns the order
 * desk filters, counts and sorts by. The names' branch hands on the rows it read, so a common name
 * ("siti": thousands of orders) is not looked up again by id one order at a time; the other branches' ids are joined to the orders (IN keeps each once), less
 * those the names matched: each order once without hashing every matched row (UNION did).
 */
function matchedOrders(q: string | undefined, timeZone: string = DEFAULT_TIME_ZONE): SQL {
  if (!q) return sql`orders`;
  const { names, others } = searchBranches(q, timeZone);
  const columns = sql`o.id, o.status, o.payment_status, o.total_amount, o.created_at`;
  return sql`(SELECT ${columns} FROM orders o WHERE ${names}
              UNION ALL SELECT ${columns} FROM orders o WHERE o.id IN (${sql.join(others, sql` UNION ALL `)}) AND NOT (${names}))`;
}

const statusCondition = (status: OrderStatus | 'all') => (status === 'all' ? sql`TRUE` : sql`o.status = ${status}`);

/** A manual transfer whose proof waits for an admin. */
const awaitingVerification = sql`EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'unpaid' AND p.proof_status = 'submitted')`;
const paymentCondition = (payment: 'all' | 'verification') => (payment === 'verification' ? sql`o.payment_status = 'unpaid' AND ${awaitingVerification}` : sql`TRUE`);

export interface StatusFigures {
  count: number;
  /** Money received: paid orders of this status. */
  paid: number;
  /** Orders of this status whose money has not arrived. */
  unpaid: number;
  /** Every order of this status, whatever its payment (what cancelled orders were worth). */
  value: number;
  /** Refunds of this status's paid orders (migration 0021's kind 4): revenue is `paid` less this. */
  refunded: number;
  verification: number;
}

/**
 * The order desk's figures per status with nothing searched: the order figures (migration 0014).
 * Under the verification filter every order is unpaid with a proof to verify, so its money is all
 * unpaid and the figures of orders with a proof to verify (count and total per status) are the
 * whole answer.
 */
export async function countByStatus(db: DbOrTx, payment: 'all' | 'verification'): Promise<Map<string, StatusFigures>> {
  return figuresOfFilter(await orderFigureSums(db), payment);
}

function figuresOfFilter(sums: OrderFigureSums, payment: 'all' | 'verification'): Map<string, StatusFigures> {
  const figures = new Map<string, StatusFigures>();
  if (payment === 'verification') {
    for (const [status, f] of sums.awaitingProof) {
      if (f.count !== 0) figures.set(status, { count: f.count, paid: 0, unpaid: f.amount, value: f.amount, refunded: 0, verification: f.count });
    }
    return figures;
  }
  for (const [status, f] of sums.byStatus) {
    if (f.count !== 0) figures.set(status, { count: f.count, paid: f.paid, unpaid: f.unpaid, value: f.value, refunded: f.refunded, verification: sums.awaitingProof.get(status)?.count ?? 0 });
  }
  return figures;
}

export interface DeskFilter {
  q: string | undefined;
  status: OrderStatus | 'all';
  payment?: 'all' | 'verification';
  sort?: AdminOrderSort;
  dir?: SortDirection;
  timeZone?: string;
}

/**
 * A searched order desk page in one statement: the figures per status over the search (and the payment
 * filter), counted up to `cap` matches, and the page's ids among all the matches. Issue 15: a
 * common name ("siti", 6,250 of 100,000 orders) was gathered three times a request, each a pass
 * over thousands of orders. Now the figures read the first `cap` + 1 matches found (the bitmap
 * scan stops there) and say `approximate` when there were more, as the catalogue's search does
 * (ORDER_SEARCH_COUNT_CAP, decision 036); up to the cap every figure is exact.
 * The page is sorted within each branch first, so the names' branch newest first walks the orders
 * by date and stops at the page (a few hundred rows for "siti") instead of gathering every match.
 * The page's orders come in the same statement (`deskOrdersJson`).
 */
export async function searchedFiguresAndPage(
  db: DbOrTx,
  filter: DeskFilter & { q: string },
  limit: number,
  offset: number,
  cap: number = ORDER_SEARCH_COUNT_CAP,
): Promise<{ figures: Map<string, StatusFigures>; ids: number[]; orders: DeskOrder[]; approximate: boolean }> {
  const dir = filter.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const payment = filter.payment ?? 'all';
  const key = sortColumns[filter.sort ?? 'created_at'];
  const { names, others } = searchBranches(filter.q, filter.timeZone ?? DEFAULT_TIME_ZONE);
  const wanted = sql`${statusCondition(filter.status)} AND ${paymentCondition(payment)}`;
  const branchPage = (where: SQL) => sql`(SELECT o.id, ${key} AS k FROM orders o WHERE ${where} AND ${wanted} ORDER BY ${key} ${dir}, o.id ${dir} LIMIT ${offset + limit})`;
  const [row] = await queryRows<{
    figures: { status: string; count: number; paid: number | string; unpaid: number | string; value: number | string; refunded: number | string; verification: number }[];
    ids: number[];
    orders: unknown;
    found: number;
  }>(
    db,
    sql`WITH m AS MATERIALIZED (
          SELECT x.* FROM (
            SELECT o.status, o.payment_status, o.total_amount,
                   o.payment_status = 'unpaid' AND o.id IN (SELECT p.order_id FROM payments p WHERE p.proof_status = 'submitted' AND p.status = 'unpaid') AS awaits,
                   -- order_refunded(o.id) written out: a call per row was a third of a common name's search (issue 30 §4).
                   CASE WHEN o.payment_status = 'paid' THEN (SELECT coalesce(sum(r.amount), 0)::bigint FROM refunds r WHERE r.order_id = o.id) ELSE 0 END AS refunded
            FROM ${matchedOrders(filter.q, filter.timeZone)} o) x
          WHERE ${payment === 'verification' ? sql`x.awaits` : sql`TRUE`}
          LIMIT ${cap + 1}),
        counted AS (SELECT * FROM m LIMIT ${cap}),
        f AS (
          SELECT o.status, count(*)::int AS count,
                 COALESCE(sum(o.total_amount) FILTER (WHERE o.payment_status = 'paid'), 0)::bigint AS paid,
                 COALESCE(sum(o.total_amount) FILTER (WHERE o.payment_status = 'unpaid'), 0)::bigint AS unpaid,
                 COALESCE(sum(o.total_amount), 0)::bigint AS value,
                 COALESCE(sum(o.refunded), 0)::bigint AS refunded,
                 count(*) FILTER (WHERE o.awaits)::int AS verification
          FROM counted o GROUP BY o.status),
        page AS (
          SELECT b.id, b.k FROM (${branchPage(names)} UNION ALL ${branchPage(sql`o.id IN (${sql.join(others, sql` UNION ALL `)}) AND NOT (${names})`)}) b
          ORDER BY b.k ${dir}, b.id ${dir} LIMIT ${limit} OFFSET ${offset})
        SELECT (SELECT COALESCE(json_agg(f), '[]') FROM f) AS figures,
               (SELECT COALESCE(json_agg(page.id ORDER BY page.k ${dir}, page.id ${dir}), '[]') FROM page) AS ids,
               ${deskOrdersJson(sql`page`, sql`x.k ${dir}, x.id ${dir}`)} AS orders,
               (SELECT count(*)::int FROM m) AS found`,
  );
  const figures = new Map<string, StatusFigures>();
  for (const r of row!.figures) {
    figures.set(r.status, { count: r.count, paid: Number(r.paid), unpaid: Number(r.unpaid), value: Number(r.value), refunded: Number(r.refunded), verification: r.verification });
  }
  return { figures, ids: row!.ids.map(Number), orders: fromDeskJson(row!.orders), approximate: row!.found > cap };
}

export interface OrderFigureSums {
  /** Every order, by status: what countByStatus gives for no search and no payment filter (verification apart). */
  byStatus: Map<string, Omit<StatusFigures, 'verification'> & { unpaidOrders: number }>;
  /** Orders placed since `dayStart`, by status. */
  sinceDay: Map<string, number>;
  /**
   * Net revenue since `monthStart`: paid orders' totals at their money's hour (latest received
   * payment, else the order's time; cancelled paid orders too) less refunds at their own hour
   * (migration 0021, core refunds netRevenue).
   */
  revenue: number;
  /** Unpaid orders with a transfer proof to verify, and their total, by status. */
  awaitingProof: Map<string, { count: number; amount: number }>;
}

const HOUR_MS = 3_600_000;

/**
 * The order figures that migration 0014's triggers write in the same commit as the orders, summed
 * over every connection's rows (docs/database.md): a few rows instead of an aggregate over every
 * order. Reading them writes nothing: the background jobs merge the connections' rows
 * (merge_figure_rows(), migration 0026). The hour rows answer any window that starts on an hour,
 * which every store zone's day and month do (whole-hour offsets); a window that did not would be a
 * wrong figure, so it is refused.
 */
export async function orderFigureSums(db: DbOrTx, windows?: { dayStart: Date; monthStart: Date }): Promise<OrderFigureSums> {
  return readOrderFigureSums(await queryRows<OrderFigureRow>(db, orderFigureSumsSql(windows)));
}

interface OrderFigureRow {
  kind: number;
  status: string;
  payment_status: string;
  orders: string | number;
  amount: string | number;
}

/** The summed figures' rows (`OrderFigureRow`), as a statement of its own or a subquery of another. */
function orderFigureSumsSql(windows?: { dayStart: Date; monthStart: Date }): SQL {
  if (windows && (windows.dayStart.getTime() % HOUR_MS !== 0 || windows.monthStart.getTime() % HOUR_MS !== 0)) {
    throw new Error('order figures are recorded by the hour: a window must start on a whole hour');
  }
  const hourly = windows
    ? sql` OR (f.kind = 1 AND f.hour >= ${windows.dayStart.toISOString()}) OR (f.kind = 2 AND f.hour >= ${windows.monthStart.toISOString()})`
    : sql``;
  return sql`SELECT f.kind, f.status, f.payment_status, sum(f.orders)::bigint AS orders, sum(f.amount)::bigint AS amount
        FROM order_figures f WHERE f.kind IN (0, 3, 4)${hourly}
        GROUP BY 1, 2, 3`;
}

function readOrderFigureSums(rows: OrderFigureRow[]): OrderFigureSums {
  const figures: OrderFigureSums = { byStatus: new Map(), sinceDay: new Map(), revenue: 0, awaitingProof: new Map() };
  for (const r of rows) {
    const orders = Number(r.orders);
    const amount = Number(r.amount);
    if (Number(r.kind) === 1) figures.sinceDay.set(r.status, (figures.sinceDay.get(r.status) ?? 0) + orders);
    else if (Number(r.kind) === 2) figures.revenue += amount;
    else if (Number(r.kind) === 4) {
      const current = figures.byStatus.get(r.status) ?? { count: 0, paid: 0, unpaid: 0, value: 0, refunded: 0, unpaidOrders: 0 };
      current.refunded += amount;
      figures.byStatus.set(r.status, current);
    } else if (Number(r.kind) === 3) {
      const current = figures.awaitingProof.get(r.status) ?? { count: 0, amount: 0 };
      figures.awaitingProof.set(r.status, { count: current.count + orders, amount: current.amount + amount });
    }
    else {
      const current = figures.byStatus.get(r.status) ?? { count: 0, paid: 0, unpaid: 0, value: 0, refunded: 0, unpaidOrders: 0 };
      current.count += orders;
      current.value += amount;
      if (r.payment_status === 'paid') current.paid += amount;
      if (r.payment_status === 'unpaid') {
        current.unpaid += amount;
        current.unpaidOrders += orders;
      }
      figures.byStatus.set(r.status, current);
    }
  }
  return figures;
}

/** The sortable columns as SQL: a fixed map, so no text from the request reaches the query. */
const sortColumns: Record<AdminOrderSort, SQL> = {
  created_at: sql`o.created_at`,
  id: sql`o.id`,
  total: sql`o.total_amount`,
  status: sql`array_position(ARRAY[${sql.join(
    ORDER_STATUSES.map((st) => sql`${st}`),
    sql`, `,
  )}]::text[], o.status::text)`,
};

/** A page's ids with every match sorted (the order desk's pages are tested against it; the export pages by keyset). */
export async function pageOfOrderIds(
  db: DbOrTx,
  filter: DeskFilter,
  limit: number,
  offset: number,
): Promise<number[]> {
  const dir = filter.dir === 'asc' ? sql`ASC` : sql`DESC`;
  // The id breaks ties in the same direction, so paging never shows an order twice or skips one.
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM ${matchedOrders(filter.q, filter.timeZone)} o WHERE ${statusCondition(filter.status)} AND ${paymentCondition(filter.payment ?? 'all')}
        ORDER BY ${sortColumns[filter.sort ?? 'created_at']} ${dir}, o.id ${dir} LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => r.id);
}

/** Where a page of the export ended: the last order's time as PostgreSQL prints it (microseconds kept) and its id. */
export interface OrderCursor {
  id: number;
  at: string;
}

/**
 * The next page of the filter's orders, newest first, after `after` (keyset paging on
 * (created_at, id), served by orders_created_id_idx of migration 0011): each page costs the same
 * however deep the export is, where OFFSET would read every row before it again.
 */
export async function nextOrderIds(
  db: DbOrTx,
  filter: { q: string | undefined; status: OrderStatus | 'all'; payment?: 'all' | 'verification'; timeZone?: string },
  after: OrderCursor | null,
  limit: number,
): Promise<OrderCursor[]> {
  const rows = await queryRows<{ id: number; at: string }>(
    db,
    sql`SELECT o.id, o.created_at::text AS at FROM ${matchedOrders(filter.q, filter.timeZone)} o
        WHERE ${statusCondition(filter.status)} AND ${paymentCondition(filter.payment ?? 'all')}
          AND ${after ? sql`(o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::int)` : sql`TRUE`}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), at: String(r.at) }));
}

/** An order as the order desk's answer shows it, before the order desk's own fields (customer label, proof link). */
export interface DeskOrder {
  order: Order;
  events: OrderEvent[];
}

/**
 * An order as PostgreSQL writes it in JSON for the order desk: the columns `toOrder` reads, times as ISO text.
 * The other columns of the row (the search names, the idempotency key, …) are never read.
 */
type DeskOrderJson = Omit<Pick<OrderRow, (typeof deskOrderColumns)[number]>, 'created_at' | 'updated_at' | 'payment_due_at'> & {
  created_at: string;
  updated_at: string;
  payment_due_at: string | null;
  order_items: Omit<OrderItemRow, 'order_id'>[];
  payment: (Omit<PaymentView, 'expires_at' | 'paid_at' | 'proof_uploaded_at' | 'verified_at'> & { expires_at: string | null; paid_at: string | null; proof_uploaded_at: string | null; verified_at: string | null }) | null;
  events: OrderEvent[];
  /** Money refunded so far (decision 050). */
  refunded_amount: number;
  /** Issue 28: each shipment with its timeline, times as text. */
  shipments: (Omit<ShipmentRow, 'shipped_at' | 'delivered_at' | 'received_at'> & { shipped_at: string | null; delivered_at: string | null; received_at: string | null; events: (Omit<ShipmentEventRow, 'happened_at'> & { happened_at: string })[] })[];
};

const deskOrderColumns = [
  'id', 'user_id', 'guest_email', 'status', 'order_type', 'payment_method', 'payment_status', 'payment_reference', 'subtotal_amount',
  'shipping_cost', 'payment_fee', 'total_amount', 'cash_received', 'change_due', 'notes', 'customer_name', 'customer_phone', 'customer_email',
  'shipping_name', 'shipping_phone', 'shipping_address', 'shipping_province', 'shipping_city', 'shipping_district', 'shipping_postcode',
  'shipping_courier', 'shipping_service', 'access_token', 'unique_code', 'payment_due_at', 'version', 'created_at', 'updated_at',
] as const satisfies readonly (keyof OrderRow)[];
const deskPaymentColumns = [
  'provider', 'reference', 'payment_name', 'amount', 'fee_customer', 'status', 'pay_code', 'pay_url', 'checkout_url', 'qr_url', 'instructions',
  'expires_at', 'paid_at', 'bank_accounts', 'transfer_note', 'proof_status', 'proof_uploaded_at', 'rejection_reason', 'verified_at',
] as const satisfies readonly (keyof PaymentView)[];

const columnList = (alias: string, columns: readonly string[]) => sql.raw(columns.map((c) => `${alias}.${c}`).join(', '));

/**
 * The orders of `page` (a relation of `id` and a sort key `k`), each with its items (by id), its latest
 * payment and its audit trail (by time), as one JSON array ordered by `order`: a scalar subquery, so it
 * joins whatever statement finds the page. Issue 15: the order desk read a page in four statements
 * (orders, items, payments, events) and mapped every column of every row through the query builder,
 * most of the server's CPU a page (measured in docs/perf/back-office.md); PostgreSQL now writes one JSON text that Node parses natively.
 */
function deskOrdersJson(page: SQL, order: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(x ORDER BY ${order}), '[]') FROM (
    SELECT page.k, ${columnList('o', deskOrderColumns)},
      COALESCE((SELECT json_agg(i ORDER BY i.id) FROM (
        SELECT i.id, i.product_id, i.product_name, i.variant_label, i.selected_options, i.quantity, i.price, i.line_total, i.shipment_id
        FROM order_items i WHERE i.order_id = o.id) i), '[]') AS order_items,
      COALESCE((SELECT json_agg(s ORDER BY s.position, s.id) FROM (
        SELECT s.id, s.order_id, s.position, s.origin_district_id, s.origin_label, s.kind, s.courier_code, s.courier_name, s.service, s.cost, s.status,
          s.tracking_number, s.shipped_at, s.delivered_at, s.received_at, s.version,
          COALESCE((SELECT json_agg(ev ORDER BY ev.happened_at, ev.id) FROM (
            SELECT ev.id, ev.shipment_id, ev.happened_at, ev.status, ev.description, ev.location, ev.source FROM shipment_events ev WHERE ev.shipment_id = s.id) ev), '[]') AS events
        FROM shipments s WHERE s.order_id = o.id) s), '[]') AS shipments,
      (SELECT row_to_json(p) FROM (SELECT ${columnList('p', deskPaymentColumns)} FROM payments p WHERE p.order_id = o.id ORDER BY p.id DESC LIMIT 1) p) AS payment,
      (SELECT COALESCE(sum(r.amount), 0)::int FROM refunds r WHERE r.order_id = o.id) AS refunded_amount,
      COALESCE((SELECT json_agg(e ORDER BY e.created_at, e.id) FROM (
        SELECT e.id, e.kind, e.from_status, e.to_status, e.note, e.actor_name, e.created_at FROM order_events e WHERE e.order_id = o.id) e), '[]') AS events
    FROM ${page} page JOIN orders o ON o.id = page.id) x)`;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const toDate = (text: string | null) => (text === null ? null : new Date(text));

/** The JSON of `deskOrdersJson` in the API's shape, through the same `toOrder` every order answer uses. */
function fromDeskJson(value: unknown): DeskOrder[] {
  return parseJson<DeskOrderJson[]>(value).map((o) => {
    const row = { ...o, created_at: new Date(o.created_at), updated_at: new Date(o.updated_at), payment_due_at: toDate(o.payment_due_at) } as unknown as OrderRow;
    const payment = o.payment
      ? { ...o.payment, expires_at: toDate(o.payment.expires_at), paid_at: toDate(o.payment.paid_at), proof_uploaded_at: toDate(o.payment.proof_uploaded_at), verified_at: toDate(o.payment.verified_at) }
      : undefined;
    return {
      order: toOrder(
        row,
        o.order_items as OrderItemRow[],
        payment,
        o.shipments.map((sh) =>
          toShipment(
            { ...sh, shipped_at: toDate(sh.shipped_at), delivered_at: toDate(sh.delivered_at), received_at: toDate(sh.received_at) } as ShipmentRow,
            o.order_items,
            sh.events.map((e) => ({ ...e, happened_at: new Date(e.happened_at) }) as ShipmentEventRow),
          ),
        ),
        o.refunded_amount ?? 0,
      ),
      events: o.events.map((e) => ({ id: e.id, kind: e.kind, from_status: e.from_status, to_status: e.to_status, note: e.note, actor_name: e.actor_name, created_at: new Date(e.created_at).toISOString() })),
    };
  });
}

/** Orders by id, in the order given (missing ones left out), for the order desk: one statement. */
export async function deskOrdersById(db: DbOrTx, ids: number[]): Promise<DeskOrder[]> {
  if (ids.length === 0) return [];
  const page = sql`(SELECT t.id, t.k FROM unnest(ARRAY[${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)}]::int[]) WITH ORDINALITY AS t(id, k))`;
  const [row] = await queryRows<{ orders: unknown }>(db, sql`SELECT ${deskOrdersJson(page, sql`x.k`)} AS orders`);
  return fromDeskJson(row!.orders);
}

/**
 * An unsearched order desk page (a tab, the payment filter, any sort) in one statement: the order
 * figures (`countByStatus`), the page's ids (those `pageOfOrderIds` gives) and their orders.
 */
export async function deskPageOfOrders(db: DbOrTx, filter: Omit<DeskFilter, 'q'>, limit: number, offset: number): Promise<{ figures: Map<string, StatusFigures>; orders: DeskOrder[] }> {
  const dir = filter.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const page = sql`(SELECT o.id, ${sortColumns[filter.sort ?? 'created_at']} AS k FROM orders o
                    WHERE ${statusCondition(filter.status)} AND ${paymentCondition(filter.payment ?? 'all')}
                    ORDER BY ${sortColumns[filter.sort ?? 'created_at']} ${dir}, o.id ${dir} LIMIT ${limit} OFFSET ${offset})`;
  const [row] = await queryRows<{ orders: unknown; sums: unknown }>(
    db,
    sql`SELECT ${deskOrdersJson(page, sql`x.k ${dir}, x.id ${dir}`)} AS orders,
               (SELECT COALESCE(json_agg(f), '[]') FROM (${orderFigureSumsSql()}) f) AS sums`,
  );
  const sums = readOrderFigureSums(parseJson<OrderFigureRow[]>(row!.sums));
  return { figures: figuresOfFilter(sums, filter.payment ?? 'all'), orders: fromDeskJson(row!.orders) };
}

export interface LockedOrder {
  id: number;
  status: string;
  payment_status: string;
  total_amount: number;
  version: number;
  stock_held: boolean;
  order_type: string;
}

/** The order row locked, with what the order desk's status change and a refund need; confirm, reject, expiry and refunds lock it the same way first. */
export async function lockOrder(tx: DbOrTx, id: number): Promise<LockedOrder | undefined> {
  const rows = await tx
    .select({
      id: orders.id,
      status: orders.status,
      payment_status: orders.payment_status,
      total_amount: orders.total_amount,
      version: orders.version,
      stock_held: orders.stock_held,
      order_type: orders.order_type,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function setOrderStatus(tx: DbOrTx, id: number, status: OrderStatus, stockHeld: boolean): Promise<void> {
  await tx
    .update(orders)
    .set({ status, stock_held: stockHeld, version: sql`${orders.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(orders.id, id)));
}

export async function insertOrderEvent(tx: DbOrTx, event: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(event);
}
