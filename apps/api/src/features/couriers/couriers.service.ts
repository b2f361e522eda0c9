/** Courier and regional price use cases (docs/requirements/back-office.md §2 Couriers, §3, §5). */
import { AppError } from '@pasar/core/errors';
import { courierMessages, type Courier, type CourierInput, type CourierListQuery, type CourierPrice, type CourierPriceInput } from '@pasar/core/couriers';
import type { Db } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import type { CourierAreas } from './courier-areas';

/** The local courier prices a checkout reads inside its context statement (decision 075). */
export { localPriceCandidatesPart, type LocalPriceCandidate } from './couriers.repository';
import {
  deleteCourierRow,
  deletePriceRow,
  findCourierRow,
  findPriceRow,
  insertCourier,
  insertPrice,
  listCourierRows,
  listPriceRows,
  updateCourier,
  updatePrice,
  type CourierPriceRow,
  type CourierRow,
} from './couriers.repository';

const toPrice = (row: CourierPriceRow, names: Map<number, string>): CourierPrice => ({
  id: row.id,
  courier_id: row.courier_id,
  region: row.region,
  district_id: row.district_id,
  district_name: row.district_id === null ? null : (names.get(row.district_id) ?? null),
  base_price: row.base_price,
  price_per_km: row.price_per_km,
  min_price: row.min_price,
  max_distance_km: row.max_distance_km,
  notes: row.notes,
  is_active: row.is_active,
  version: row.version,
});

const toCourier = (row: CourierRow, prices: CourierPrice[]): Courier => ({
  id: row.id,
  courier_name: row.courier_name,
  logo: row.logo,
  type: row.type,
  status: row.status,
  phone_number: row.phone_number,
  email: row.email,
  address: row.address,
  vehicle_number: row.vehicle_number,
  license_number: row.license_number,
  city_id: row.city_id,
  notes: row.notes,
  is_active: row.is_active,
  created_at: row.created_at.toISOString(),
  version: row.version,
  price_count: prices.length,
  prices,
});

export async function listCouriers(db: Db, areas: CourierAreas, query?: CourierListQuery): Promise<Courier[]> {
  const [rows, prices, names] = await Promise.all([listCourierRows(db, query), listPriceRows(db), areas.districtNames(db)]);
  return rows.map((r) => toCourier(r, prices.filter((p) => p.courier_id === r.id).map((p) => toPrice(p, names))));
}

export async function getCourier(db: Db, id: number, areas: CourierAreas): Promise<Courier> {
  const row = await findCourierRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', courierMessages.notFound);
  const names = await areas.districtNames(db);
  return toCourier(row, (await listPriceRows(db, id)).map((p) => toPrice(p, names)));
}

export async function listCourierPrices(db: Db, courierId: number, areas: CourierAreas): Promise<CourierPrice[]> {
  return (await getCourier(db, courierId, areas)).prices;
}

export async function createCourier(db: Db, input: CourierInput, areas: CourierAreas): Promise<Courier> {
  await areas.checkCity(db, input.city_id);
  return getCourier(db, await insertCourier(db, input), areas);
}

export async function editCourier(db: Db, id: number, update: CourierInput & { version: number }, areas: CourierAreas): Promise<Courier> {
  const { version, ...input } = update;
  if (!(await findCourierRow(db, id))) throw new AppError('NOT_FOUND', courierMessages.notFound);
  await areas.checkCity(db, input.city_id);
  await versionedUpdateResult(await updateCourier(db, id, version, input), async () => Boolean(await findCourierRow(db, id)), courierMessages.notFound);
  return getCourier(db, id, areas);
}

export async function removeCourier(db: Db, id: number): Promise<void> {
  if (!(await deleteCourierRow(db, id))) throw new AppError('NOT_FOUND', courierMessages.notFound);
}

async function priceView(db: Db, id: number, areas: CourierAreas): Promise<CourierPrice> {
  const row = await findPriceRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', courierMessages.priceNotFound);
  return toPrice(row, await areas.districtNames(db));
}

export async function createCourierPrice(db: Db, input: CourierPriceInput & { courier_id: number }, areas: CourierAreas): Promise<CourierPrice> {
  const { courier_id, ...price } = input;
  if (!(await findCourierRow(db, courier_id))) throw new AppError('NOT_FOUND', courierMessages.notFound);
  await areas.checkDistrict(db, price.district_id);
  return priceView(db, await insertPrice(db, courier_id, price), areas);
}

export async function editCourierPrice(db: Db, id: number, update: CourierPriceInput & { version: number }, areas: CourierAreas): Promise<CourierPrice> {
  const { version, ...input } = update;
  if (!(await findPriceRow(db, id))) throw new AppError('NOT_FOUND', courierMessages.priceNotFound);
  await areas.checkDistrict(db, input.district_id);
  await versionedUpdateResult(await updatePrice(db, id, version, input), async () => Boolean(await findPriceRow(db, id)), courierMessages.priceNotFound);
  return priceView(db, id, areas);
}

export async function removeCourierPrice(db: Db, id: number): Promise<void> {
  if (!(await deletePriceRow(db, id))) throw new AppError('NOT_FOUND', courierMessages.priceNotFound);
}
