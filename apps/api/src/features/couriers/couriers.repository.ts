/** The only SQL of couriers and their regional prices. */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { CourierInput, CourierPriceInput } from '@pasar/core/couriers';
import type { DbOrTx } from '../../db/client';
import { courierPrices, couriers } from '../../db/schema';

export type CourierRow = typeof couriers.$inferSelect;
export type CourierPriceRow = typeof courierPrices.$inferSelect;

export async function listCourierRows(db: DbOrTx): Promise<CourierRow[]> {
  return db.select().from(couriers).orderBy(asc(sql`lower(${couriers.courier_name})`), asc(couriers.id));
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
  return db
    .update(couriers)
    .set({ ...input, version: sql`${couriers.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(couriers.id, id), eq(couriers.version, version)))
    .returning({ id: couriers.id });
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
  return db
    .update(courierPrices)
    .set({ ...input, version: sql`${courierPrices.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(courierPrices.id, id), eq(courierPrices.version, version)))
    .returning({ id: courierPrices.id });
}

export async function deletePriceRow(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(courierPrices).where(eq(courierPrices.id, id)).returning({ id: courierPrices.id })).length > 0;
}

/**
 * Active prices of active couriers working in the store's city (or in no city), for the
 * destination district or region-wide: the candidates the checkout picks local options from.
 */
export async function localPriceCandidates(db: DbOrTx, where: { storeCityId: number; districtId: number }) {
  return db
    .select({
      courier_id: couriers.id,
      courier_name: couriers.courier_name,
      courier_notes: couriers.notes,
      price_id: courierPrices.id,
      region: courierPrices.region,
      district_id: courierPrices.district_id,
      base_price: courierPrices.base_price,
      min_price: courierPrices.min_price,
      price_notes: courierPrices.notes,
    })
    .from(couriers)
    .innerJoin(courierPrices, eq(courierPrices.courier_id, couriers.id))
    .where(
      and(
        eq(couriers.is_active, true),
        eq(couriers.status, 'active'),
        or(eq(couriers.city_id, where.storeCityId), isNull(couriers.city_id)),
        eq(courierPrices.is_active, true),
        or(eq(courierPrices.district_id, where.districtId), isNull(courierPrices.district_id)),
      ),
    );
}
