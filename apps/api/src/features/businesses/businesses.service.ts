/** Partner business use cases (docs/requirements/back-office.md §2 Businesses, §5). */
import { AppError } from '@pasar/core/errors';
import { businessMessages, type AdminBusiness, type Business, type BusinessInput, type BusinessListQuery, type BusinessUpdate, type CertificateNumbers } from '@pasar/core/businesses';
import { partnerMessages } from '@pasar/core/partners';
import type { Db } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import type { ResolvedLocation } from './business-locations';
import {
  businessExists,
  deleteBusinessRow,
  findBusiness,
  insertBusiness,
  listAdminBusinesses,
  listPublicBusinesses,
  updateBusiness,
  updateCertificateNumbers,
} from './businesses.repository';

export { businessExists };

/** The office sees every business with what only it may read; everybody else the active ones and verified marks. */
export function listBusinesses(db: Db, query: BusinessListQuery, asAdmin: boolean): Promise<AdminBusiness[] | Business[]> {
  return asAdmin ? listAdminBusinesses(db, query) : listPublicBusinesses(db, query);
}

export type LocationResolver = (db: Db, cityId: number, districtId: number) => Promise<ResolvedLocation>;

export async function createBusiness(db: Db, input: BusinessInput, resolve: LocationResolver): Promise<AdminBusiness> {
  const names = await resolve(db, input.city_id, input.district_id);
  const id = await insertBusiness(db, { ...input, ...names });
  return (await findBusiness(db, id))!;
}

export async function editBusiness(db: Db, id: number, update: BusinessUpdate, resolve: LocationResolver): Promise<AdminBusiness> {
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

/** A partner's own certificate numbers (its business from the session, never from the request). */
export async function savePartnerCertificates(db: Db, businessId: number, numbers: CertificateNumbers): Promise<AdminBusiness['certificates']> {
  if (!(await updateCertificateNumbers(db, businessId, numbers))) throw new AppError('FORBIDDEN', partnerMessages.noBusiness);
  return (await findBusiness(db, businessId))!.certificates;
}
