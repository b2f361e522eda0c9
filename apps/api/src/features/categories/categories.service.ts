/** Category use cases of the back office. */
import { categoryMessages, type AdminCategory, type CategoryInput, type CategoryUpdate } from '@pasar/core/categories';
import { AppError } from '@pasar/core/errors';
import type { Db } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import {
  categoryExists,
  countProductsOfCategory,
  deleteCategoryRow,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './categories.repository';

export { listCategories };

export async function createCategory(db: Db, input: CategoryInput): Promise<AdminCategory> {
  const id = await insertCategory(db, input);
  return (await findCategory(db, id))!;
}

export async function editCategory(db: Db, id: number, update: CategoryUpdate): Promise<AdminCategory> {
  const { version, ...input } = update;
  await versionedUpdateResult(await updateCategory(db, id, version, input), () => categoryExists(db, id), categoryMessages.notFound);
  return (await findCategory(db, id))!;
}

/**
 * A category that still has products (active or not) is refused: deleting it would orphan them
 * or lose them. The admin moves the products or deactivates the category instead.
 */
export async function removeCategory(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await categoryExists(tx, id))) throw new AppError('NOT_FOUND', categoryMessages.notFound);
    const count = await countProductsOfCategory(tx, id);
    if (count > 0) throw new AppError('CONFLICT', categoryMessages.hasProducts(count));
    await deleteCategoryRow(tx, id);
  });
}
