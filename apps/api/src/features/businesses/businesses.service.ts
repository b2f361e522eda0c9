/** Partner business use cases (docs/requirements/back-office.md §2 Businesses, §5). */
import { AppError } from '@pasar/core/errors';
import { businessMessages, type Business, type BusinessInput, type BusinessUpdate } from '@pasar/core/businesses';
import type { Db } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import type { ResolvedLocation } from './business-locations';
import { businessExists, deleteBusinessRow, findBusiness, insertBusiness, listBusinesses, updateBusiness } from './businesses.repository';

export { listBusinesses };

export type LocationResolver = (db: Db, cityId: number, districtId: number) => Promise<ResolvedLocation>;

export async function createBusiness(db: Db, input: BusinessInput, resolve: LocationResolver): Promise<Business> {
  const names = await resolve(db, input.city_id, input.district_id);
  const id = await insertBusiness(db, { ...input, ...names });
  return (await findBusiness(db, id))!;
}

export async function editBusiness(db: Db, id: number, update: BusinessUpdate, resolve: LocationResolver): Promise<Business> {
  const { version, ...input } = update;
  if (!(await businessExists(db, id))) throw new AppError('NOT_FOUND', businessMessages.notFound);
  const names = await resolve(db, input.city_id, input.district_id);
  await versionedUpdateResult(await updateBusiness(db, id, version, { ...input, ...names }), () => businessExists(db, id), businessMessages.notFound);
  return (await findBusiness(db, id))!;
}

/**
 * Deleting a business keeps its products (they lose the link, schema: ON DELETE SET NULL); the
 * order history keeps product names as sold. The admin is told how many products it had.
 */
export async function removeBusiness(db: Db, id: number): Promise<{ unlinked_products: number; message: string }> {
  const result = await deleteBusinessRow(db, id);
  if (!result) throw new AppError('NOT_FOUND', businessMessages.notFound);
  return { unlinked_products: result.unlinked_products, message: businessMessages.deletedWithProducts(result.unlinked_products) };
}
