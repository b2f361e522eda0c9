/**
 * The only SQL of orders. `insertOrderWithItems` and features/stock's `takeStock` are shared by
 * online checkout and the point of sale: one way to sell, one way to never oversell (checkout's
 * `writePlacedOrder` takes stock with takeStock's own statement).
 */
import { and, asc, desc, eq, getTableColumns, getTableName, inArray, is, SQL, sql, type AnyColumn, type Placeholder, type SQLWrapper, type Table } from 'drizzle-orm';
import { readInstructions, type Order } from '@pasar/core/checkout';
import type { SellableProduct } from '@pasar/core/pricing';
import { orderStatusLabel, paymentStatusLabel } from '@pasar/core/orders';
import { orderPath, paymentStateLabel } from '@pasar/core/payments';
import { shipmentStatusLabel, type Shipment, type ShipmentEvent, type ShipmentKind, type ShipmentStatus } from '@pasar/core/shipments';
import { compileStatement, queryRows, rawQuery, runCompiled, type CompiledStatement, type Db, type DbOrTx } from '../../db/client';
import { businesses, categories, mailOutbox, orderEvents, orderItems, orders, payments, productVariants, products, refunds, shipmentEvents, shipments, type SelectedOption } from '../../db/schema';
import { ReadBatch } from '../../lib/batch';
import type { PartValues, StatementPart } from '../../lib/statement-part';
import { firstShortLine, InsufficientStock, returnOrderStock, shortLinesSql, stockStatement, takeStock, type ShortRow, type StockLine } from '../stock/stock.service';

/** What core's line pricing needs, plus where the product ships from, who sends it and whether it may travel far (decision 049). */
export interface ProductForOrder extends SellableProduct {
  business_district_id: number | null;
  business_name: string | null;
  /** "Hanya kirim lokal": a local courier only (issue 28). */
  local_only: boolean;
  /** "Berat (gram)" of one unit: what its shipment weighs (decision 065). */
  weight_grams: number;
}

/** Where each field of one of its values comes from: a schema column of that type, or SQL typed as it. */
type FieldSources<T> = { [K in keyof T]: SQL<T[K]> | AnyColumn<{ data: NonNullable<T[K]> }> };

/** `json_build_object('key', value, …)` of fields typed against the value it reads back as. */
function jsonObjectOf<T>(fields: FieldSources<T>): SQL {
  const pairs = Object.entries(fields as Record<string, SQLWrapper>).map(([key, source]) => sql`${sql.raw(`'${key}'`)}, ${source}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** One size of a product, in its position's order. */
const sizeVariantSources: FieldSources<SellableProduct['size_variants'][number]> = {
  label: productVariants.label,
  price: productVariants.price,
  stock: productVariants.stock,
};

/**
 * Each field of ProductForOrder and its column: a field without its source, a key that is no field,
 * a column gone from the schema or of another type does not compile.
 */
const productForOrderSources: FieldSources<ProductForOrder> = {
  id: products.id,
  name: products.name,
  price: products.price,
  // numeric would arrive as a string in JSON.
  discount: sql<number>`${products.discount}::float8`,
  stock: products.stock,
  is_active: products.is_active,
  // Each looked up by its key, not joined: a prepared statement's generic plan hash-joined the cart's one
  // product to a scan of every business (issue 30 §3), a cost that grows with the marketplace's partners.
  category_active: sql<boolean>`(SELECT ${categories.is_active} FROM ${categories} WHERE ${eq(categories.id, products.category_id)})`,
  business_district_id: sql<number | null>`(SELECT ${businesses.district_id} FROM ${businesses} WHERE ${eq(businesses.id, products.business_id)})`,
  business_name: sql<string | null>`(SELECT ${businesses.name} FROM ${businesses} WHERE ${eq(businesses.id, products.business_id)})`,
  local_only: products.local_only,
  weight_grams: products.weight_grams,
  option_groups: products.option_groups,
  size_variants: sql<ProductForOrder['size_variants']>`COALESCE((SELECT json_agg(${jsonObjectOf(sizeVariantSources)} ORDER BY ${productVariants.position}, ${productVariants.id})
    FROM ${productVariants} WHERE ${eq(productVariants.product_id, products.id)}), '[]'::json)`,
};

/**
 * Each product's row for pricing as one JSON array, so checkout can read it inside its context
 * statement: the ids one value each, or one int[] (the batched context read's).
 */
function productsForOrderSql(ids: (number | Placeholder)[] | SQL): SQL {
  const which = Array.isArray(ids) ? inArray(products.id, ids) : sql`${products.id} = ANY(${ids})`;
  return sql`(SELECT COALESCE(json_agg(${jsonObjectOf(productForOrderSources)}), '[]'::json)
    FROM ${products} WHERE ${which})`;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function productMap(value: unknown): Map<number, ProductForOrder> {
  const list = parseJson<ProductForOrder[] | null>(value) ?? [];
  return new Map(
    list.map((p) => [
      p.id,
      { ...p, local_only: p.local_only === true, discount: Number(p.discount), option_groups: parseJson(p.option_groups), size_variants: parseJson(p.size_variants) },
    ]),
  );
}

export async function loadProductsForOrder(db: DbOrTx, ids: number[]): Promise<Map<number, ProductForOrder>> {
  if (ids.length === 0) return new Map();
  const [row] = await queryRows<{ products: unknown }>(db, sql`SELECT ${productsForOrderSql(ids)} AS products`);
  return productMap(row?.products);
}

export interface IdempotentOrder {
  id: number;
  user_id: number | null;
  guest_email: string | null;
  fingerprint: string | null;
}

/**
 * Who an order's unpaid-order caps count (decision 045): the account (null for a guest), the e-mail
 * and address keys (core's capEmailKey and capAddressKey, null when empty) and the district.
 */
export interface UnpaidKeys {
  userId: number | null;
  email: string | null;
  address: string | null;
  districtId: number | null;
}

/** A buyer's open unpaid online orders by account, e-mail and address. */
export interface UnpaidCounts {
  byAccount: number;
  byEmail: number;
  byAddress: number;
}

/**
 * Migration 0019's `order_unpaid_counts` as one JSON value `{ by_account, by_email, by_address }`: the
 * count the checkout's writing statement repeats under its locks (`order_caps_hold`), an index lookup each.
 */
function openUnpaidCountsSql(keys: { [K in keyof UnpaidKeys]: Placeholder | SQL }): SQL {
  return sql`order_unpaid_counts(NULL::int, ${keys.userId}::int, ${keys.email}::text, ${keys.districtId}::int, ${keys.address}::text)`;
}

function readUnpaidCounts(value: unknown): UnpaidCounts {
  const row = parseJson<{ by_account?: number; by_email?: number; by_address?: number } | null>(value);
  return { byAccount: Number(row?.by_account ?? 0), byEmail: Number(row?.by_email ?? 0), byAddress: Number(row?.by_address ?? 0) };
}

/** Everything a checkout reads before it writes, fetched in one statement (issue 15: at most 8 round trips an order). */
export interface CheckoutContext<P extends Record<string, StatementPart<unknown>> = Record<string, never>> {
  /**
   * Taken from the sequences now, so the kode unik, the payment, the e-mails and the answer are made
   * before the write; or the id a checkout quote reserved (its kode unik was shown), then `reservedUsed`
   * says whether it cannot be used: an order already has it, or the sequence never gave it out.
   */
  orderId: number;
  reservedUsed: boolean;
  itemIds: number[];
  /** Ids for the order's shipments: one per distinct product is enough for any grouping by origin (unused ones are gaps). */
  shipmentIds: number[];
  /** The database's clock: the order's created_at, as the column's default would have set it. */
  now: Date;
  products: Map<number, ProductForOrder>;
  /** The buyer's open unpaid orders; null when not asked for (a quote). */
  unpaid: UnpaidCounts | null;
  /** The order already placed with this Idempotency-Key, if any. */
  existing: IdempotentOrder | null;
  /** What the other features' parts read, each typed by its owner (a part not asked for is null). */
  parts: { [K in keyof P]: PartValues<P>[K] | null };
}

/**
 * The context statements' shared columns, one checkout's or a batch's (decision 084): a quote's
 * reserved id is unusable when an order has it or the sequence never gave it out; the order placed
 * earlier with an Idempotency-Key; the database's clock; the configuration's version (decision 083).
 */
const reservedUsedSql = (reserved: Placeholder | SQL) =>
  sql`(EXISTS (SELECT 1 FROM orders WHERE id = ${reserved}::int) OR ${reserved}::bigint > (SELECT last_value FROM orders_id_seq))`;
const existingOrderSql = (key: Placeholder | SQL) =>
  sql`(SELECT json_build_object('id', o.id, 'user_id', o.user_id, 'guest_email', o.guest_email, 'fingerprint', o.idempotency_fingerprint)
           FROM orders o WHERE o.idempotency_key = ${key} LIMIT 1)`;
const nowMsSql = sql`(extract(epoch FROM now()) * 1000)::float8`;
const configVersionSql = sql`(SELECT version::text FROM config_version)`;

/** The context statement of each shape (what is asked for, which parts): compiled once (issue 30 §3). */
const contextStatements = new Map<string, CompiledStatement>();

const slot = (name: string) => sql.placeholder(name);

/**
 * The products are one placeholder each, not one int[] (the shape then counts them): PostgreSQL costs
 * a generic plan for an array of unknown length above the custom plan for the one it was given, so it
 * would plan the statement again on every execution, which cost more than running it (issue 30 §3).
 */
function contextStatement(shape: { products: number; reserved: boolean; unpaid: boolean; idempotency: boolean; parts: (StatementPart<unknown> | null)[] }): CompiledStatement {
  const key = `${shape.products}|${shape.reserved}|${shape.unpaid}|${shape.idempotency}|${shape.parts.map((p) => p?.key ?? '-').join('|')}`;
  let statement = contextStatements.get(key);
  if (statement) return statement;
  const orderId = shape.reserved ? sql`${slot('reserved')}::int` : sql`nextval('orders_id_seq')::int`;
  const reservedUsed = shape.reserved ? reservedUsedSql(slot('reserved')) : sql`false`;
  const existing = shape.idempotency ? existingOrderSql(slot('idempotency_key')) : sql`NULL::json`;
  const unpaid = shape.unpaid
    ? openUnpaidCountsSql({ userId: slot('unpaid_user'), email: slot('unpaid_email'), districtId: slot('unpaid_district'), address: slot('unpaid_address') })
    : sql`NULL::json`;
  const partColumns = shape.parts.map((part, i) => sql`, ${part ? (part.sql as SQL) : sql`NULL::json`} AS ${sql.raw(`part_${i}`)}`);
  // The ids come from unnest(array_fill(…)), not generate_series(1, $n): the generic plan counted 1,000
  // rows for each generate_series of unknown length, so it cost more than the custom plans, and without
  // the configuration parts' tables to outweigh that, PostgreSQL planned the statement again on every
  // checkout (0.60 ms of the backend's CPU against 0.26 on the generic plan, decision 083). The
  // configuration's version comes with every read: the parts this process keeps are left out.
  statement = compileStatement(
    sql`SELECT ${orderId} AS order_id, ${reservedUsed} AS reserved_used,
               ARRAY(SELECT nextval('order_items_id_seq')::int FROM unnest(array_fill(0, ARRAY[${slot('item_count')}::int]))) AS item_ids,
               ARRAY(SELECT nextval('shipments_id_seq')::int FROM unnest(array_fill(0, ARRAY[${slot('shipment_count')}::int]))) AS shipment_ids,
               ${nowMsSql} AS now_ms,
               ${productsForOrderSql(Array.from({ length: shape.products }, (_, i) => slot(`product_${i}`)))} AS products,
               ${unpaid} AS unpaid,
               ${existing} AS existing, cv.config_version${sql.join(partColumns, sql``)}
        FROM (SELECT ${configVersionSql} AS config_version) cv`,
  );
  contextStatements.set(key, statement);
  return statement;
}

/**
 * What this process read of each configuration part (settings, local prices of a district), with
 * the configuration's version it read it at (migration 0031, decision 083), per database: a test
 * process opens many. The context statement leaves a kept part out and reads the version; a part
 * whose version moved (a change in any process or server) is read again at once, before the checkout
 * goes on, so no checkout uses a setting older than its own context read.
 */
type Kept = Map<string, { version: string; value: unknown }>;
const keptParts = new WeakMap<object, Kept>();
/** Parts kept per database at most (one a district for the local prices): past it, all are read again. */
const MAX_KEPT_PARTS = 1000;

function keptConfig(db: DbOrTx): Kept {
  let kept = keptParts.get(db);
  if (!kept) {
    kept = new Map();
    keptParts.set(db, kept);
  }
  return kept;
}

const keptKey = (part: StatementPart<unknown>) => (part.values ? `${part.key}|${JSON.stringify(part.values)}` : part.key);

function keep(kept: Kept, key: string, version: string | null, value: unknown): void {
  if (version === null) return;
  if (kept.size >= MAX_KEPT_PARTS && !kept.has(key)) kept.clear();
  kept.set(key, { version, value });
}

const configStatements = new Map<string, CompiledStatement>();
/** A kept part whose version moved, until it is read again. */
const STALE = Symbol('stale');

/** Configuration parts whose kept value is of an older version, read again with the version now. */
async function readConfigParts(db: DbOrTx, parts: StatementPart<unknown>[], kept: Kept): Promise<unknown[]> {
  const key = parts.map((part) => part.key).join('|');
  let statement = configStatements.get(key);
  if (!statement) {
    const columns = parts.map((part, i) => sql`, ${part.sql as SQL} AS ${sql.raw(`part_${i}`)}`);
    statement = compileStatement(sql`SELECT ${configVersionSql} AS config_version${sql.join(columns, sql``)}`);
    configStatements.set(key, statement);
  }
  const [row] = await runCompiled<{ config_version: string | null } & Record<string, unknown>>(db, statement, Object.assign({}, ...parts.map((part) => part.values ?? {})) as Record<string, unknown>);
  return parts.map((part, i) => {
    const value = part.read(row?.[`part_${i}`]);
    keep(kept, keptKey(part), row?.config_version ?? null, value);
    return value;
  });
}

/** What one checkout's context read asks for, its configuration parts aside. */
interface ContextRequest {
  productIds: number[];
  itemCount: number;
  shipmentCount: number;
  reserved: number | undefined;
  idempotencyKey: string | undefined;
  unpaid: UnpaidKeys | null;
}

/** What a context row holds of one checkout. */
interface ContextFields {
  order_id: number;
  reserved_used: boolean;
  item_ids: number[] | string;
  shipment_ids: number[] | string;
  now_ms: number;
  unpaid: unknown;
  existing: unknown;
  config_version: string | null;
}

/** A context row as the driver gives it, the parts' columns (`part_0`, …) included. */
type RawContextRow = ContextFields & { products: unknown } & Record<string, unknown>;
/** One checkout's context row, its products read. */
type ContextRow = ContextFields & { products: Map<number, ProductForOrder> } & Record<string, unknown>;

/** One checkout's context statement (contextStatement), with the parts it asks for. */
async function readContextRow(db: Db, request: ContextRequest, asked: (StatementPart<unknown> | null)[]): Promise<ContextRow> {
  const statement = contextStatement({ products: request.productIds.length, reserved: request.reserved !== undefined, unpaid: request.unpaid !== null, idempotency: request.idempotencyKey !== undefined, parts: asked });
  const values: Record<string, unknown> = {
    item_count: request.itemCount,
    shipment_count: request.shipmentCount,
    reserved: request.reserved,
    idempotency_key: request.idempotencyKey,
    unpaid_user: request.unpaid?.userId,
    unpaid_email: request.unpaid?.email,
    unpaid_district: request.unpaid?.districtId,
    unpaid_address: request.unpaid?.address,
  };
  request.productIds.forEach((id, i) => (values[`product_${i}`] = id));
  for (const part of asked) if (part?.values) Object.assign(values, part.values);
  const [row] = await runCompiled<RawContextRow>(db, statement, values);
  if (!row) throw new Error('checkout context returned nothing');
  return { ...row, products: productMap(row.products) };
}

let contextBatchStatement: CompiledStatement | undefined;

/**
 * The context reads of concurrent checkouts in one statement (issue 30 §3, decision 084): a row a
 * checkout, numbered as asked, each with the ids it takes and its own unpaid counts and earlier
 * order; the database's clock, the configuration's version and the products of all the carts come
 * once, with the first row. Its arrays change length with the batch, so PostgreSQL plans it for
 * each batch; one plan, one Bind and one round trip for the batch cost less than one each.
 */
function batchStatement(): CompiledStatement {
  contextBatchStatement ??= compileStatement(
    sql`SELECT r.n::int AS n,
               CASE WHEN r.reserved IS NULL THEN nextval('orders_id_seq')::int ELSE r.reserved END AS order_id,
               (r.reserved IS NOT NULL AND ${reservedUsedSql(sql`r.reserved`)}) AS reserved_used,
               ARRAY(SELECT nextval('order_items_id_seq')::int FROM generate_series(1, r.item_count)) AS item_ids,
               ARRAY(SELECT nextval('shipments_id_seq')::int FROM generate_series(1, r.shipment_count)) AS shipment_ids,
               CASE WHEN r.unpaid THEN ${openUnpaidCountsSql({ userId: sql`r.unpaid_user`, email: sql`r.unpaid_email`, districtId: sql`r.unpaid_district`, address: sql`r.unpaid_address` })} END AS unpaid,
               CASE WHEN r.idempotency_key IS NOT NULL THEN ${existingOrderSql(sql`r.idempotency_key`)} END AS existing,
               CASE WHEN r.n = 1 THEN ${nowMsSql} END AS now_ms,
               CASE WHEN r.n = 1 THEN ${configVersionSql} END AS config_version,
               CASE WHEN r.n = 1 THEN ${productsForOrderSql(sql`${slot('products')}::int[]`)} END AS products
        FROM unnest(${slot('reserved')}::int[], ${slot('item_count')}::int[], ${slot('shipment_count')}::int[], ${slot('unpaid')}::boolean[],
                    ${slot('unpaid_user')}::int[], ${slot('unpaid_email')}::text[], ${slot('unpaid_district')}::int[], ${slot('unpaid_address')}::text[],
                    ${slot('idempotency_key')}::text[])
             WITH ORDINALITY AS r(reserved, item_count, shipment_count, unpaid, unpaid_user, unpaid_email, unpaid_district, unpaid_address, idempotency_key, n)
        ORDER BY r.n`,
  );
  return contextBatchStatement;
}

/** The context rows of several checkouts, in one statement, in the order asked. */
async function readContextRows(db: Db, requests: ContextRequest[]): Promise<ContextRow[]> {
  const column = <T>(value: (request: ContextRequest) => T) => requests.map(value);
  const rows = await runCompiled<RawContextRow>(db, batchStatement(), {
    products: [...new Set(requests.flatMap((request) => request.productIds))],
    reserved: column((request) => request.reserved ?? null),
    item_count: column((request) => request.itemCount),
    shipment_count: column((request) => request.shipmentCount),
    unpaid: column((request) => request.unpaid !== null),
    unpaid_user: column((request) => request.unpaid?.userId ?? null),
    unpaid_email: column((request) => request.unpaid?.email ?? null),
    unpaid_district: column((request) => request.unpaid?.districtId ?? null),
    unpaid_address: column((request) => request.unpaid?.address ?? null),
    idempotency_key: column((request) => request.idempotencyKey ?? null),
  });
  const first = rows[0];
  if (rows.length !== requests.length || !first) throw new Error('checkout context batch returned another number of rows');
  const all = productMap(first.products);
  return rows.map((row, i) => {
    const products = new Map<number, ProductForOrder>();
    for (const id of requests[i]!.productIds) {
      const product = all.get(id);
      if (product) products.set(id, product);
    }
    return { ...row, now_ms: first.now_ms, config_version: first.config_version, products };
  });
}

/** A batch's outcome for one checkout: its row, or the error of its own statement. */
type ContextAnswer = { row: ContextRow } | { error: unknown };

/** The context reads batched by event-loop turn (lib/batch.ts), per database handle. */
const contextBatches = new WeakMap<Db, ReadBatch<ContextRequest, ContextAnswer>>();
/** Checkouts in one batched read at most. */
const MAX_BATCHED_READS = 50;

function contextBatch(db: Db): ReadBatch<ContextRequest, ContextAnswer> {
  let batch = contextBatches.get(db);
  if (!batch) {
    batch = new ReadBatch(async (requests) => new Map(await readContexts(db, requests)), MAX_BATCHED_READS);
    contextBatches.set(db, batch);
  }
  return batch;
}

/**
 * A turn's context reads: one checkout alone by its own prepared statement (its generic plan); several
 * together by the batch statement. A batch that fails is read again a checkout at a time, so an error
 * is the answer of the checkout that caused it only.
 */
async function readContexts(db: Db, requests: ContextRequest[]): Promise<[ContextRequest, ContextAnswer][]> {
  if (requests.length > 1) {
    try {
      const rows = await readContextRows(db, requests);
      return requests.map((request, i) => [request, { row: rows[i]! }]);
    } catch {
      // Whose request failed is known only by reading each alone.
    }
  }
  return Promise.all(
    requests.map(async (request): Promise<[ContextRequest, ContextAnswer]> => {
      try {
        return [request, { row: await readContextRow(db, request, []) }];
      } catch (error) {
        return [request, { error }];
      }
    }),
  );
}

/**
 * A checkout's context read (CheckoutContext). It is never part of a transaction: the write that
 * follows checks again under its locks what it read. Concurrent checkouts whose configuration parts
 * this process keeps are read together (decision 084); a checkout that must read a part goes alone.
 */
export async function loadCheckoutContext<P extends Record<string, StatementPart<unknown>>>(
  db: Db,
  input: {
    productIds: number[];
    itemCount: number;
    /** Shipment ids to take (a quote writes none). */
    shipmentCount?: number | undefined;
    unpaid: UnpaidKeys | null;
    idempotencyKey: string | undefined;
    /** Other features' parts (decision 075); a null part is not read. */
    parts: { [K in keyof P]: P[K] | null };
    reservedOrderId?: number | undefined;
  },
): Promise<CheckoutContext<P>> {
  const partNames = Object.keys(input.parts) as (keyof P & string)[];
  const parts = partNames.map((name) => input.parts[name] as StatementPart<unknown> | null);
  const kept = keptConfig(db);
  const keys = parts.map((part) => (part?.config ? keptKey(part) : null));
  const left = parts.map((_part, i) => (keys[i] == null ? undefined : kept.get(keys[i])));
  const asked = parts.map((part, i) => (left[i] ? null : part));
  const request: ContextRequest = {
    productIds: input.productIds,
    itemCount: input.itemCount,
    shipmentCount: input.shipmentCount ?? input.productIds.length,
    reserved: input.reservedOrderId,
    idempotencyKey: input.idempotencyKey,
    unpaid: input.unpaid,
  };
  let row: ContextRow;
  if (asked.some((part) => part !== null)) {
    row = await readContextRow(db, request, asked);
  } else {
    const answer = await contextBatch(db).load(request);
    if (!answer) throw new Error('checkout context batch lost a request');
    if ('error' in answer) throw answer.error;
    row = answer.row;
  }
  const partValues = parts.map((part, i): unknown => {
    const known = left[i];
    if (known) return known.version === row.config_version ? known.value : STALE;
    if (!part) return null;
    const value = part.read(row[`part_${i}`]);
    if (keys[i] != null) keep(kept, keys[i], row.config_version, value);
    return value;
  });
  const stale = parts.flatMap((part, i) => (part && partValues[i] === STALE ? [i] : []));
  if (stale.length > 0) {
    const again = await readConfigParts(db, stale.map((i) => parts[i]!), kept);
    stale.forEach((partIndex, i) => (partValues[partIndex] = again[i]));
  }
  const ids = (value: number[] | string) => (typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : value).map(Number);
  return {
    orderId: Number(row.order_id),
    reservedUsed: row.reserved_used === true || (row.reserved_used as unknown) === 't',
    itemIds: ids(row.item_ids),
    shipmentIds: ids(row.shipment_ids),
    now: new Date(Math.floor(Number(row.now_ms))),
    products: row.products,
    unpaid: input.unpaid ? readUnpaidCounts(row.unpaid) : null,
    existing: parseJson<IdempotentOrder | null>(row.existing),
    parts: Object.fromEntries(partNames.map((name, i) => [name, partValues[i] ?? null])) as CheckoutContext<P>['parts'],
  };
}

/** An order as the code writes it; `search_names` is filled by the database's trigger (docs/database.md). */
export type OrderRow = Omit<typeof orders.$inferSelect, 'search_names'>;
export type OrderItemRow = typeof orderItems.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
/** What an order answer shows of its payment (the verification window is the expiry job's, decision 044). */
export type PaymentView = Omit<PaymentRow, 'id' | 'order_id' | 'channel_code' | 'merchant_ref' | 'last_callback' | 'proof_file' | 'proof_content_type' | 'verified_by' | 'verification_due_at' | 'created_at' | 'updated_at'>;

type Row = Record<string, unknown>;
interface InsertTarget {
  /** `INSERT INTO "t" ("a", "b", …) VALUES `: every column, in the table's order. */
  head: string;
  name: string;
  /** `name`: the quoted column; `type`: its SQL type, as an array's element (a serial is its integer). */
  columns: { key: string; name: string; type: string; toDriver: (value: unknown) => unknown }[];
}

const serialTypes: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

const insertTargets = new Map<Table, InsertTarget>();

/** A table's columns, with how each value is sent (drizzle's own mapping: JSON as text, times as ISO strings). */
function targetOf(table: Table): InsertTarget {
  let target = insertTargets.get(table);
  if (!target) {
    const columns = Object.entries(getTableColumns(table));
    target = {
      head: `INSERT INTO "${getTableName(table)}" (${columns.map(([, column]) => `"${column.name}"`).join(', ')}) VALUES `,
      name: getTableName(table),
      columns: columns.map(([key, column]) => ({
        key,
        name: `"${column.name}"`,
        type: serialTypes[column.getSQLType()] ?? column.getSQLType(),
        toDriver: (value: unknown) => column.mapToDriverValue(value),
      })),
    };
    insertTargets.set(table, target);
  }
  return target;
}

/** The INSERT drizzle would write for these rows: every column, DEFAULT where a row leaves one out. */
function insertText(table: Table, rows: Row[], params: unknown[]): string {
  const target = targetOf(table);
  let text = target.head;
  rows.forEach((row, r) => {
    text += r === 0 ? '(' : ', (';
    target.columns.forEach((column, c) => {
      const value = row[column.key];
      if (c > 0) text += ', ';
      if (value === undefined) {
        text += 'DEFAULT';
      } else {
        params.push(value === null ? null : column.toDriver(value));
        text += `$${params.length}`;
      }
    });
    text += ')';
  });
  return text;
}

/**
 * Text-like columns (text, JSON, times) go as one string a column, each value ended by a separator
 * no value holds, and are split by `string_to_array`: an array literal of e-mail bodies and JSON had
 * to be escaped by the driver and parsed by PostgreSQL's array_in character by character, a sixth of
 * a batch's CPU in the database (issue 30 §3). A value holding the separator (a control character
 * no form accepts) or the null mark sends the rows the old way.
 */
const SEPARATOR = '\x1e';
const NULL_MARK = '\x1f';
const splitTypes = /^(text|jsonb?|timestamp|date|numeric|character|varchar)/;

/**
 * The same INSERT with one array a column (`SELECT * FROM unnest($1::integer[], …)`): its text is the
 * same for any number of rows, so a batch's statement can be prepared (decision 081). Undefined when
 * the rows do not all give the same columns, or a value is not a scalar the driver writes as an array's
 * element (an array column): insertText writes those.
 */
function insertArraysText(table: Table, rows: Row[], params: unknown[]): string | undefined {
  const target = targetOf(table);
  const first = rows[0]!;
  const given = target.columns.filter((column) => first[column.key] !== undefined);
  const arrays: unknown[][] = [];
  for (const column of given) {
    const values: unknown[] = [];
    for (const row of rows) {
      const value = row[column.key];
      if (value === undefined) return undefined;
      const sent = value === null ? null : column.toDriver(value);
      if (sent !== null && typeof sent === 'object') return undefined;
      values.push(sent);
    }
    arrays.push(values);
  }
  if (rows.some((row) => target.columns.some((column) => row[column.key] !== undefined && first[column.key] === undefined))) return undefined;
  // Every column checked before any parameter is pushed: a value holding the separator sends the
  // rows row by row, with parameters of their own.
  const sent: { value: unknown; type: string; split: boolean }[] = [];
  for (const [i, column] of given.entries()) {
    const values = arrays[i]!;
    if (!splitTypes.test(column.type)) {
      sent.push({ value: values, type: column.type, split: false });
      continue;
    }
    let joined = '';
    for (const value of values) {
      const text = value === null ? NULL_MARK : String(value);
      if (text.includes(SEPARATOR) || (value !== null && text === NULL_MARK)) return undefined;
      joined += text + SEPARATOR;
    }
    sent.push({ value: joined, type: column.type, split: true });
  }
  const columns = sent.map(({ value, type, split }) => {
    params.push(value);
    const n = `$${params.length}`;
    if (!split) return `unnest(${n}::${type}[])`;
    const texts = `trim_array(string_to_array(${n}::text, E'\\x1e', E'\\x1f'), 1)`;
    return `unnest(${type === 'text' ? texts : `${texts}::${type}[]`})`;
  });
  return `INSERT INTO "${target.name}" (${given.map((column) => column.name).join(', ')}) SELECT * FROM ROWS FROM (${columns.join(', ')})`;
}

export type PlacedOrder = {
  order: NewOrder & { id: number };
  /** One per origin (decision 049); written before the items that point at them, in the same statement. */
  shipments?: (typeof shipments.$inferInsert & { id: number })[];
  items: (NewOrderItem & { id: number; order_id: number; shipment_id?: number | null })[];
  payment: typeof payments.$inferInsert | null;
  mails: (typeof mailOutbox.$inferInsert)[];
};

/** A reserved order id (POST /orders/quote): its kode unik is shown before the order is placed. */
export async function reserveOrderId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT nextval('orders_id_seq')::int AS id`);
  if (!row) throw new Error('order id reservation returned nothing');
  return Number(row.id);
}

/** The unpaid-order caps a storefront order is written under (decision 045): its keys and the limits. */
export interface OrderCaps {
  userId: number | null;
  email: string | null;
  address: string | null;
  districtId: number | null;
  maxAccount: number;
  maxEmail: number;
  maxAddress: number;
}

export type CapName = 'account' | 'email' | 'address';

/** A cap was reached when the order was written: the buyer's open unpaid orders of that kind. */
export class UnpaidCapReached extends Error {
  constructor(
    readonly cap: CapName,
    readonly count: number,
  ) {
    super(`unpaid order cap (${cap}) reached`);
  }
}

/** The SQLSTATE `order_caps_hold` raises (migration 0019). */
const CAP_REACHED = 'PU002';

/** `order_caps_hold(...)` for this order, its values appended to `params`. */
function capsHoldText(orderId: number, caps: OrderCaps, params: unknown[]): string {
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  return `order_caps_hold(${param(orderId, 'int')}, ${param(caps.userId, 'int')}, ${param(caps.email, 'text')}, ${param(caps.districtId, 'int')}, ${param(caps.address, 'text')}, ${param(caps.maxAccount, 'int')}, ${param(caps.maxEmail, 'int')}, ${param(caps.maxAddress, 'int')})`;
}

/** The database's own error: drizzle gives it as the `cause` of its own. */
function databaseError(error: unknown): { code?: string; detail?: string } {
  const e = (error ?? {}) as { code?: string; detail?: string; cause?: { code?: string; detail?: string } };
  return e.code === undefined && e.cause ? e.cause : e;
}

function capReached(error: unknown): UnpaidCapReached | undefined {
  const e = databaseError(error);
  if (e.code !== CAP_REACHED || !e.detail) return undefined;
  const detail = JSON.parse(e.detail) as { cap: CapName; count: number };
  return new UnpaidCapReached(detail.cap, Number(detail.count));
}

/**
 * A placed order, its items, its payment and its e-mails, and the stock its lines take, in one
 * statement and so one transaction of its own (issue 15): the ids come from `loadCheckoutContext`, so
 * no insert waits for another's answer, and no BEGIN or COMMIT is a round trip of its own. The
 * products stay locked from the stock update to the statement's commit, not while a reply travels to
 * Node and a COMMIT back. When a line is short, `stock_short` (migration 0017) aborts the statement,
 * so nothing is written, and InsufficientStock names the first short line as takeStock does.
 * Written as text with parameters (db/client's rawQuery), not through drizzle's insert builder,
 * whose building of ~80 columns' SQL cost too much of a checkout's time
 * (docs/decisions/036-checkout-and-back-office-at-scale.md). A value given as SQL (none is today)
 * goes through drizzle, in a transaction, as before.
 * With `caps`, the statement first takes the caps' advisory locks and counts the buyer's open unpaid
 * orders (migration 0019's `order_caps_hold`), before it locks any product: a parallel checkout of the
 * same buyer waits for this one's commit and then counts its order, so no cap is passed by a race
 * (decision 045). A reached cap raises UnpaidCapReached and writes nothing.
 */
export async function writePlacedOrder(db: Db, placed: PlacedOrder, lines: StockLine[], caps?: OrderCaps): Promise<void> {
  if (!batchable(placed)) {
    try {
      await db.transaction(async (tx) => {
        if (caps) {
          const params: unknown[] = [];
          await rawQuery(tx, `SELECT ${capsHoldText(placed.order.id, caps, params)}`, params);
        }
        await insertPlacedOrderByBuilder(tx, placed);
        await takeStock(tx, lines);
      });
    } catch (error) {
      throw capReached(error) ?? error;
    }
    return;
  }
  await writePlacedOrders(db, [{ placed, lines, caps }]);
}

/** One order's write, as the checkout's write batch (order-write-batch.ts) gathers them. */
export interface PlacedOrderWrite {
  placed: PlacedOrder;
  lines: StockLine[];
  caps?: OrderCaps | undefined;
}

/** Every row an order writes: the order, its shipments, items, payment and e-mails. */
export function placedRows(placed: PlacedOrder): Record<string, unknown>[] {
  return [placed.order, ...(placed.shipments ?? []), ...placed.items, ...(placed.payment ? [placed.payment] : []), ...placed.mails] as Row[];
}

/** Whether an order is written as text with parameters (no value given as SQL), and so can share a statement with others. */
export function batchable(placed: PlacedOrder): boolean {
  // Only an object can be SQL: drizzle's `is` walks prototypes, and an order has ~200 plain values.
  return !placedRows(placed).some((row) => Object.values(row).some((value) => typeof value === 'object' && value !== null && is(value, SQL)));
}

/**
 * Several checkouts' orders in one statement, and so one transaction and one commit (decision 080):
 * the statement writePlacedOrder makes for one order, with every order's rows in its inserts, every
 * line in its stock update (quantities of one product added) and every order's unpaid caps held.
 * Before any order's caps, the keys of all of them are locked in one ascending pass
 * (`order_cap_lock_keys`, migration 0029), so two batches never wait on each other in a cycle; the
 * batch holds no two orders of one buyer (order-write-batch.ts), so each order's count is its own.
 * Any failure writes nothing: a short product or a reached cap fails the whole statement, and the
 * batch then writes each order alone to know whose it was. Every value goes in an array a column
 * (caps, stock lines, rows), so the text is the same for one order or fifty and the statement is
 * prepared: parsing and planning a batch's text of ~1,000 parameters was a fifth of PostgreSQL's CPU
 * an order (decision 081).
 */
export async function writePlacedOrders(db: Db, writes: PlacedOrderWrite[]): Promise<void> {
  const params: unknown[] = [];
  const param = (values: unknown[], type: string) => {
    params.push(values);
    return `$${params.length}::${type}`;
  };
  const capped = writes.filter((w): w is PlacedOrderWrite & { caps: OrderCaps } => w.caps !== undefined);
  const ctes: string[] = [];
  if (capped.length > 0) {
    // One array a field, so the text is the same for any number of orders (decision 081).
    const of = <T>(field: (w: PlacedOrderWrite & { caps: OrderCaps }) => T) => capped.map(field);
    const buyers = `${param(of((w) => w.caps.userId), 'int[]')}, ${param(of((w) => w.caps.email), 'text[]')}, ${param(of((w) => w.caps.districtId), 'int[]')}, ${param(of((w) => w.caps.address), 'text[]')}`;
    ctes.push(`cap_locks AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT k FROM unnest(${buyers}) AS c(buyer, email, district, address)
      CROSS JOIN LATERAL unnest(order_cap_lock_keys(c.buyer, c.email, c.district, c.address)) AS k ORDER BY k) keys) locked_keys)`);
    const limits = `unnest(${param(of((w) => w.placed.order.id), 'int[]')}, ${buyers}, ${param(of((w) => w.caps.maxAccount), 'int[]')}, ${param(of((w) => w.caps.maxEmail), 'int[]')}, ${param(of((w) => w.caps.maxAddress), 'int[]')})`;
    // Materialised and read by the stock lock's condition: evaluated once, before any product is locked.
    ctes.push(`held AS MATERIALIZED (SELECT bool_and(order_caps_hold(c.id, c.buyer, c.email, c.district, c.address, c.max_account, c.max_email, c.max_address)) AS ok
      FROM cap_locks, ${limits} AS c(id, buyer, email, district, address, max_account, max_email, max_address))`);
  }
  const held = capped.length > 0;
  const stock = stockStatement(writes.flatMap((w) => w.lines), params, held ? '(SELECT ok FROM held)' : undefined);
  if (stock) ctes.push(stock.ctes);
  const tables: [Table, Row[]][] = [
    [shipments, writes.flatMap((w) => (w.placed.shipments ?? []) as unknown as Row[])],
    [orderItems, writes.flatMap((w) => w.placed.items as unknown as Row[])],
    [payments, writes.flatMap((w) => (w.placed.payment ? [w.placed.payment as Row] : []))],
    [mailOutbox, writes.flatMap((w) => w.placed.mails as Row[])],
    [orders, writes.map((w) => w.placed.order as Row)],
  ];
  // Prepared while every insert is written with arrays: its text then has few shapes (which tables,
  // which columns, caps, sizes), not one a number of rows.
  let prepare = true;
  const inserts = tables
    .filter(([, rows]) => rows.length > 0)
    .map(([table, rows]) => {
      const arrays = insertArraysText(table, rows, params);
      if (arrays) return arrays;
      prepare = false;
      return insertText(table, rows, params);
    });
  inserts.forEach((insert, i) => ctes.push(`${i === inserts.length - 1 ? 'o' : `w${i}`} AS (${insert})`));
  try {
    await rawQuery(db, `WITH ${ctes.join(',\n')}\nSELECT ${stock ? `stock_short((SELECT json_agg(s) FROM (${shortLinesSql}) s))` : held ? '(SELECT ok FROM held)' : 'NULL'}`, params, { prepare });
  } catch (error) {
    const cap = capReached(error);
    if (cap) throw cap;
    const e = databaseError(error);
    if (stock && e.code === STOCK_SHORT && e.detail) {
      const short = firstShortLine(stock.ordered, JSON.parse(e.detail) as ShortRow[]);
      if (short) throw new InsufficientStock(short);
    }
    throw error;
  }
}

/** The SQLSTATE `stock_short` raises (migration 0017). */
const STOCK_SHORT = 'PU001';

async function insertPlacedOrderByBuilder(tx: DbOrTx, placed: PlacedOrder): Promise<void> {
  const parts: SQL[] = [];
  if (placed.shipments && placed.shipments.length > 0) parts.push(tx.insert(shipments).values(placed.shipments).getSQL());
  if (placed.items.length > 0) parts.push(tx.insert(orderItems).values(placed.items).getSQL());
  if (placed.payment) parts.push(tx.insert(payments).values(placed.payment).getSQL());
  if (placed.mails.length > 0) parts.push(tx.insert(mailOutbox).values(placed.mails).getSQL());
  const ctes = parts.map((part, i) => sql`${sql.raw(`w${i}`)} AS (${part})`);
  const insertOrder = tx.insert(orders).values(placed.order).getSQL();
  await tx.execute(ctes.length > 0 ? sql`WITH ${sql.join(ctes, sql`, `)} ${insertOrder}` : insertOrder);
}

/**
 * Cancels an order whose payment could not be opened, with its event, and returns its stock (once,
 * through `stock_held`); in the caller's transaction.
 */
export async function cancelUnpaidOrder(db: DbOrTx, orderId: number, note: string): Promise<void> {
  const rows = await db
    .update(orders)
    .set({ status: 'cancelled', updated_at: sql`now()`, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, orderId), sql`${orders.status} <> 'cancelled'`))
    .returning({ id: orders.id });
  if (rows.length > 0) {
    await db.insert(orderEvents).values({ order_id: orderId, kind: 'payment', from_status: null, to_status: 'cancelled', note });
  }
  await returnOrderStock(db, orderId);
}

export type NewOrder = typeof orders.$inferInsert;
export interface NewOrderItem {
  product_id: number;
  product_name: string;
  variant_label: string | null;
  selected_options: SelectedOption[];
  quantity: number;
  price: number;
  line_total: number;
}

export async function insertOrderWithItems(tx: DbOrTx, order: NewOrder, items: NewOrderItem[]): Promise<number> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  await tx.insert(orderItems).values(items.map((i) => ({ ...i, order_id: row.id })));
  return row.id;
}

export async function findOrderIdByIdempotencyKey(
  db: DbOrTx,
  key: string,
): Promise<{ id: number; user_id: number | null; guest_email: string | null; fingerprint: string | null } | undefined> {
  const rows = await db
    .select({ id: orders.id, user_id: orders.user_id, guest_email: orders.guest_email, fingerprint: orders.idempotency_fingerprint })
    .from(orders)
    .where(eq(orders.idempotency_key, key))
    .limit(1);
  return rows[0];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

/** A shipment row in the API's shape: its lines are the order's items pointing at it, its events in time order. */
export function toShipment(s: ShipmentRow, items: Pick<OrderItemRow, 'id' | 'shipment_id'>[], events: ShipmentEventRow[]): Shipment {
  return {
    id: s.id,
    position: s.position,
    origin_district_id: s.origin_district_id,
    origin_label: s.origin_label,
    kind: s.kind as ShipmentKind,
    courier_code: s.courier_code,
    courier_name: s.courier_name,
    service: s.service,
    cost: s.cost,
    status: s.status as ShipmentStatus,
    status_label: shipmentStatusLabel(s.status),
    tracking_number: s.tracking_number,
    shipped_at: iso(s.shipped_at),
    delivered_at: iso(s.delivered_at),
    received_at: iso(s.received_at),
    item_ids: items.filter((i) => i.shipment_id === s.id).map((i) => i.id),
    events: events
      .filter((e) => e.shipment_id === s.id)
      .sort((a, b) => a.happened_at.getTime() - b.happened_at.getTime() || a.id - b.id)
      .map(toShipmentEvent),
    version: s.version,
  };
}

/** A timeline row in the API's shape: the order answer and the tracking answer alike. */
export function toShipmentEvent(e: ShipmentEventRow): ShipmentEvent {
  return {
    id: e.id,
    happened_at: e.happened_at.toISOString(),
    status: e.status,
    status_label: e.status ? shipmentStatusLabel(e.status) : null,
    description: e.description,
    location: e.location,
    source: e.source,
  };
}

/** Orders with their items, latest payment and shipments, in the API's shape. */
export async function loadOrders(db: DbOrTx, ids: number[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const orderRows = await db.select().from(orders).where(inArray(orders.id, ids));
  const itemRows = await db.select().from(orderItems).where(inArray(orderItems.order_id, ids)).orderBy(orderItems.id);
  const paymentRows = await db.select().from(payments).where(inArray(payments.order_id, ids)).orderBy(desc(payments.id));
  const shipmentRows = await db.select().from(shipments).where(inArray(shipments.order_id, ids)).orderBy(asc(shipments.position), asc(shipments.id));
  const eventRows =
    shipmentRows.length === 0
      ? []
      : await db
          .select()
          .from(shipmentEvents)
          .where(inArray(shipmentEvents.shipment_id, shipmentRows.map((s) => s.id)))
          .orderBy(asc(shipmentEvents.happened_at), asc(shipmentEvents.id));
  // Only a paid order can have refunds (decision 050): no extra round trip for the others.
  const paidIds = orderRows.filter((o) => o.payment_status === 'paid').map((o) => o.id);
  const refundRows =
    paidIds.length === 0
      ? []
      : await db
          .select({ order_id: refunds.order_id, amount: sql<number>`sum(${refunds.amount})::int` })
          .from(refunds)
          .where(inArray(refunds.order_id, paidIds))
          .groupBy(refunds.order_id);
  const byId = new Map(
    orderRows.map((o) => {
      const items = itemRows.filter((i) => i.order_id === o.id);
      return [
        o.id,
        toOrder(
          o,
          items,
          paymentRows.find((p) => p.order_id === o.id),
          shipmentRows.filter((s) => s.order_id === o.id).map((s) => toShipment(s, items, eventRows)),
          refundRows.find((r) => r.order_id === o.id)?.amount ?? 0,
        ),
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
}

/**
 * An order row with its items, latest payment and shipments, in the API's shape. `shipments` defaults
 * to none for callers that have not read them (the point of sale has none).
 */
export function toOrder(o: OrderRow, items: OrderItemRow[], payment: PaymentView | undefined, orderShipments: Shipment[] = [], refunded = 0): Order {
  const refund = { refunded, total: o.total_amount };
  return {
    id: o.id,
    user_id: o.user_id,
    guest_email: o.guest_email,
    status: o.status,
    status_label: orderStatusLabel(o.status),
    payment_status: o.payment_status,
    payment_status_label: refunded > 0 ? paymentStateLabel(o.payment_status, null, refund) : paymentStatusLabel(o.payment_status),
    order_type: o.order_type,
    payment_method: o.payment_method,
    subtotal_amount: o.subtotal_amount,
    shipping_cost: o.shipping_cost,
    payment_fee: o.payment_fee,
    unique_code: o.unique_code,
    total_amount: o.total_amount,
    refunded_amount: refunded,
    payment_reference: o.payment_reference,
    payment_due_at: iso(o.payment_due_at),
    order_url: o.access_token ? orderPath(o.access_token) : null,
    cash_received: o.cash_received,
    change_due: o.change_due,
    notes: o.notes,
    customer_name: o.customer_name,
    customer_phone: o.customer_phone,
    customer_email: o.customer_email,
    shipping_name: o.shipping_name,
    shipping_phone: o.shipping_phone,
    shipping_address: o.shipping_address,
    shipping_province: o.shipping_province,
    shipping_city: o.shipping_city,
    shipping_district: o.shipping_district,
    shipping_postcode: o.shipping_postcode,
    shipping_courier: o.shipping_courier,
    shipping_service: o.shipping_service,
    created_at: o.created_at.toISOString(),
    updated_at: o.updated_at.toISOString(),
    version: o.version,
    order_items: items.map((i) => ({
      id: i.id,
      product_id: i.product_id,
      product: { id: i.product_id, name: i.product_name },
      product_name: i.product_name,
      variant_label: i.variant_label,
      selected_options: i.selected_options,
      quantity: i.quantity,
      price: i.price,
      line_total: i.line_total,
      shipment_id: i.shipment_id ?? null,
    })),
    payment: payment
      ? {
          provider: payment.provider,
          reference: payment.reference,
          payment_name: payment.payment_name,
          amount: payment.amount,
          total_amount: payment.amount,
          fee_customer: payment.fee_customer,
          status: payment.status,
          pay_code: payment.pay_code,
          pay_url: payment.pay_url,
          checkout_url: payment.checkout_url,
          qr_url: payment.qr_url,
          // Rows written before issue 18 (docs/issues.md) hold HTML steps; the answer is always words and bold.
          instructions: readInstructions(payment.instructions),
          expires_at: iso(payment.expires_at),
          paid_at: iso(payment.paid_at),
          sandbox: payment.provider === 'sandbox',
          bank_accounts: payment.bank_accounts,
          transfer_note: payment.transfer_note,
          proof_status: payment.proof_status as 'none' | 'submitted' | 'rejected',
          proof_uploaded_at: iso(payment.proof_uploaded_at),
          rejection_reason: payment.rejection_reason,
          verified_at: iso(payment.verified_at),
          state_label: paymentStateLabel(o.payment_status, payment.proof_status, refund),
        }
      : null,
    shipments: orderShipments,
  };
}

export async function listOrderIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.user_id, userId)).orderBy(desc(orders.created_at), desc(orders.id)).limit(200);
  return rows.map((r) => r.id);
}

export async function findOrderOwner(db: DbOrTx, id: number): Promise<{ user_id: number | null; guest_email: string | null } | undefined> {
  const rows = await db.select({ user_id: orders.user_id, guest_email: orders.guest_email }).from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0];
}

export async function findOrderIdByAccessToken(db: DbOrTx, token: string): Promise<number | undefined> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.access_token, token)).limit(1);
  return rows[0]?.id;
}
