/** The only SQL of couriers and their regional prices. */
import { asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CourierInput, CourierListQuery, CourierPriceInput, CourierSort } from '@pasar/core/couriers';
import { containsPattern } from '../../db/like';
import { queryRows, type DbOrTx } from '../../db/client';
import { courierPrices, couriers } from '../../db/schema';
import type { StatementPart } from '../../lib/statement-part';
import { updateVersioned } from '../../lib/optimistic.repository';

export type CourierRow = typeof couriers.$inferSelect;
export type CourierPriceRow = typeof courierPrices.$inferSelect;

/**
 * The columns the list may be sorted by (issue 31), each fixed SQL: the query only names a key of
 * this map. Status in the order of its steps (active, busy, inactive), not alphabetically.
 */
const courierSortColumns: Record<CourierSort, SQL> = {
  courier_name: sql`lower(${couriers.courier_name})`,
  status: sql`CASE ${couriers.status} WHEN 'active' THEN 0 WHEN 'busy' THEN 1 ELSE 2 END`,
  price_count: sql`(SELECT count(*) FROM ${courierPrices} WHERE ${courierPrices.courier_id} = ${couriers.id})`,
  created_at: sql`${couriers.created_at}`,
};

/** Searched by name, phone, e-mail, address or vehicle number (wildcards typed are literal); the id breaks ties. */
export async function listCourierRows(db: DbOrTx, query: CourierListQuery = { sort: 'courier_name', dir: 'asc' }): Promise<CourierRow[]> {
  const text = sql`lower(${couriers.courier_name} || ' ' || ${couriers.phone_number} || ' ' || coalesce(${couriers.email}, '') || ' ' || coalesce(${couriers.address}, '') || ' ' || coalesce(${couriers.vehicle_number}, ''))`;
  const where = query.q ? sql`${text} LIKE ${containsPattern(query.q.toLowerCase())}` : undefined;
  const dir = query.dir === 'asc' ? sql`ASC` : sql`DESC`;
  return db
    .select()
    .from(couriers)
    .where(where)
    .orderBy(sql`${courierSortColumns[query.sort]} ${dir}`, sql`${couriers.id} ${dir}`);
}

export async function findCourierRow(db: DbOrTx, id: number): Promise<CourierRow | undefined> {
  return (await db.select().from(couriers).where(eq(couriers.id, id)).limit(1))[0];
}

export async function listPriceRows(db: DbOrTx, courierId?: number): Promise<CourierPriceRow[]> {
  const query = db.select().from(courierPrices);
  return (courierId === undefined ? query : query.where(eq(courierPrices.courier_id, courierId))).orderBy(asc(courierPrices.courier_id), asc(sql`lower(${courierPrices.region})`), asc(courierPrices.id));
}

export async function findPriceRow(db: DbOrTx, id: number): Promise<CourierPriceRow | undefined> {
  return (await db.select().from(courierPrices).where(eq(courierPrices.id, id)).limit(1))[0];
}

export async function insertCourier(db: DbOrTx, input: CourierInput): Promise<number> {
  const [row] = await db.insert(couriers).values(input).returning({ id: couriers.id });
  return row!.id;
}

export async function updateCourier(db: DbOrTx, id: number, version: number, input: CourierInput): Promise<{ id: number }[]> {
  return updateVersioned(db, couriers, id, version, input);
}

/** Its prices go with it (ON DELETE CASCADE); orders keep the courier's name as text. */
export async function deleteCourierRow(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(couriers).where(eq(couriers.id, id)).returning({ id: couriers.id })).length > 0;
}

export async function insertPrice(db: DbOrTx, courierId: number, input: CourierPriceInput): Promise<number> {
  const [row] = await db.insert(courierPrices).values({ ...input, courier_id: courierId }).returning({ id: courierPrices.id });
  return row!.id;
}

export async function updatePrice(db: DbOrTx, id: number, version: number, input: CourierPriceInput): Promise<{ id: number }[]> {
  return updateVersioned(db, courierPrices, id, version, input);
}

export async function deletePriceRow(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(courierPrices).where(eq(courierPrices.id, id)).returning({ id: courierPrices.id })).length > 0;
}

/** A courier's active price for a district (or region-wide), with the city the courier works in (null: any). */
export interface LocalPriceCandidate {
  courier_id: number;
  courier_name: string;
  courier_notes: string | null;
  courier_city_id: number | null;
  price_id: number;
  region: string;
  district_id: number | null;
  base_price: number;
  min_price: number;
  price_notes: string | null;
}

/**
 * Active prices of active couriers for the destination district or region-wide, as one JSON array:
 * the candidates the checkout picks local options from (local-options.ts keeps those of the store's
 * city). One value, so checkout reads it inside its context statement (issue 15: one round trip less).
 */
export function localPriceCandidatesSql(districtId: number | Placeholder): SQL {
  return sql`(SELECT COALESCE(json_agg(json_build_object(
      'courier_id', c.id, 'courier_name', c.courier_name, 'courier_notes', c.notes, 'courier_city_id', c.city_id,
      'price_id', p.id, 'region', p.region, 'district_id', p.district_id, 'base_price', p.base_price, 'min_price', p.min_price,
      'price_notes', p.notes)), '[]'::json)
    FROM couriers c JOIN courier_prices p ON p.courier_id = c.id
    WHERE c.is_active AND c.status = 'active' AND p.is_active AND (p.district_id = ${districtId}::int OR p.district_id IS NULL))`;
}

/** `localPriceCandidatesSql` as a part of another feature's statement (checkout's context read, decision 075). */
export function localPriceCandidatesPart(districtId: number): StatementPart<LocalPriceCandidate[]> {
  return {
    sql: localPriceCandidatesSql(sql.placeholder('localPrices_district')),
    values: { localPrices_district: districtId },
    key: 'localPrices',
    config: true,
    // Kept across checkouts while the configuration's version holds (decision 083): frozen, so no caller changes another's.
    read: (value) => Object.freeze(readLocalPriceCandidates(value).map((candidate) => Object.freeze(candidate))) as LocalPriceCandidate[],
  };
}

export function readLocalPriceCandidates(value: unknown): LocalPriceCandidate[] {
  return ((typeof value === 'string' ? JSON.parse(value) : value) ?? []) as LocalPriceCandidate[];
}

export async function localPriceCandidates(db: DbOrTx, districtId: number): Promise<LocalPriceCandidate[]> {
  const [row] = await queryRows<{ candidates: unknown }>(db, sql`SELECT ${localPriceCandidatesSql(districtId)} AS candidates`);
  return readLocalPriceCandidates(row?.candidates);
}
